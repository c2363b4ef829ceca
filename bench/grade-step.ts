import { performance } from 'node:perf_hooks'
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

export async function gradeStep(corpusDir: string, grades = 100): Promise<Corpus> {
  const vault = nodeVault(corpusDir)
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
  const times: number[] = []
  const writes: number[] = []
  const stateWrites = new StateWrites()
  for (let i = 0; i < grades; i++) {
    const item = session.current()
    if (item === null) break
    const grade = GRADES[i % 7 === 0 ? 0 : 2] as Grade
    const t0 = performance.now()
    corpus = (await gradeItem(vault, corpus, item.id, grade, TODAY, TODAY, { stateWrites })).corpus
    session.grade(grade)
    const next = session.current()
    if (next) previewGrades(corpus, next.id, TODAY)
    times.push(performance.now() - t0)
    // The next card is shown; while the person reads it, state.json is written (not in the frame).
    const t1 = performance.now()
    await stateWrites.flush()
    writes.push(performance.now() - t1)
  }
  const medianMs = median(times)
  const p99 = percentile(times, 99)
  row('  grade → next prompt, median', ms(medianMs), '', '', '', '≤ 16 ms', medianMs <= 16 ? 'ok' : 'MISSED')
  row('  grade → next prompt, p99', ms(p99), '', '', '', '≤ 50 ms', p99 <= 50 ? 'ok' : 'MISSED')
  row(
    '  then state.json written (after the prompt)',
    ms(median(writes)),
    '',
    '',
    '',
    '',
    `p99 ${ms(percentile(writes, 99))}`,
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
    await writeStateIfChanged(vault, state)
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
