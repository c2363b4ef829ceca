import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { nodeCacheStore } from '../src/adapters/node-cache-store.js'
import { nodeVault } from '../src/adapters/node-vault.js'
import { loadCorpus } from '../src/app/load-corpus.js'
import { createLogCache, logCacheKey } from '../src/app/log-cache.js'
import { packModel } from '../src/app/packed-model.js'
import { createScanCache, type ScanCache, scanCacheKey, textHash } from '../src/app/scan-cache.js'
import { scanNote } from '../src/core/asciidoc/scan.js'
import { type ChildResult, coldRuns, interleavedRuns } from './cold.js'
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
// corpus and read the cache file into memory (its bytes: since ADR 0026 the cache is no JSON to
// parse, and each model is decoded when a field of it is first read). The first run, which
// writes the cache, is timed too, so that its cost is visible.

/** The scan cache of the benchmark's corpus: beside it, never inside it. */
const cacheFolder = (dir: string): string => join(dirname(dir), 'scan-cache')
const cacheFile = (dir: string): string => join(cacheFolder(dir), `${scanCacheKey(dir)}.bin`)
/** The log cache (ADR 0025): absent while the corpus has no log (the full bench times the notes before it adds one). */
const logCacheFile = (dir: string): string => join(cacheFolder(dir), `${logCacheKey(dir)}.bin`)
const sizeOf = (file: string): string => (existsSync(file) ? `${(statSync(file).size / 1e6).toFixed(1)} MB` : 'none')

export async function warmChild(kind: string, dir: string): Promise<ChildResult> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  // The detail is formatted after the clock stops: its first number format loads the ICU data
  // (30 ms in a fresh process), which is the report's cost, not the index's.
  const done = (detail: () => string): ChildResult => {
    const ms = performance.now() - start
    const cpuMs = cpuSince(cpu)
    return { ms, cpuMs, maxRssMb: maxRssMb(), detail: detail() }
  }
  if (kind === 'warm:index' || kind === 'warm:first') {
    if (kind === 'warm:first') rmSync(cacheFolder(dir), { recursive: true, force: true })
    const inner = createScanCache({ store: { cache: nodeCacheStore(cacheFolder(dir)), key: scanCacheKey(dir) } })
    // What the cache itself costs a load that writes it: hashing and packing each scanned model,
    // and the save (the bytes put together and written), apart from the scans.
    const own = { record: 0, save: 0 }
    const cache: ScanCache = {
      ...inner,
      byText(path, text, stamp, scan) {
        const t0 = process.cpuUsage()
        let scanned = 0
        const model = inner.byText(path, text, stamp, () => {
          const t1 = process.cpuUsage()
          const result = scan()
          scanned = cpuSince(t1)
          return result
        })
        own.record += cpuSince(t0) - scanned
        return model
      },
      async save(paths) {
        const t0 = process.cpuUsage()
        await inner.save(paths)
        own.save += cpuSince(t0)
      },
    }
    // The cache's own read and parse first, to say where the time goes; loadCorpus awaits the same.
    await cache.ready()
    const readyMs = cpuSince(cpu)
    let reads = 0
    const vault = nodeVault(dir)
    const counted = { ...vault, read: (path: string) => (path.endsWith('.adoc') && reads++, vault.read(path)) }
    const logCache = createLogCache({ store: { cache: nodeCacheStore(cacheFolder(dir)), key: logCacheKey(dir) } })
    const corpus = await loadCorpus(counted, { cache, logCache })
    const loadedMs = cpuSince(cpu)
    // Every note's items, as practice and replay read them (a packed model decodes them now).
    const items = corpus.notes.reduce((sum, note) => sum + note.items.length, 0)
    const itemsMs = cpuSince(cpu) - loadedMs
    return done(
      () =>
        `${number(corpus.notes.length)} notes, ${number(items)} items, ${number(reads)} notes read; ` +
        `CPU: cache read + parse ${seconds(readyMs)}, listing + stats + loader + log ${seconds(loadedMs - readyMs)}, ` +
        `items ${seconds(itemsMs)}` +
        (kind === 'warm:first'
          ? `; the cache's own: hash + pack ${seconds(own.record)}, save ${seconds(own.save)}`
          : '') +
        `; cache ${sizeOf(cacheFile(dir))}, log cache ${sizeOf(logCacheFile(dir))}`,
    )
  }
  if (kind === 'warm:floor') {
    let files = 0
    for (const path of listFiles(dir)) {
      statSync(path)
      files++
    }
    const bytes = readFileSync(cacheFile(dir))
    // The log cache (ADR 0025) is read too: its bytes are the rest of what a warm index must read.
    if (existsSync(logCacheFile(dir))) readFileSync(logCacheFile(dir))
    return done(() => `${number(files)} files stat'ed, ${(bytes.length / 1e6).toFixed(1)} MB of cache read`)
  }
  if (kind === 'warm:heap') return modelsHeap(dir)
  if (kind === 'warm:pack') {
    // What recording a scanned note costs, apart from the scan: its text's hash and its packing.
    const texts = listFiles(dir)
      .filter(path => path.endsWith('.adoc'))
      .map(path => ({ path: relative(dir, path), text: readFileSync(path, 'utf8') }))
    const models = texts.map(({ path, text }) => scanNote(path, text))
    const t0 = process.cpuUsage()
    for (const { text } of texts) textHash(text)
    const hashMs = cpuSince(t0)
    const packs: string[] = []
    let bytes = 0
    for (let run = 0; run < 3; run++) {
      const t1 = process.cpuUsage()
      bytes = 0
      for (const model of models) bytes += packModel(model).bytes.length
      packs.push(seconds(cpuSince(t1)))
    }
    return done(() => `CPU: hash ${seconds(hashMs)}, pack ${packs.join(' then ')} (${(bytes / 1e6).toFixed(1)} MB)`)
  }
  if (kind === 'warm:repeat') {
    // The warm index's parts once the code is warm (five loads in one process, the least of each).
    const best = { ready: Infinity, load: Infinity, items: Infinity }
    for (let run = 0; run < 5; run++) {
      const t0 = process.cpuUsage()
      const cache = createScanCache({ store: { cache: nodeCacheStore(cacheFolder(dir)), key: scanCacheKey(dir) } })
      await cache.ready()
      const t1 = cpuSince(t0)
      const corpus = await loadCorpus(nodeVault(dir), { cache })
      const t2 = cpuSince(t0)
      corpus.notes.reduce((sum, note) => sum + note.items.length, 0)
      best.ready = Math.min(best.ready, t1)
      best.load = Math.min(best.load, t2 - t1)
      best.items = Math.min(best.items, cpuSince(t0) - t2)
    }
    return done(
      () =>
        `least CPU of 5: cache ${best.ready.toFixed(0)} ms, load ${best.load.toFixed(0)} ms, items ${best.items.toFixed(0)} ms`,
    )
  }
  if (kind === 'warm:read-all') {
    let bytes = 0
    for (const path of listFiles(dir)) bytes += readFileSync(path, 'utf8').length
    return done(() => `${(bytes / 1e6).toFixed(1)} M characters read`)
  }
  throw new Error(`unknown child measurement ${kind}`)
}

/**
 * The note models' live memory (heap and array buffers: a packed model's bytes are the latter),
 * loaded with no cache (ADR 0026): as loaded, once every note's items are read (replay,
 * practice), and once every field of every note is.
 */
async function modelsHeap(dir: string): Promise<ChildResult> {
  const collect = (globalThis as { gc?: () => void }).gc
  if (!collect) throw new Error('warm:heap needs node --expose-gc')
  const live = (): { heap: number; buffers: number } => {
    collect()
    collect()
    const { heapUsed, arrayBuffers } = process.memoryUsage()
    return { heap: heapUsed, buffers: arrayBuffers }
  }
  const start = performance.now()
  const cpu = process.cpuUsage()
  const before = live()
  const corpus = await loadCorpus(nodeVault(dir))
  const parts: string[] = []
  const say = (what: string): void => {
    const now = live()
    const heap = (now.heap - before.heap) / 1e6
    const buffers = (now.buffers - before.buffers) / 1e6
    parts.push(`${what} ${(heap + buffers).toFixed(1)} MB (heap ${heap.toFixed(1)}, buffers ${buffers.toFixed(1)})`)
  }
  corpus.log = { ...corpus.log } // the log is not the models' (this child is run on a corpus without one)
  say('models as loaded')
  let items = 0
  for (const note of corpus.notes) items += note.items.length
  say(`with every note's ${number(items)} items read`)
  let rows = 0
  for (const note of corpus.notes)
    rows +=
      note.attributes.length +
      note.anchors.length +
      note.sections.length +
      note.itemsWithoutId.length +
      note.dlistEntries.length +
      note.references.length +
      note.track.length +
      note.problems.length +
      note.lineClasses.length +
      (note.title === null ? 0 : 1)
  say(`with every field read (${number(rows)} rows)`)
  return { ms: performance.now() - start, cpuMs: cpuSince(cpu), maxRssMb: maxRssMb(), detail: parts.join('; ') }
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
  // The warm index, its floor and reading every file, in turns (cold.ts, interleavedRuns).
  const runs = interleavedRuns(
    [
      { kind: 'warm:index', runs: EXPENSIVE_RUNS },
      { kind: 'warm:floor', runs: CHEAP_RUNS },
      { kind: 'warm:read-all', runs: CHEAP_RUNS },
    ],
    dir,
  )
  const none = { results: [] as ChildResult[], failure: 'not run' }
  const warm = runs.get('warm:index') ?? none
  const floor = runs.get('warm:floor') ?? none
  const readAll = runs.get('warm:read-all') ?? none
  const timedOut = [warm, floor, readAll].some(r => 'timedOut' in r && r.timedOut)
  const failure = warm.failure ?? floor.failure ?? readAll.failure ?? (timedOut ? 'timed out' : undefined)
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
  if (!withinFloor || !withinCold || !beatsReading) {
    console.log(
      `  where the warm index goes: ${warm.results.map(r => r.detail.replace(/^.*notes read; /, '')).join(' | ')}; ` +
        'the rest is the listing and one stat per note through the vault',
    )
    // The same parts once the code is warm: what of the row is the engine's first run of it
    // (each part of a load runs once per process, mostly before the optimizer has it).
    const repeat = coldRuns('warm:repeat', dir, 1).results[0]
    if (repeat !== undefined)
      console.log(
        `  the same load with its code warm (CPU, ${repeat.detail.replace(/^least CPU of 5: /, 'least of 5 loads in one process: ')})`,
      )
  }
}
