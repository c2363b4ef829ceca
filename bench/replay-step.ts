import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { nodeCacheStore } from '../src/adapters/node-cache-store.js'
import { nodeVault } from '../src/adapters/node-vault.js'
import { createLogCache, logCacheKey } from '../src/app/log-cache.js'
import { readLogAndMark } from '../src/app/log-mark.js'
import { reviewLogFromText } from '../src/app/read-log.js'
import { columnarReviewLog } from '../src/core/log/columnar-log.js'
import { LogReader } from '../src/core/log/log-reader.js'
import type { ReviewLog } from '../src/core/log/review-log.js'
import { replay } from '../src/core/replay.js'
import { leitner } from '../src/core/schedulers/leitner.js'
import { type ChildResult, coldRuns, TODAY } from './cold.js'
import {
  CHEAP_RUNS,
  cpuSince,
  EXPENSIVE_RUNS,
  maxRssMb,
  median,
  number,
  ratio,
  row,
  seconds,
  timed,
  verdict,
} from './measure.js'

// The log's rows (ADR 0023): replay against its floor, in this process, and the peak memory of
// a fresh process that indexes the notes and replays the log.

/** The bytes a host hands the reader at a time (the Node vault's chunk). */
const CHUNK = 1 << 20

/** The log from bytes already in memory, as `readReviewLog` reads it from a Node vault. */
export function logFromBytes(bytes: Uint8Array): ReviewLog {
  const reader = new LogReader(undefined, bytes.length)
  for (let start = 0; start < bytes.length; start += CHUNK) reader.push(bytes.subarray(start, start + CHUNK))
  return columnarReviewLog(reader.end(), {})
}

/** Replay: read the log's bytes into a ReviewLog and replay it under Leitner, beside `JSON.parse` of every line. */
export async function replayStep(logFile: string, declared: readonly string[]): Promise<void> {
  // Reading the file is not part of it (the page cache is warm): the bytes and the text are read first.
  const bytes = new Uint8Array(readFileSync(logFile))
  const text = readFileSync(logFile, 'utf8')
  const replayOf = (log: ReviewLog) => replay({ log, declared, previous: null, today: TODAY, scheduler: leitner() })
  const floor = await timed(CHEAP_RUNS, () => {
    let parsed = 0
    for (const line of text.split('\n')) if (line !== '') parsed += JSON.parse(line) === null ? 0 : 1
    return parsed
  })
  const run = await timed(EXPENSIVE_RUNS, () => replayOf(logFromBytes(bytes)))
  row(
    'replay: read log bytes + replay (Leitner)',
    seconds(run.ms),
    seconds(run.cpuMs),
    seconds(floor.ms),
    ratio(run.ms, floor.ms),
    '≤ 1.5×',
    verdict(run.ms <= 1.5 * floor.ms),
  )
  // Where the time goes: the read alone, the fold alone on the log already read, and the text path.
  const readOnly = await timed(EXPENSIVE_RUNS, () => logFromBytes(bytes))
  const foldOnly = await timed(EXPENSIVE_RUNS, () => replayOf(readOnly.result))
  const fromText = await timed(EXPENSIVE_RUNS, () => replayOf(reviewLogFromText(text, {})))
  row(
    '  of which reading the log',
    seconds(readOnly.ms),
    seconds(readOnly.cpuMs),
    '',
    ratio(readOnly.ms, floor.ms),
    '',
    '',
  )
  row(
    '  of which replay (the fold)',
    seconds(foldOnly.ms),
    seconds(foldOnly.cpuMs),
    '',
    ratio(foldOnly.ms, floor.ms),
    '',
    '',
  )
  row(
    '  from the text instead (hosts without bytes)',
    seconds(fromText.ms),
    seconds(fromText.cpuMs),
    '',
    ratio(fromText.ms, floor.ms),
    '',
    '',
  )
  // CPU time moves less than wall time with the machine's other load: the same ratio in CPU.
  console.log(
    `  ${number(readOnly.result.size)} reviews, ${number(Object.keys(run.result).length)} state entries; ` +
      `in CPU time: ${seconds(run.cpuMs)} against the floor's ${seconds(floor.cpuMs)} = ${ratio(run.cpuMs, floor.cpuMs)}`,
  )
}

/** Peak memory of index + replay: `full` in fresh processes, beside the log alone and the notes alone. */
export function memoryStep(corpusDir: string): void {
  const full = coldRuns('full', corpusDir, EXPENSIVE_RUNS).results
  const logOnly = coldRuns('log-replay', corpusDir, 1).results
  const peak = Math.max(...full.map(r => r.maxRssMb))
  row(
    'load notes + log, replay (fresh process)',
    seconds(median(full.map(r => r.ms))),
    seconds(median(full.map(r => r.cpuMs))),
    '',
    '',
    '',
    '',
  )
  row('peak memory, index + replay (maxRSS)', `${peak.toFixed(0)} MB`, '', '', '', '≤ 150 MB', verdict(peak <= 150))
  console.log(`  full: ${full[0]?.detail}`)
  // As the CLI runs it: through its scan and log caches (packed models, ADR 0026), the first
  // run filling them, the next ones served by them.
  const cached = coldRuns('full:cached', corpusDir, 1 + EXPENSIVE_RUNS).results
  const [first, ...warm] = cached
  if (first) {
    const warmPeak = Math.max(...warm.map(r => r.maxRssMb))
    row(
      "  the same through the CLI's caches, first run",
      `${first.maxRssMb.toFixed(0)} MB`,
      '',
      '',
      '',
      '≤ 150 MB',
      verdict(first.maxRssMb <= 150),
    )
    row(
      "  the same through the CLI's caches, warm",
      `${warmPeak.toFixed(0)} MB`,
      '',
      '',
      '',
      '≤ 150 MB',
      verdict(warmPeak <= 150),
    )
    console.log(`  through the caches, warm: ${warm[0]?.detail}`)
  }
  console.log(`  log + replay alone: maxRSS ${logOnly[0]?.maxRssMb.toFixed(0)} MB; ${logOnly[0]?.detail}`)
}

const heapNow = (): number => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}

/**
 * The `log-read` child: the index's share that is the log, `readLogAndMark` through the Node
 * vault (as loadCorpus reads it), and what the log read holds after it (heap + buffers after a
 * full collection, with --expose-gc). `log-bytes`: its floor, the file's bytes read once.
 */
export async function logReadChild(kind: string, dir: string): Promise<ChildResult> {
  const before = heapNow()
  const start = performance.now()
  const cpu = process.cpuUsage()
  if (kind === 'log-bytes') {
    const bytes = readFileSync(`${dir}/internalise/.srs/log.jsonl`)
    return {
      ms: performance.now() - start,
      cpuMs: cpuSince(cpu),
      maxRssMb: maxRssMb(),
      detail: `${number(bytes.length)} bytes`,
    }
  }
  // `log-warm`: through the log cache the warm index uses (beside the corpus, bench/warm-step.ts).
  const cache =
    kind === 'log-warm'
      ? createLogCache({ store: { cache: nodeCacheStore(join(dirname(dir), 'scan-cache')), key: logCacheKey(dir) } })
      : undefined
  const { log, mark } = await readLogAndMark(nodeVault(dir), {}, cache)
  const ms = performance.now() - start
  const cpuMs = cpuSince(cpu)
  const live = heapNow() - before
  return {
    ms,
    cpuMs,
    maxRssMb: maxRssMb(),
    detail: `${number(log.size)} reviews, ${number(mark?.lines ?? 0)} lines; live ${(live / 1e6).toFixed(1)} MB (heap + buffers)`,
  }
}
