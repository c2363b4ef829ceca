import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { loadCorpus } from '../src/app/corpus.js'
import { nodeVault } from '../src/adapters/node-vault.js'
import { DEFAULT_CONFIG } from '../src/core/config.js'
import { isNotePath } from '../src/core/corpus.js'
import { contradictions } from '../src/core/hygiene/contradictions.js'
import { deadLinks } from '../src/core/hygiene/dead-links.js'
import { hygiene } from '../src/core/hygiene/index.js'
import { reviewOverdue, stale } from '../src/core/hygiene/review-dates.js'
import { buildTargetIndex } from '../src/core/links/resolve.js'
import type { Finding } from '../src/core/types.js'
import { exactAllPairs, lshPairs, nearDuplicates, shingleNote, type ShingledNote, type SimilarPair } from '../src/core/hygiene/near-duplicates.js'
import { parseLog } from '../src/core/log/parse.js'
import { replay } from '../src/core/replay.js'
import { leitner } from '../src/core/schedulers/leitner.js'
import { nearCopy, noteText, planCorpus, writeCorpus, writeLog } from './generate.js'

// `npm run bench` (after `vite build --mode cli`): builds a large synthetic corpus in a temp
// folder and prints, each the median of several runs, how long the expensive operations take
// beside their floor (the least any implementation must spend) and the targets.
//   --notes N  --items N  --reviews N   size of the corpus (10,000 / 30,000 / 1,000,000)
//   --keep                              leave the temp folder in place
// A "cold" run is a fresh node process: no JIT warm-up and no scan cache. The OS page cache is
// warm (the files were just written); dropping it needs root and would slow every other
// process on the machine, so the figures are for a corpus the system has read recently.

const TODAY = '2026-11-30'
const SEED = 20261130
const CHEAP_RUNS = 5
const EXPENSIVE_RUNS = 3
/** A sweep slower than this is reported as such rather than waited for. */
const HYGIENE_TIMEOUT_MS = 180_000

interface Options {
  notes: number
  items: number
  reviews: number
  keep: boolean
}

// ---------------------------------------------------------------- child processes: one cold measurement each

interface ChildResult {
  ms: number
  /** User + system CPU time of the measured part: less sensitive than wall time to a busy machine. */
  cpuMs: number
  maxRssMb: number
  detail: string
}

const maxRssMb = (): number => process.resourceUsage().maxRSS / 1024
const cpuSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

async function runChild(kind: string, dir: string): Promise<ChildResult> {
  if (kind === 'hygiene') {
    // Loading is not part of the sweep: load, then time the offline checks alone.
    const corpus = await loadCorpus(nodeVault(dir))
    const start = performance.now()
    const cpu = process.cpuUsage()
    const findings = hygiene({ notes: corpus.notes, files: corpus.files, texts: corpus.texts, config: corpus.config, today: TODAY })
    const ms = performance.now() - start
    const cpuMs = cpuSince(cpu)
    const rules = new Map<string, number>()
    for (const finding of findings) {
      const key = typeof finding['reason'] === 'string' ? `${finding.rule} (${finding['reason']})` : finding.rule
      rules.set(key, (rules.get(key) ?? 0) + 1)
    }
    const deadLink = findings.find((finding) => finding.rule === 'dead-link')
    const example = deadLink ? `; e.g. ${deadLink.file}:${deadLink.line} ${deadLink.message}` : ''
    return { ms, cpuMs, maxRssMb: maxRssMb(), detail: `${[...rules].map(([rule, n]) => `${rule} ${number(n)}`).join(', ') || 'no findings'}${example}` }
  }
  if (kind.startsWith('check:')) {
    // One check of the sweep alone, to show where a slow sweep spends its time.
    const corpus = await loadCorpus(nodeVault(dir))
    const notes = corpus.notes.filter((note) => isNotePath(note.path))
    const checks: Record<string, () => Finding[]> = {
      'dead-links': () => deadLinks(notes, buildTargetIndex(corpus.files, corpus.notes)).findings,
      'near-duplicates': () =>
        nearDuplicates(
          notes.map((note) => ({ path: note.path, text: corpus.texts.get(note.path) ?? '' })),
          corpus.config.hygiene.nearDuplicate,
        ),
      contradictions: () => contradictions(notes, corpus.texts),
      'review dates': () => [...reviewOverdue(notes, TODAY), ...stale(notes, TODAY, corpus.config.hygiene.staleDays)],
    }
    const check = checks[kind.slice('check:'.length)]
    if (!check) throw new Error(`unknown check ${kind}`)
    const start = performance.now()
    const cpu = process.cpuUsage()
    const findings = check()
    return { ms: performance.now() - start, cpuMs: cpuSince(cpu), maxRssMb: maxRssMb(), detail: `${number(findings.length)} findings` }
  }
  const start = performance.now()
  const cpu = process.cpuUsage()
  if (kind === 'index') {
    const corpus = await loadCorpus(nodeVault(dir))
    const ms = performance.now() - start
    const items = corpus.notes.reduce((sum, note) => sum + note.items.length, 0)
    return { ms, cpuMs: cpuSince(cpu), maxRssMb: maxRssMb(), detail: `${number(corpus.notes.length)} notes, ${number(items)} items` }
  }
  if (kind === 'floor') {
    // The least an index must do: list the folder, read every file, one regex pass over each.
    let files = 0
    let matches = 0
    const pattern = /^(?:=+ |:[\w-]+:|\[\[[\w-]+\]\]|\* |\[qanda\])|xref:[^[\s]+\[|<<[^>]+>>/gm
    for (const path of listFiles(dir)) {
      const text = readFileSync(path, 'utf8')
      files++
      matches += text.match(pattern)?.length ?? 0
    }
    return { ms: performance.now() - start, cpuMs: cpuSince(cpu), maxRssMb: maxRssMb(), detail: `${number(files)} files, ${number(matches)} matches` }
  }
  if (kind === 'full') {
    // What `notekeeper replay` does: load everything (notes and log), replay under Leitner.
    const corpus = await loadCorpus(nodeVault(dir))
    const declared = corpus.notes.flatMap((note) => note.items.map((item) => item.id))
    const state = replay({ reviews: corpus.log.reviews, declared, previous: null, today: TODAY, scheduler: leitner() })
    const ms = performance.now() - start
    return { ms, cpuMs: cpuSince(cpu), maxRssMb: maxRssMb(), detail: `${number(Object.keys(state).length)} state entries from ${number(corpus.log.reviews.length)} reviews` }
  }
  throw new Error(`unknown child measurement ${kind}`)
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** One measurement in a fresh process; null when it ran past `timeoutMs`. */
function spawnMeasurement(kind: string, dir: string, timeoutMs = 600_000): ChildResult | null {
  const script = process.argv[1] ?? ''
  const child = spawnSync(process.execPath, [...process.execArgv, script, '--child', kind, dir], { encoding: 'utf8', maxBuffer: 1 << 20, timeout: timeoutMs })
  if (child.error && (child.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return null
  const last = child.stdout.trim().split('\n').pop() ?? ''
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`the ${kind} measurement failed (exit ${child.status}): ${child.stderr}`)
  return JSON.parse(last) as ChildResult
}

/** `runs` fresh-process measurements; stops early when one times out (the rest would too). */
function coldRuns(kind: string, dir: string, runs: number, timeoutMs?: number): { results: ChildResult[]; timedOut: boolean } {
  const results: ChildResult[] = []
  for (let run = 0; run < runs; run++) {
    const result = spawnMeasurement(kind, dir, timeoutMs)
    if (result === null) return { results, timedOut: true }
    results.push(result)
  }
  return { results, timedOut: false }
}

// ---------------------------------------------------------------- in-process timing

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
}

async function timed<T>(runs: number, work: () => T | Promise<T>): Promise<{ ms: number; cpuMs: number; result: T }> {
  const times: number[] = []
  const cpuTimes: number[] = []
  let result: T | undefined
  for (let run = 0; run < runs; run++) {
    collectGarbage()
    const start = performance.now()
    const cpu = process.cpuUsage()
    result = await work()
    times.push(performance.now() - start)
    cpuTimes.push(cpuSince(cpu))
  }
  return { ms: median(times), cpuMs: median(cpuTimes), result: result as T }
}

// ---------------------------------------------------------------- printing

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
const number = (n: number): string => n.toLocaleString('en-US')
const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED')
const ratio = (value: number, floor: number): string => `${(value / Math.max(floor, 0.001)).toFixed(1)}×`

function row(name: string, value: string, cpu: string, floor: string, ratio: string, target: string, ok: string): void {
  console.log(`${name.padEnd(42)}${value.padStart(9)}${cpu.padStart(9)}${floor.padStart(9)}${ratio.padStart(8)}   ${target.padEnd(10)}${ok}`)
}

// ---------------------------------------------------------------- the near-duplicate step: LSH against exact all-pairs

interface Planted {
  source: number
  copy: number
  fraction: number
}

async function nearDuplicateStep(seed: number): Promise<void> {
  const plan = planCorpus({ notes: 1000, items: 3000 })
  const texts = plan.map((note) => ({ path: note.path, text: noteText(note, plan, seed) }))
  const planted: Planted[] = []
  for (const [k, fraction] of [0.05, 0.15].entries()) {
    for (let i = 0; i < 20; i++) {
      const source = (k * 20 + i) * 23 + 5
      const original = texts[source]
      if (!original) continue
      planted.push({ source, copy: texts.length, fraction })
      texts.push({ path: `reference/copies/copy-${k}-${i}.adoc`, text: nearCopy(original.text, fraction, seed + source) })
    }
  }
  const threshold = DEFAULT_CONFIG.hygiene.nearDuplicate
  const shingling = await timed(CHEAP_RUNS, () => texts.map((note) => shingleNote(note.path, note.text)))
  const shingled: ShingledNote[] = shingling.result
  const lsh = await timed(CHEAP_RUNS, () => lshPairs(shingled, threshold))
  const exact = await timed(EXPENSIVE_RUNS, () => exactAllPairs(shingled, threshold))
  const found = (pairs: readonly SimilarPair[]): Set<string> => new Set(pairs.map(({ a, b }) => `${Math.min(a, b)}:${Math.max(a, b)}`))
  const lshFound = found(lsh.result)
  const exactFound = found(exact.result)
  const recall = (pairs: Set<string>, fraction: number): string => {
    const wanted = planted.filter((p) => p.fraction === fraction)
    return `${wanted.filter((p) => pairs.has(`${p.source}:${p.copy}`)).length}/${wanted.length}`
  }
  const agreed = [...exactFound].filter((pair) => lshFound.has(pair)).length
  console.log(`\nnear-duplicates on ${number(texts.length)} notes (1,000 + 20 copies with 5 % and 20 with 15 % of words changed), threshold ${threshold}:`)
  row('  shingling (word 3-shingles)', seconds(shingling.ms), seconds(shingling.cpuMs), '', '', '', '')
  row('  MinHash + LSH, then exact Jaccard', seconds(lsh.ms), seconds(lsh.cpuMs), '', '', '', '')
  row('  exact all-pairs (ratio: to LSH)', seconds(exact.ms), seconds(exact.cpuMs), '', ratio(exact.ms, lsh.ms), '', '')
  console.log(`  recall of the planted copies   LSH: 5 % ${recall(lshFound, 0.05)}, 15 % ${recall(lshFound, 0.15)}   exact: 5 % ${recall(exactFound, 0.05)}, 15 % ${recall(exactFound, 0.15)}`)
  console.log(`  LSH found ${agreed} of the ${exactFound.size} pairs exact all-pairs found (${lshFound.size - agreed} others)`)
}

// ---------------------------------------------------------------- main

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { notes: 10_000, items: 30_000, reviews: 1_000_000, keep: false }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = Number(argv[i + 1])
    if (flag === '--keep') options.keep = true
    else if ((flag === '--notes' || flag === '--items' || flag === '--reviews') && Number.isInteger(value) && value > 0) {
      options[flag.slice(2) as 'notes' | 'items' | 'reviews'] = value
      i++
    } else throw new Error(`unknown option ${flag} (use --notes N, --items N, --reviews N, --keep)`)
  }
  return options
}

async function main(options: Options): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'notekeeper-bench-'))
  const corpusDir = join(root, 'corpus')
  const logFile = join(root, 'log.jsonl')
  try {
    console.log(`Notekeeper benchmark: node ${process.version}, ${process.platform} ${process.arch}, ${cpus().length} CPUs; median of ${CHEAP_RUNS} runs (cheap) or ${EXPENSIVE_RUNS} (expensive)`)
    const generation = performance.now()
    const corpus = writeCorpus(corpusDir, { notes: options.notes, items: options.items }, SEED)
    const logBytes = writeLog(logFile, corpus.items, options.reviews, '2026-11-29', 3 * 365, SEED + 1)
    console.log(
      `corpus: ${number(corpus.notes)} notes (${(corpus.bytes / 1e6).toFixed(1)} MB, ${(corpus.bytes / corpus.notes / 1000).toFixed(1)} KB each), ` +
        `${number(corpus.items.length)} items, ${number(options.reviews)} reviews (${(logBytes / 1e6).toFixed(1)} MB), ` +
        `generated in ${seconds(performance.now() - generation)} in ${root}`,
    )
    console.log('cold = a fresh node process per run (no JIT warm-up, no scan cache); OS page cache warm')
    console.log('wall = elapsed time (the figure the targets apply to); cpu = user + system time of the process\n')
    row('measure', 'wall', 'cpu', 'floor', 'ratio', 'target', '')

    // Index, notes only: the log is not in the corpus yet, so this is the scan of the notes.
    const index = coldRuns('index', corpusDir, EXPENSIVE_RUNS).results
    const indexFloor = coldRuns('floor', corpusDir, CHEAP_RUNS).results
    const indexMs = median(index.map((r) => r.ms))
    const indexFloorMs = median(indexFloor.map((r) => r.ms))
    row('cold index: loadCorpus(nodeVault)', seconds(indexMs), seconds(median(index.map((r) => r.cpuMs))), seconds(indexFloorMs), ratio(indexMs, indexFloorMs), '≤ 3 s', verdict(indexMs <= 3000))

    // Replay, in this process, from the log's text (reading the file is not part of it).
    const logText = readFileSync(logFile, 'utf8')
    const replayRun = await timed(EXPENSIVE_RUNS, () => {
      const { reviews } = parseLog(logText)
      return replay({ reviews, declared: corpus.items, previous: null, today: TODAY, scheduler: leitner() })
    })
    const replayFloor = await timed(CHEAP_RUNS, () => {
      let parsed = 0
      for (const line of logText.split('\n')) if (line !== '') parsed += JSON.parse(line) === null ? 0 : 1
      return parsed
    })
    row('replay: parseLog + replay (Leitner)', seconds(replayRun.ms), seconds(replayRun.cpuMs), seconds(replayFloor.ms), ratio(replayRun.ms, replayFloor.ms), '≤ 1.5 s', verdict(replayRun.ms <= 1500))
    // Where replay's time goes: the parse alone, then the fold alone on already parsed reviews.
    const parseOnly = await timed(EXPENSIVE_RUNS, () => parseLog(logText))
    const foldOnly = await timed(EXPENSIVE_RUNS, () =>
      replay({ reviews: parseOnly.result.reviews, declared: corpus.items, previous: null, today: TODAY, scheduler: leitner() }),
    )
    row('  of which parseLog', seconds(parseOnly.ms), seconds(parseOnly.cpuMs), seconds(replayFloor.ms), ratio(parseOnly.ms, replayFloor.ms), '', '')
    row('  of which replay (the fold)', seconds(foldOnly.ms), seconds(foldOnly.cpuMs), '', '', '', '')

    // The whole of `notekeeper replay` in a fresh process, the log now in place: time and peak memory.
    mkdirSync(join(corpusDir, 'internalise/.srs'), { recursive: true })
    renameSync(logFile, join(corpusDir, 'internalise/.srs/log.jsonl'))
    const full = coldRuns('full', corpusDir, EXPENSIVE_RUNS).results
    const peak = Math.max(...full.map((r) => r.maxRssMb), ...index.map((r) => r.maxRssMb))
    row('load notes + log, replay (fresh process)', seconds(median(full.map((r) => r.ms))), seconds(median(full.map((r) => r.cpuMs))), '', '', '', '')
    row('peak memory (maxRSS of those processes)', `${peak.toFixed(0)} MB`, '', '', '', '< 500 MB', verdict(peak < 500))

    // The offline hygiene sweep, timed after the corpus is loaded, in a fresh process per run.
    const sweep = coldRuns('hygiene', corpusDir, EXPENSIVE_RUNS, HYGIENE_TIMEOUT_MS)
    if (sweep.results.length === 0) {
      row('hygiene sweep (offline)', `> ${seconds(HYGIENE_TIMEOUT_MS)}`, '', '', '', '≤ 3 s', 'MISSED (stopped)')
    } else {
      const sweepMs = median(sweep.results.map((r) => r.ms))
      const runs = sweep.timedOut ? ` (${sweep.results.length} run; the next ran past ${seconds(HYGIENE_TIMEOUT_MS)})` : ''
      row('hygiene sweep (offline)', seconds(sweepMs), seconds(median(sweep.results.map((r) => r.cpuMs))), '', '', '≤ 3 s', `${verdict(sweepMs <= 3000)}${runs}`)
      console.log(`  findings: ${sweep.results[0]?.detail}`)
    }
    if (sweep.results.length === 0 || median(sweep.results.map((r) => r.ms)) > 3000) {
      // One fresh process per check, once each: where the sweep's time goes.
      for (const check of ['dead-links', 'near-duplicates', 'contradictions', 'review dates']) {
        const result = spawnMeasurement(`check:${check}`, corpusDir, HYGIENE_TIMEOUT_MS)
        if (result) row(`  of which ${check} (1 run)`, seconds(result.ms), seconds(result.cpuMs), '', '', '', result.detail)
        else row(`  of which ${check} (1 run)`, `> ${seconds(HYGIENE_TIMEOUT_MS)}`, '', '', '', '', 'stopped')
      }
    }
    console.log(`  index: ${index[0]?.detail}; floor: ${indexFloor[0]?.detail}; replay: ${full[0]?.detail}`)

    await nearDuplicateStep(SEED)
  } finally {
    if (options.keep) console.log(`\nkept ${root}`)
    else rmSync(root, { recursive: true, force: true })
  }
}

const argv = process.argv.slice(2)
if (argv[0] === '--child') {
  const result = await runChild(argv[1] ?? '', argv[2] ?? '.')
  console.log(JSON.stringify(result))
} else {
  await main(parseOptions(argv))
}
