import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { performance } from 'node:perf_hooks'
import { nodeVault } from '../src/adapters/node-vault.js'
import { loadCorpus } from '../src/app/load-corpus.js'
import { readLogAndMark } from '../src/app/log-mark.js'
import { readNoteTexts } from '../src/app/note-texts.js'
import { scanNote, scanNoteFully } from '../src/core/asciidoc/scan.js'
import { scanSimpleNote } from '../src/core/asciidoc/simple-note.js'
import { DEFAULT_CONFIG } from '../src/core/config.js'
import { isNotePath, isVisibleAdoc, STATE_PATH } from '../src/core/corpus.js'
import { contradictions } from '../src/core/hygiene/contradictions.js'
import { deadLinks } from '../src/core/hygiene/dead-links.js'
import { hygiene } from '../src/core/hygiene/index.js'
import { nearDuplicates } from '../src/core/hygiene/near-duplicates.js'
import { proseOf } from '../src/core/hygiene/prose.js'
import { reviewOverdue, stale } from '../src/core/hygiene/review-dates.js'
import { buildTargetIndex } from '../src/core/links/resolve.js'
import { parseState } from '../src/core/state.js'
import type { Finding } from '../src/core/types.js'
import { cpuSince, maxRssMb, number, seconds } from './measure.js'
import { type ChildResult, MEMORY_KINDS, runMemoryChild, TODAY } from './memory-steps.js'
import { cliHygieneChild } from './real-step.js'
import { logReadChild } from './replay-step.js'
import { warmChild } from './warm-step.js'

// Cold measurements: the benchmark runs its own bundle again as `--child KIND DIR`, so that each
// run starts in a fresh process (no JIT warm-up, no cache) and reports one JSON line.

export { type ChildResult, TODAY }

export async function runChild(kind: string, dir: string): Promise<ChildResult> {
  if (kind === 'cli-hygiene') return cliHygieneChild(dir)
  if (kind.startsWith('warm:')) return warmChild(kind, dir)
  if (kind === 'hygiene') {
    // Loading is not part of the sweep: load, then time the offline checks alone.
    const corpus = await loadCorpus(nodeVault(dir))
    const texts = await noteTexts(dir, corpus.notes)
    const start = performance.now()
    const cpu = process.cpuUsage()
    const findings = hygiene({
      notes: corpus.notes,
      files: corpus.files,
      texts,
      config: corpus.config,
      today: TODAY,
    })
    const ms = performance.now() - start
    const cpuMs = cpuSince(cpu)
    const rules = new Map<string, number>()
    for (const finding of findings) {
      const key = typeof finding['reason'] === 'string' ? `${finding.rule} (${finding['reason']})` : finding.rule
      rules.set(key, (rules.get(key) ?? 0) + 1)
    }
    const deadLink = findings.find(finding => finding.rule === 'dead-link')
    const example = deadLink ? `; e.g. ${deadLink.file}:${deadLink.line} ${deadLink.message}` : ''
    return {
      ms,
      cpuMs,
      maxRssMb: maxRssMb(),
      detail: `${[...rules].map(([rule, n]) => `${rule} ${number(n)}`).join(', ') || 'no findings'}${example}`,
    }
  }
  if (kind.startsWith('check:')) {
    // One check of the sweep alone, to show where a slow sweep spends its time.
    const corpus = await loadCorpus(nodeVault(dir))
    const texts = await noteTexts(dir, corpus.notes)
    const notes = corpus.notes.filter(note => isNotePath(note.path))
    const checks: Record<string, () => Finding[]> = {
      'dead-links': () => deadLinks(notes, buildTargetIndex(corpus.files, corpus.notes)).findings,
      'near-duplicates': () =>
        nearDuplicates(
          notes.map(note => ({ path: note.path, prose: proseOf(note, texts.get(note.path) ?? '') })),
          corpus.config.hygiene.nearDuplicate,
        ),
      contradictions: () => contradictions(notes, texts),
      'review dates': () => [...reviewOverdue(notes, TODAY), ...stale(notes, TODAY, corpus.config.hygiene.staleDays)],
    }
    const check = checks[kind.slice('check:'.length)]
    if (!check) throw new Error(`unknown check ${kind}`)
    const start = performance.now()
    const cpu = process.cpuUsage()
    const findings = check()
    return {
      ms: performance.now() - start,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail: `${number(findings.length)} findings`,
    }
  }
  const start = performance.now()
  const cpu = process.cpuUsage()
  if (kind === 'index') {
    const corpus = await loadCorpus(nodeVault(dir))
    // Every note's items read, as practice and replay read them, inside the clock: a packed
    // model decodes them only now, and the warm index (warm-step.ts) counts the same reads.
    const items = corpus.notes.reduce((sum, note) => sum + note.items.length, 0)
    const ms = performance.now() - start
    return {
      ms,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail: `${number(corpus.notes.length)} notes, ${number(items)} items`,
    }
  }
  if (kind === 'index:read') {
    // Where the index's time goes: its listing and note reads alone, through the same vault.
    const vault = nodeVault(dir)
    const notes = (await vault.list()).filter(isVisibleAdoc)
    let chars = 0
    const readAll = async (): Promise<void> => {
      for (const path of notes) chars += (await vault.read(path))?.length ?? 0
    }
    await (vault.readBatch ? vault.readBatch(readAll) : readAll())
    return {
      ms: performance.now() - start,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail: `${number(notes.length)} notes, ${number(chars)} characters`,
    }
  }
  if (kind === 'index:log') {
    // ... the review log alone, read and marked as the loader reads it.
    const { log } = await readLogAndMark(nodeVault(dir), DEFAULT_CONFIG.aliases)
    return {
      ms: performance.now() - start,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail: `${number(log.size)} reviews`,
    }
  }
  if (kind === 'index:state') {
    // ... and state.json, read and parsed (the loader parses it only when a command asks).
    const text = await nodeVault(dir).read(STATE_PATH)
    const parsed = parseState(text)
    return {
      ms: performance.now() - start,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail: `${number(text?.length ?? 0)} characters, ${'state' in parsed ? number(Object.keys(parsed.state).length) : 0} entries`,
    }
  }
  if (kind === 'scan') {
    // Where the index's time goes: the scanner alone, over texts read before the clock starts.
    const texts = listFiles(dir)
      .filter(path => path.endsWith('.adoc'))
      .map(path => ({ path: relative(dir, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }))
    const scanStart = performance.now()
    const scanCpu = process.cpuUsage()
    let items = 0
    for (const { path, text } of texts) items += scanNote(path, text).items.length
    const ms = performance.now() - scanStart
    const cpuMs = cpuSince(scanCpu)
    // The same texts again in this process: the scanner's code is compiled by now, so what the
    // first pass took beyond this is the JIT's tier-up (its compiler runs on another thread, while
    // the first notes are scanned by the interpreter and the baseline code).
    const againStart = performance.now()
    for (const { path, text } of texts) scanNote(path, text)
    const againMs = performance.now() - againStart
    return { ms, cpuMs, maxRssMb: maxRssMb(), detail: `${number(texts.length)} notes, ${number(items)} items`, againMs }
  }
  if (kind === 'scan-phases') {
    // Which reading each note took, one fresh process: the simple path (scanSimpleNote) where it
    // answers, else the full walker, each timed on its own (texts read before the clock starts).
    // A corpus written with other constructs than Notekeeper's few falls back, and says so here.
    const texts = listFiles(dir)
      .filter(path => path.endsWith('.adoc'))
      .map(path => ({ path: relative(dir, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }))
    const spent = { simple: 0, full: 0 }
    let simple = 0
    const start = performance.now()
    const cpu = process.cpuUsage()
    for (const { path, text } of texts) {
      const t0 = performance.now()
      const model = scanSimpleNote(path, text)
      const t1 = performance.now()
      spent.simple += t1 - t0
      if (model !== null) simple++
      else {
        scanNoteFully(path, text)
        spent.full += performance.now() - t1
      }
    }
    return {
      ms: performance.now() - start,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail:
        `the simple path read ${number(simple)} of ${number(texts.length)} notes (${seconds(spent.simple)}, refusals included), ` +
        `the full walker ${number(texts.length - simple)} (${seconds(spent.full)})`,
    }
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
    return {
      ms: performance.now() - start,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail: `${number(files)} files, ${number(matches)} matches`,
    }
  }
  if (MEMORY_KINDS.has(kind)) return runMemoryChild(kind, dir)
  if (kind === 'log-read' || kind === 'log-warm' || kind === 'log-bytes') return logReadChild(kind, dir)
  throw new Error(`unknown child measurement ${kind}`)
}

/** The texts the sweep compares, read as `runHygiene` reads them (outside the timed part). */
function noteTexts(dir: string, notes: readonly { path: string }[]): Promise<Map<string, string>> {
  return readNoteTexts(
    nodeVault(dir),
    notes.map(note => note.path),
  )
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name))
}

/** What went wrong in a child: its error's first lines, not the whole stack. */
export class ChildFailure extends Error {}

/** One measurement in a fresh process; null when it ran past `timeoutMs`; throws ChildFailure when the child failed. */
export function spawnMeasurement(kind: string, dir: string, timeoutMs = 600_000): ChildResult | null {
  const script = process.argv[1] ?? ''
  // A memory measurement runs from its lean entry, beside this script (bench/memory-steps.ts).
  const args = MEMORY_KINDS.has(kind)
    ? [join(dirname(script), 'memory-child.js'), kind, dir]
    : [script, '--child', kind, dir]
  const child = spawnSync(process.execPath, [...process.execArgv, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    timeout: timeoutMs,
  })
  if (child.error && (child.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return null
  const last = child.stdout.trim().split('\n').pop() ?? ''
  if (child.status !== 0 || !last.startsWith('{')) {
    const error =
      child.stderr.split('\n').find(line => /^\w*Error\b/.test(line)) ?? child.stderr.trim().split('\n')[0] ?? ''
    // The first frame in code (not a built-in such as `Set.add (<anonymous>)`) says where it broke.
    const at = child.stderr.split('\n').find(line => /^\s*at .*\.js:\d+/.test(line) && !line.includes('node:')) ?? ''
    throw new ChildFailure(`the ${kind} measurement failed (exit ${child.status}): ${error} ${at.trim()}`)
  }
  return JSON.parse(last) as ChildResult
}

/** `runs` fresh-process measurements; stops early when one times out or fails (the rest would too). */
type Runs = { results: ChildResult[]; timedOut: boolean; failure?: string }

/**
 * Runs of measurements that are compared with each other (a row and its floor), taken in turns:
 * one of each kind a round, until each has its count. On this shared machine the load moves
 * within minutes, and a block of one kind's runs, then a block of the other's, compared two
 * different hours; in turns, both medians see the same ones. A kind that fails or times out is
 * not run again; the others go on.
 */
export function interleavedRuns(kinds: readonly { kind: string; runs: number }[], dir: string): Map<string, Runs> {
  const out = new Map<string, Runs>(kinds.map(({ kind }) => [kind, { results: [], timedOut: false }]))
  const rounds = Math.max(0, ...kinds.map(k => k.runs))
  for (let round = 0; round < rounds; round++)
    for (const { kind, runs } of kinds) {
      const done = out.get(kind) as Runs
      if (round >= runs || done.timedOut || done.failure !== undefined) continue
      try {
        const result = spawnMeasurement(kind, dir)
        if (result === null) done.timedOut = true
        else done.results.push(result)
      } catch (error) {
        if (!(error instanceof ChildFailure)) throw error
        done.failure = error.message
      }
    }
  return out
}

export function coldRuns(
  kind: string,
  dir: string,
  runs: number,
  timeoutMs?: number,
): { results: ChildResult[]; timedOut: boolean; failure?: string } {
  const results: ChildResult[] = []
  for (let run = 0; run < runs; run++) {
    let result: ChildResult | null
    try {
      result = spawnMeasurement(kind, dir, timeoutMs)
    } catch (error) {
      if (error instanceof ChildFailure) return { results, timedOut: false, failure: error.message }
      throw error
    }
    if (result === null) return { results, timedOut: true }
    results.push(result)
  }
  return { results, timedOut: false }
}
