import { mkdirSync, renameSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { cliStep } from './cli-step.js'
import { ChildFailure, type ChildResult, coldRuns, interleavedRuns, runChild, spawnMeasurement, TODAY } from './cold.js'
import { writeCorpus, writeLog } from './generate.js'
import { gradeStep } from './grade-step.js'
import { CHEAP_RUNS, EXPENSIVE_RUNS, median, number, ratio, row, seconds, verdict } from './measure.js'
import { nearDuplicateStep } from './near-duplicate-step.js'
import { pluginStep } from './plugin-step.js'
import { realCorpusStep } from './real-step.js'
import { reindexStep } from './reindex-step.js'
import { memoryStep, replayStep } from './replay-step.js'
import { temporaryFolder } from './temporary-folder.js'
import { warmStep } from './warm-step.js'

// `npm run bench` (after `vite build --mode cli`): builds a large synthetic corpus in a temp
// folder and prints, each the median of several runs, how long the expensive operations take
// beside their floor (the least any implementation must spend) and the targets.
//   --notes N  --items N  --reviews N   size of the corpus (10,000 / 30,000 / 1,000,000)
//   --keep                              leave the temp folder in place
//   --real-only                         only the real-text step (the real corpus + generated notes)
//   --only index                        only the cold index rows (and their floor), with the warm index
//   --only warm                         only the warm index rows (the scan cache, bench/warm-step.ts)
//   --only plugin                       only the plugin's start-up (bench/plugin-step.ts)
//   --only replay                       only the log's rows: replay and peak memory (bench/replay-step.ts)
//   --only snapshot                     only the long-lived process rows: grade → next prompt, re-index after one edit
//   --only grade [--corpus DIR]         only grade → next prompt; on DIR (a corpus with its log, which the
//                                       grades append to: use a copy) instead of a generated one
// A "cold" run is a fresh node process: no JIT warm-up and no scan cache. The OS page cache is
// warm (the files were just written); dropping it needs root and would slow every other
// process on the machine, so the figures are for a corpus the system has read recently.

const SEED = 20261130
/** A sweep slower than this is reported as such rather than waited for. */
const HYGIENE_TIMEOUT_MS = 180_000

interface Options {
  notes: number
  items: number
  reviews: number
  keep: boolean
  realOnly: boolean
  /** Run only these rows (`index`, `warm`, `plugin`, `replay`, `snapshot`, `grade`), or every row when null. */
  only: string | null
  /** An existing corpus (with its log) for `--only grade`, instead of generating one. */
  corpus: string | null
}

// ---------------------------------------------------------------- main

function parseOptions(argv: readonly string[]): Options {
  const options: Options = {
    notes: 10_000,
    items: 30_000,
    reviews: 1_000_000,
    keep: false,
    realOnly: false,
    only: null,
    corpus: null,
  }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = Number(argv[i + 1])
    if (flag === '--keep') options.keep = true
    else if (flag === '--only' && (argv[i + 1] === 'snapshot' || argv[i + 1] === 'grade'))
      options.only = argv[++i] ?? null
    else if (flag === '--corpus' && argv[i + 1] !== undefined) options.corpus = argv[++i] ?? null
    else if (flag === '--real-only') options.realOnly = true
    else if (flag === '--only' && ['index', 'warm', 'plugin', 'replay'].includes(argv[i + 1] ?? ''))
      options.only = argv[++i] ?? null
    else if (
      (flag === '--notes' || flag === '--items' || flag === '--reviews') &&
      Number.isInteger(value) &&
      value > 0
    ) {
      options[flag.slice(2) as 'notes' | 'items' | 'reviews'] = value
      i++
    } else
      throw new Error(
        `unknown option ${flag} (use --notes N, --items N, --reviews N, --keep, --real-only, --only index|warm|plugin|replay|snapshot|grade, --corpus DIR)`,
      )
  }
  return options
}

async function main(options: Options): Promise<void> {
  if (options.only === 'grade' && options.corpus !== null) {
    await gradeStep(options.corpus)
    return
  }
  const folder = temporaryFolder('notekeeper-bench-', { keep: options.keep })
  const root = folder.path
  const corpusDir = join(root, 'corpus')
  const logFile = join(root, 'log.jsonl')
  try {
    console.log(
      `Notekeeper benchmark: node ${process.version}, ${process.platform} ${process.arch}, ${cpus().length} CPUs; median of ${CHEAP_RUNS} runs (cheap) or ${EXPENSIVE_RUNS} (expensive)`,
    )
    if (options.only === 'plugin' || options.only === null) {
      // The plugin's step writes a corpus of its own (notes only): the log is not generated. In
      // the full run it goes first, in a quiet machine: run after the long-lived process rows (a
      // parent holding a million reviews, its collector's threads still busy) it read 111-122 ms
      // where alone it reads 53-73 ms.
      row('measure', 'wall', 'cpu', 'floor', 'ratio', 'target', '')
      pluginStep(options.notes, options.items)
      if (options.only === 'plugin') return
      console.log('')
    }
    const generation = performance.now()
    const corpus = writeCorpus(corpusDir, { notes: options.notes, items: options.items }, SEED)
    const logBytes = writeLog(logFile, corpus.items, options.reviews, '2026-11-29', 3 * 365, SEED + 1)
    console.log(
      `corpus: ${number(corpus.notes)} notes (${(corpus.bytes / 1e6).toFixed(1)} MB, ${(corpus.bytes / corpus.notes / 1000).toFixed(1)} KB each), ` +
        `${number(corpus.items.length)} items, ${number(options.reviews)} reviews (${(logBytes / 1e6).toFixed(1)} MB), ` +
        `generated in ${seconds(performance.now() - generation)} in ${root}`,
    )
    if (options.only === 'snapshot' || options.only === 'grade') {
      mkdirSync(join(corpusDir, 'internalise/.srs'), { recursive: true })
      renameSync(logFile, join(corpusDir, 'internalise/.srs/log.jsonl'))
      if (options.only === 'grade') await gradeStep(corpusDir)
      else await snapshotSteps(corpusDir)
      return
    }
    console.log('cold = a fresh node process per run (no JIT warm-up, no scan cache); OS page cache warm')
    console.log('wall = elapsed time (the figure the targets apply to); cpu = user + system time of the process\n')
    row('measure', 'wall', 'cpu', 'floor', 'ratio', 'target', '')
    if (options.only === 'warm') {
      warmStep(corpusDir)
      return
    }

    // Index, notes only: the log is not in the corpus yet, so this is the scan of the notes. The
    // index and its floor in turns, so that the ratio compares runs of the same minutes.
    const indexRuns =
      options.only === 'replay'
        ? null
        : interleavedRuns(
            [
              { kind: 'index', runs: EXPENSIVE_RUNS },
              { kind: 'floor', runs: CHEAP_RUNS },
            ],
            corpusDir,
          )
    const index = indexRuns?.get('index')?.results ?? []
    const indexFloor = indexRuns?.get('floor')?.results ?? []
    if (options.only !== 'replay') {
      const indexMs = median(index.map(r => r.ms))
      const indexFloorMs = median(indexFloor.map(r => r.ms))
      row(
        'cold index: loadCorpus(nodeVault)',
        seconds(indexMs),
        seconds(median(index.map(r => r.cpuMs))),
        seconds(indexFloorMs),
        ratio(indexMs, indexFloorMs),
        '≤ 3×',
        verdict(indexMs <= 3 * indexFloorMs),
      )
      // Where the index's time goes: the scanner alone (fresh process, texts read before the clock
      // starts), and what is left for listing, reading and the loader's own work.
      const scan = coldRuns('scan', corpusDir, EXPENSIVE_RUNS).results
      const scanMs = median(scan.map(r => r.ms))
      row(
        '  of which scanNote (texts in memory)',
        seconds(scanMs),
        seconds(median(scan.map(r => r.cpuMs))),
        seconds(indexFloorMs),
        ratio(scanMs, indexFloorMs),
        '',
        '',
      )
      // The scanner's steady cost: the same scan again in the same process, its code warm. What
      // a rewrite must cut is both (see docs/perf.md): the first pass beyond this one is the JIT's.
      const againMs = median(scan.map(r => r.againMs ?? Number.NaN))
      row(
        '    the same scan again, code warm',
        seconds(againMs),
        '',
        seconds(indexFloorMs),
        ratio(againMs, indexFloorMs),
        '',
        '',
      )
      // The index's other parts, each alone in a fresh process: list and read the notes, read the
      // log, read and parse state.json; what is left is the loader's own work and the garbage
      // collections of texts and models kept alive together (the parts overlap: the log is read
      // while the notes are).
      const parts = (['index:read', 'index:log', 'index:state'] as const).map(kind => {
        const results = coldRuns(kind, corpusDir, CHEAP_RUNS).results
        return { ms: median(results.map(r => r.ms)), cpuMs: median(results.map(r => r.cpuMs)) }
      })
      const [read, log, state] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]]
      row('  of which list + read notes', seconds(read.ms), seconds(read.cpuMs), '', '', '', '')
      row('  of which the log (read, marked)', seconds(log.ms), seconds(log.cpuMs), '', '', '', '')
      row('  of which state.json (read, parsed)', seconds(state.ms), seconds(state.cpuMs), '', '', '', '')
      const rest = indexMs - scanMs - read.ms - log.ms - state.ms
      row('  the rest: loader, GC (parts overlap)', seconds(Math.max(0, rest)), '', '', '', '', '')
      const phases = coldRuns('scan-phases', corpusDir, 1).results[0]
      if (phases) console.log(`  which reading each note took (1 run, ${seconds(phases.ms)} in all): ${phases.detail}`)
      // The same notes with the scan cache: written by a first run, then used (bench/warm-step.ts).
      warmStep(corpusDir, { indexMs, floorMs: indexFloorMs })
      if (options.only === 'index') {
        console.log(`  index: ${index[0]?.detail}; floor: ${indexFloor[0]?.detail}`)
        return
      }
    }

    // Replay, in this process, from the log's bytes (reading the file is not part of it).
    await replayStep(logFile, corpus.items)

    // Index + replay in a fresh process, the log now in place: time and peak memory.
    mkdirSync(join(corpusDir, 'internalise/.srs'), { recursive: true })
    renameSync(logFile, join(corpusDir, 'internalise/.srs/log.jsonl'))
    memoryStep(corpusDir)
    if (options.only === 'replay') return

    // The offline hygiene sweep, timed after the corpus is loaded, in a fresh process per run.
    const sweep = coldRuns('hygiene', corpusDir, EXPENSIVE_RUNS, HYGIENE_TIMEOUT_MS)
    if (sweep.failure !== undefined) {
      row('hygiene sweep (offline)', 'failed', '', '', '', '≤ 3 s', 'FAILED')
      console.log(`  ${sweep.failure}`)
    } else if (sweep.results.length === 0) {
      row('hygiene sweep (offline)', `> ${seconds(HYGIENE_TIMEOUT_MS)}`, '', '', '', '≤ 3 s', 'MISSED (stopped)')
    } else {
      const sweepMs = median(sweep.results.map(r => r.ms))
      const runs = sweep.timedOut
        ? ` (${sweep.results.length} run; the next ran past ${seconds(HYGIENE_TIMEOUT_MS)})`
        : ''
      row(
        'hygiene sweep (offline)',
        seconds(sweepMs),
        seconds(median(sweep.results.map(r => r.cpuMs))),
        '',
        '',
        '≤ 3 s',
        `${verdict(sweepMs <= 3000)}${runs}`,
      )
      console.log(`  findings: ${sweep.results[0]?.detail}`)
    }
    if (sweep.results.length === 0 || median(sweep.results.map(r => r.ms)) > 3000) {
      // One fresh process per check, once each: where the sweep's time goes.
      for (const check of ['dead-links', 'near-duplicates', 'contradictions', 'review dates']) {
        let result: ChildResult | null
        try {
          result = spawnMeasurement(`check:${check}`, corpusDir, HYGIENE_TIMEOUT_MS)
        } catch (error) {
          if (!(error instanceof ChildFailure)) throw error
          row(
            `  of which ${check} (1 run)`,
            'failed',
            '',
            '',
            '',
            '',
            error.message.replace(/^the \S+ measurement failed /, ''),
          )
          continue
        }
        if (result)
          row(`  of which ${check} (1 run)`, seconds(result.ms), seconds(result.cpuMs), '', '', '', result.detail)
        else row(`  of which ${check} (1 run)`, `> ${seconds(HYGIENE_TIMEOUT_MS)}`, '', '', '', '', 'stopped')
      }
    }
    console.log(`  index: ${index[0]?.detail}; floor: ${indexFloor[0]?.detail}`)
    // The long-lived process rows append to the log too (their grades).
    await snapshotSteps(corpusDir)
    // Last on this corpus: its piped practice appends to the log.
    cliStep(corpusDir, TODAY)

    await nearDuplicateStep(SEED)
    await realCorpusStep(SEED, options.keep)
  } finally {
    if (options.keep) console.log(`\nkept ${root}`)
    else folder.remove()
  }
}

/** The long-lived process rows (ADR 0020), on the corpus with its log in place. */
async function snapshotSteps(corpusDir: string): Promise<void> {
  const corpus = await gradeStep(corpusDir)
  await reindexStep(corpusDir, corpus)
}

const argv = process.argv.slice(2)
if (argv[0] === '--child') {
  const result = await runChild(argv[1] ?? '', argv[2] ?? '.')
  console.log(JSON.stringify(result))
} else {
  const options = parseOptions(argv)
  if (options.realOnly) await realCorpusStep(SEED, options.keep)
  else await main(options)
}
