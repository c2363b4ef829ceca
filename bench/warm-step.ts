import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { nodeCacheStore } from '../src/adapters/node-cache-store.js'
import { nodeVault } from '../src/adapters/node-vault.js'
import { loadCorpus } from '../src/app/load-corpus.js'
import { createLogCache, logCacheKey } from '../src/app/log-cache.js'
import { createScanCache, scanCacheKey } from '../src/app/scan-cache.js'
import { type ChildResult, coldRuns } from './cold.js'
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
  verdict,
} from './measure.js'

// The warm index (issue 13): the scan cache present and nothing changed, in a fresh process per
// run like the cold index. Its floor is the least any warm index must do: stat every file of the
// corpus and read the cache file into memory (as text, then JSON.parse: a cache is no use
// unparsed). The first run, which writes the cache, is timed too, so that its cost is visible.

/** The scan cache of the benchmark's corpus: beside it, never inside it. */
const cacheFolder = (dir: string): string => join(dirname(dir), 'scan-cache')
const cacheFile = (dir: string): string => join(cacheFolder(dir), `${scanCacheKey(dir)}.json`)

export async function warmChild(kind: string, dir: string): Promise<ChildResult> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const done = (detail: string): ChildResult => ({
    ms: performance.now() - start,
    cpuMs: cpuSince(cpu),
    maxRssMb: maxRssMb(),
    detail,
  })
  if (kind === 'warm:index' || kind === 'warm:first') {
    if (kind === 'warm:first') rmSync(cacheFolder(dir), { recursive: true, force: true })
    const cache = createScanCache({ store: { cache: nodeCacheStore(cacheFolder(dir)), key: scanCacheKey(dir) } })
    // The cache's own read and parse first, to say where the time goes; loadCorpus awaits the same.
    await cache.ready()
    const readyMs = performance.now() - start
    let reads = 0
    const vault = nodeVault(dir)
    const counted = { ...vault, read: (path: string) => (path.endsWith('.adoc') && reads++, vault.read(path)) }
    const logCache = createLogCache({ store: { cache: nodeCacheStore(cacheFolder(dir)), key: logCacheKey(dir) } })
    const corpus = await loadCorpus(counted, { cache, logCache })
    const items = corpus.notes.reduce((sum, note) => sum + note.items.length, 0)
    return done(
      `${number(corpus.notes.length)} notes, ${number(items)} items, ${number(reads)} notes read; ` +
        `cache read + parse ${seconds(readyMs)}, cache ${(statSync(cacheFile(dir)).size / 1e6).toFixed(1)} MB, ` +
        `log cache ${(statSync(join(cacheFolder(dir), `${logCacheKey(dir)}.bin`)).size / 1e6).toFixed(1)} MB`,
    )
  }
  if (kind === 'warm:floor') {
    let files = 0
    for (const path of listFiles(dir)) {
      statSync(path)
      files++
    }
    const text = readFileSync(cacheFile(dir), 'utf8')
    const parsed = JSON.parse(text) as { entries: Record<string, unknown> }
    // The log cache (ADR 0025) is read too: its bytes are the rest of what a warm index must read.
    readFileSync(join(cacheFolder(dir), `${logCacheKey(dir)}.bin`))
    return done(`${number(files)} files stat'ed, ${number(Object.keys(parsed.entries).length)} cache entries parsed`)
  }
  if (kind === 'warm:read-all') {
    let bytes = 0
    for (const path of listFiles(dir)) bytes += readFileSync(path, 'utf8').length
    return done(`${(bytes / 1e6).toFixed(1)} M characters read`)
  }
  throw new Error(`unknown child measurement ${kind}`)
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name))
}

/**
 * Prints the warm index rows. `cold` is the cold index (no cache) measured by the caller in the
 * same run, when it was; otherwise it is measured here.
 */
export function warmStep(dir: string, cold?: { indexMs: number; floorMs: number }): void {
  const first = coldRuns('warm:first', dir, EXPENSIVE_RUNS)
  const coldIndexMs = cold?.indexMs ?? median(coldRuns('index', dir, EXPENSIVE_RUNS).results.map(r => r.ms))
  const coldFloorMs = cold?.floorMs ?? median(coldRuns('floor', dir, CHEAP_RUNS).results.map(r => r.ms))
  if (first.failure !== undefined || first.results.length === 0) {
    row('cold index, writing the scan cache', 'failed', '', '', '', '', first.failure ?? 'timed out')
    return
  }
  const firstMs = median(first.results.map(r => r.ms))
  row(
    'cold index, writing the scan cache',
    seconds(firstMs),
    seconds(median(first.results.map(r => r.cpuMs))),
    seconds(coldFloorMs),
    ratio(firstMs, coldFloorMs),
    '(its cost)',
    `+${seconds(firstMs - coldIndexMs)} over the cold index`,
  )
  const warm = coldRuns('warm:index', dir, EXPENSIVE_RUNS)
  const floor = coldRuns('warm:floor', dir, CHEAP_RUNS)
  const readAll = coldRuns('warm:read-all', dir, CHEAP_RUNS)
  const failure = warm.failure ?? floor.failure ?? readAll.failure
  if (failure !== undefined) {
    row('warm index (scan cache, nothing changed)', 'failed', '', '', '', '', failure)
    return
  }
  const warmMs = median(warm.results.map(r => r.ms))
  const floorMs = median(floor.results.map(r => r.ms))
  const readAllMs = median(readAll.results.map(r => r.ms))
  const withinFloor = warmMs <= 2 * floorMs
  const withinCold = warmMs <= 0.25 * coldIndexMs
  const beatsReading = warmMs < readAllMs
  row(
    'warm index (scan cache, nothing changed)',
    seconds(warmMs),
    seconds(median(warm.results.map(r => r.cpuMs))),
    seconds(floorMs),
    ratio(warmMs, floorMs),
    '≤ 2×',
    verdict(withinFloor),
  )
  row(
    '  of the cold index (no cache)',
    `${((100 * warmMs) / coldIndexMs).toFixed(0)} %`,
    '',
    seconds(coldIndexMs),
    '',
    '≤ 25 %',
    verdict(withinCold),
  )
  row('  against reading every file once', seconds(warmMs), '', seconds(readAllMs), '', 'faster', verdict(beatsReading))
  console.log(
    `  warm: ${warm.results[0]?.detail}; floor: ${floor.results[0]?.detail}; read: ${readAll.results[0]?.detail}`,
  )
  if (!withinFloor || !withinCold || !beatsReading)
    console.log(
      `  where the warm index goes: ${warm.results.map(r => r.detail.replace(/^.*notes read; /, '')).join(' | ')}; ` +
        'the rest is the listing and one stat per note through the vault',
    )
}
