import { constants, promises as fs, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PerformanceObserver, performance } from 'node:perf_hooks'
import { nodeVault } from '../src/adapters/node-vault.js'
import { gradeItem, registerState } from '../src/app/grade-review.js'
import { loadCorpus } from '../src/app/load-corpus.js'
import { acquireLogLock, DEFAULT_PAUSE_MS } from '../src/app/lock.js'
import { StateWrites } from '../src/app/state-writes.js'
import { writeStateIfChanged } from '../src/app/write-state.js'
import type { Corpus } from '../src/core/corpus.js'
import { dueItems, previewGrades } from '../src/core/practice.js'
import { PracticeSession } from '../src/core/practice-session.js'
import { derivedState, wholeDerivationCount, withReview } from '../src/core/snapshot.js'
import { serializeState } from '../src/core/state.js'
import { GRADES, type Grade } from '../src/core/types.js'
import type { Vault } from '../src/ports/vault.js'
import { TODAY } from './cold.js'
import { median, number, row, seconds } from './measure.js'

// Grade → next prompt shown, in a long-lived process (the CLI's practice, the plugin's review
// window): the line appended under the lock, the graded item folded again, state.json written,
// and the next card's previews, through the same app function both use (gradeItem), over a Node
// vault on the generated corpus. The corpus is loaded and derived once, before the timing.

export const ms = (value: number): string => `${value.toFixed(1)} ms`

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** The vault, with the time spent in each of its calls added up by kind (append, stat, …) while `on`. */
function timingVault(inner: Vault) {
  const spent = new Map<string, number>()
  const timing = { on: false, spent }
  const wrap =
    <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const start = performance.now()
      try {
        return await call(...args)
      } finally {
        if (timing.on) spent.set(name, (spent.get(name) ?? 0) + performance.now() - start)
      }
    }
  const vault: Vault = {
    ...inner,
    read: wrap('read', inner.read),
    write: wrap('write', inner.write),
    append: wrap('append + fsync', inner.append),
    remove: wrap('lock: remove', inner.remove),
  }
  if (inner.createExclusive) vault.createExclusive = wrap('lock: create', inner.createExclusive)
  if (inner.stat) vault.stat = wrap('stat', inner.stat)
  return { vault, timing }
}

/** Garbage collections and their pauses, as the process reports them. */
function watchGc() {
  const pauses: { start: number; ms: number }[] = []
  const observer = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, ms: entry.duration })
  })
  observer.observe({ entryTypes: ['gc'] })
  const within = (from: number, to: number): number =>
    pauses.filter(p => p.start >= from && p.start < to).reduce((sum, p) => sum + p.ms, 0)
  return { within, count: () => pauses.length, stop: () => observer.disconnect() }
}

interface Frame {
  start: number
  ms: number
  io: Map<string, number>
  gcMs: number
}

function describeFrame(frame: Frame): string {
  const io = [...frame.io].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')
  const ioMs = [...frame.io.values()].reduce((sum, ms) => sum + ms, 0)
  return `${ms(frame.ms)}: I/O ${ioMs.toFixed(1)} (${io}), GC ${frame.gcMs.toFixed(1)}, the rest (fold, previews) ${Math.max(0, frame.ms - ioMs - frame.gcMs).toFixed(1)}`
}

/** The floor of a frame: one line appended to a file on the same disk and fsynced, as the log's append does. */
async function appendFloor(path: string): Promise<number> {
  const start = performance.now()
  const handle = await fs.open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT)
  try {
    await handle.write('{"item":"floor#1","date":"2026-11-30","grade":"good"}\n')
    await handle.sync()
  } finally {
    await handle.close()
  }
  return performance.now() - start
}

export async function gradeStep(corpusDir: string, grades = 200): Promise<Corpus> {
  const { vault, timing } = timingVault(nodeVault(corpusDir))
  const start = performance.now()
  let corpus = await loadCorpus(vault)
  const loaded = performance.now()
  await registerState(vault, corpus, TODAY)
  const registered = performance.now()
  const due = dueItems(corpus, TODAY)
  const session = new PracticeSession(due, { relearn: corpus.config.practice.relearn })
  const first = session.current()
  if (first) previewGrades(corpus, first.id, TODAY)
  const derivations = wholeDerivationCount()
  console.log(
    `\ngrade → next prompt (long-lived process, ${number(grades)} grades of ${number(due.length)} due, ${number(corpus.log.size)} reviews): ` +
      `load ${seconds(loaded - start)}, derive + write state ${seconds(registered - loaded)}, once`,
  )
  const frames: Frame[] = []
  const floors: number[] = []
  const floorFile = join(dirname(corpusDir), `grade-floor-${process.pid}.jsonl`)
  const writes: number[] = []
  const writeIo: number[] = []
  const stateWrites = new StateWrites()
  const gc = watchGc()
  for (let i = 0; i < grades; i++) {
    const item = session.current()
    if (item === null) break
    const grade = GRADES[i % 7 === 0 ? 0 : 2] as Grade
    timing.spent.clear()
    timing.on = true
    const t0 = performance.now()
    corpus = (await gradeItem(vault, corpus, item.id, grade, TODAY, TODAY, { stateWrites })).corpus
    session.grade(grade)
    const next = session.current()
    if (next) previewGrades(corpus, next.id, TODAY)
    const t1 = performance.now()
    frames.push({ start: t0, ms: t1 - t0, io: new Map(timing.spent), gcMs: 0 })
    // The next card is shown; while the person reads it, state.json is written (not in the frame:
    // StateWrites waits a macrotask, as the CLI and the review window show the card before it).
    timing.spent.clear()
    await stateWrites.flush()
    const t2 = performance.now()
    timing.on = false
    writes.push(t2 - t1)
    writeIo.push(timing.spent.get('write') ?? 0)
    floors.push(await appendFloor(floorFile))
  }
  rmSync(floorFile, { force: true })
  await new Promise(resolve => setTimeout(resolve, 100)) // the observer reports GCs late
  for (const frame of frames) frame.gcMs = gc.within(frame.start, frame.start + frame.ms)
  const inFrames = frames.filter(frame => frame.gcMs > 0).length
  console.log(`    garbage collections during the run: ${gc.count()}, of them inside a frame: ${inFrames}`)
  gc.stop()
  const times = frames.map(frame => frame.ms)
  const medianMs = median(times)
  const p99 = percentile(times, 99)
  const floorMedian = median(floors)
  const floorP99 = percentile(floors, 99)
  const vsFloor = (value: number, floor: number): string => `${(value / Math.max(floor, 0.001)).toFixed(1)}×`
  row(
    '  grade → next prompt, median',
    ms(medianMs),
    '',
    ms(floorMedian),
    vsFloor(medianMs, floorMedian),
    '≤ 16 ms',
    medianMs <= 16 ? 'ok' : 'MISSED',
  )
  row(
    '  grade → next prompt, p99',
    ms(p99),
    '',
    ms(floorP99),
    vsFloor(p99, floorP99),
    '≤ 50 ms',
    p99 <= 50 ? 'ok' : 'MISSED',
  )
  console.log('    floor: one line appended to a file on the same disk and fsynced, between the same grades')
  const byTime = [...frames].sort((a, b) => a.ms - b.ms)
  const middle = byTime[Math.floor(byTime.length / 2)]
  if (middle) console.log(`    the median frame  ${describeFrame(middle)}`)
  for (const slow of byTime.slice(-3).reverse()) console.log(`    a slowest frame   ${describeFrame(slow)}`)
  row(
    '  then state.json written (after the prompt)',
    ms(median(writes)),
    '',
    '',
    '',
    '',
    `p99 ${ms(percentile(writes, 99))}; of it the file write ${ms(median(writeIo))}, the rest serializing`,
  )
  console.log(
    `  whole-log derivations during the grades: ${wholeDerivationCount() - derivations} (the log read again only when another writer wrote)`,
  )
  // Where a grade's time goes, each part on its own (median of 20).
  const parts = { lock: [] as number[], fold: [] as number[], serialize: [] as number[], write: [] as number[] }
  let probe = corpus
  for (let i = 0; i < 20; i++) {
    const item = session.current() ?? due[i % due.length]
    if (!item) break
    let t = performance.now()
    await (await acquireLogLock(vault, { skipPauseAfterCreate: true })).release()
    parts.lock.push(performance.now() - t)
    t = performance.now()
    probe = withReview(probe, { item: item.id, date: TODAY, grade: 'good', line: 0 }, TODAY)
    const state = derivedState(probe, TODAY)
    parts.fold.push(performance.now() - t)
    t = performance.now()
    serializeState(state)
    parts.serialize.push(performance.now() - t)
    t = performance.now()
    await writeStateIfChanged(vault, state, 'changed')
    parts.write.push(performance.now() - t)
  }
  // The probe's reviews were never appended: put back the state the log gives.
  await writeStateIfChanged(vault, derivedState(corpus, TODAY))
  row(
    "  of which the writers' lock (take + give back)",
    ms(median(parts.lock)),
    '',
    '',
    '',
    '',
    `exclusive create, no ${DEFAULT_PAUSE_MS} ms pause (ADR 0024)`,
  )
  row('  of which fold one item + state', ms(median(parts.fold)), '', '', '', '', '')
  row('  state.json: serialize', ms(median(parts.serialize)), '', '', '', '', '')
  row('  state.json: read + compare + write it', ms(median(parts.write)), '', '', '', '', '')
  return corpus
}
