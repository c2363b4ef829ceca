import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { nodeCacheStore } from '../src/adapters/node-cache-store.js'
import { nodeVault } from '../src/adapters/node-vault.js'
import { loadCorpus } from '../src/app/load-corpus.js'
import { createLogCache, logCacheKey } from '../src/app/log-cache.js'
import { readReviewLog } from '../src/app/read-log.js'
import { createScanCache, scanCacheKey } from '../src/app/scan-cache.js'
import { replay } from '../src/core/replay.js'
import { leitner } from '../src/core/schedulers/leitner.js'
import { cpuSince, maxRssMb, number } from './measure.js'

// The children whose peak memory is a row (index + replay, and the log alone): they run from
// their own entry (bench/memory-child.ts, dist/cli/memory-child.js), which loads what `notekeeper
// replay` loads and nothing of the benchmark's own (its steps, its corpus generator, the
// child_process and stream modules it drives children with: 12 MB of a fresh process's RSS).

/** What a child reports: wall and CPU time of the measured part, the process's peak RSS, a detail. */
export interface ChildResult {
  ms: number
  /** User + system CPU time of the measured part: less sensitive than wall time to a busy machine. */
  cpuMs: number
  maxRssMb: number
  detail: string
  /** A second figure some children measure beside the first (`scan`: the same scan again, its code warm). */
  againMs?: number
}

export const TODAY = '2026-11-30'

/** The kinds this entry runs. */
export const MEMORY_KINDS: ReadonlySet<string> = new Set(['full', 'full:cached', 'log-replay'])

export function runMemoryChild(kind: string, dir: string): Promise<ChildResult> {
  if (kind === 'full') return fullChild(dir)
  if (kind === 'full:cached') return fullChild(dir, true)
  if (kind === 'log-replay') return logReplayChild(dir)
  throw new Error(`unknown memory measurement ${kind}`)
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)}`

/** Where the memory is after a phase: the process (rss), the JS heap, and buffers outside it (the log's columns). */
function memoryNow(phase: string): string {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage()
  const { heapTotal, external } = process.memoryUsage()
  return `${phase}: rss ${mb(rss)}, heap ${mb(heapUsed)} of ${mb(heapTotal)}, external ${mb(external)}, buffers ${mb(arrayBuffers)} MB`
}

/** The `full` child: what `notekeeper replay` does (load notes and log, replay under Leitner), with memory after each phase. */
export async function fullChild(dir: string, throughCaches = false): Promise<ChildResult> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const phases = [memoryNow('start')]
  const folder = join(dirname(dir), 'full-cache')
  const caches = throughCaches
    ? {
        cache: createScanCache({ store: { cache: nodeCacheStore(folder), key: scanCacheKey(dir) } }),
        logCache: createLogCache({ store: { cache: nodeCacheStore(folder), key: logCacheKey(dir) } }),
      }
    : {}
  const corpus = await loadCorpus(nodeVault(dir), caches)
  phases.push(memoryNow('loaded'))
  const declared = corpus.notes.flatMap(note => note.items.map(item => item.id))
  const state = replay({ log: corpus.log, declared, previous: null, today: TODAY, scheduler: leitner() })
  const ms = performance.now() - start
  phases.push(memoryNow('replayed'))
  return {
    ms,
    cpuMs: cpuSince(cpu),
    maxRssMb: maxRssMb(),
    detail:
      `${number(Object.keys(state).length)} state entries from ${number(corpus.log.size)} reviews; ` +
      `${number(corpus.notes.length)} notes (no note text held); ${phases.join('; ')}`,
  }
}

/** The `log-replay` child: the log alone read and replayed (declared = every id it names), its share of the memory. */
export async function logReplayChild(dir: string): Promise<ChildResult> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const log = await readReviewLog(nodeVault(dir), {})
  const state = replay({ log, declared: [...log.items()], previous: null, today: TODAY, scheduler: leitner() })
  return {
    ms: performance.now() - start,
    cpuMs: cpuSince(cpu),
    maxRssMb: maxRssMb(),
    detail: `${number(Object.keys(state).length)} state entries from ${number(log.size)} reviews; ${memoryNow('replayed')}`,
  }
}
