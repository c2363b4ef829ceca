import { FSRSBinding } from '@open-spaced-repetition/binding'
import { default_w } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import { addDays, daysBetween } from '../../src/core/dates.js'
import type { Grade } from '../../src/core/types.js'
import { config, LOG, logOf, makeCorpus, qandaNote, run } from '../spec/corpus-kit.js'

// Issue 11, "done when" 3: `schedulers --evaluate --json` on a log with a known answer. The log
// is simulated from the FSRS-6 default weights (through fsrs-rs, the binding called directly):
// each review's outcome is drawn with the probability fsrs-rs gives, so FSRS with those weights
// predicts the learner exactly and must score best; its figures are recomputed here from
// fsrs-rs's memory states, and Leitner's from its ladder written out by hand.

/** A deterministic PRNG (mulberry32), so the simulated learner is the same on every run. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const W = [...default_w]
const DECAY = -W[20]!
const FACTOR = 0.9 ** (1 / DECAY) - 1
const recall = (t: number, s: number) => (1 + (FACTOR * t) / s) ** DECAY
const KEYS = ['again', 'hard', 'good', 'easy'] as const

type Line = [item: string, date: string, grade: Grade]

/** 120 items learnt over 40 days, each reviewed on its FSRS due date (0-2 days late) for a year. */
function simulatedLog(): Line[] {
  const next = random(42)
  const binding = new FSRSBinding(W)
  const lines: Line[] = []
  for (let i = 0; i < 120; i++) {
    let date = addDays('2026-01-01', Math.floor(next() * 40))
    let memory: ReturnType<FSRSBinding['nextStates']>['good']['memory'] | undefined
    let last: string | undefined
    while (date < '2027-01-01') {
      const elapsed = last === undefined ? 0 : daysBetween(last, date)
      const passed = memory === undefined ? next() < 0.8 : next() < recall(elapsed, memory.stability)
      const grade: Grade = !passed ? 'again' : next() < 0.15 ? 'hard' : next() < 0.85 ? 'good' : 'easy'
      const state = binding.nextStates(memory, 0.9, elapsed)[grade]
      lines.push([`deck#i${i}`, date, grade])
      memory = state.memory
      last = date
      date = addDays(date, Math.max(1, Math.round(state.interval)) + Math.floor(next() * 3))
    }
  }
  return lines.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
}

function logLoss(pairs: { p: number; y: boolean }[]): number {
  let sum = 0
  for (const { p, y } of pairs) {
    const q = Math.min(1 - 1e-4, Math.max(1e-4, p))
    sum -= y ? Math.log(q) : Math.log(1 - q)
  }
  return sum / pairs.length
}

/** The days of Leitner box `level` from `date`, written out from SPEC 1.6's table. */
function leitnerDue(date: string, level: number): string {
  if (level <= 4) return addDays(date, [1, 3, 7, 21][level - 1]!)
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const months = level === 5 ? 2 : 6
  const target = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d, last))
  return target.toISOString().slice(0, 10)
}

/** Recomputes the FSRS-default and Leitner log loss from the log alone. */
function independently(lines: Line[], splitDate: string): { fsrs: number; leitner: number; reviews: number } {
  const binding = new FSRSBinding(W)
  const byItem = new Map<string, Line[]>()
  for (const line of lines) byItem.set(line[0], [...(byItem.get(line[0]) ?? []), line])
  const fsrs: { p: number; y: boolean }[] = []
  const leitner: { p: number; y: boolean }[] = []
  for (const history of byItem.values()) {
    let memory: ReturnType<FSRSBinding['nextStates']>['good']['memory'] | undefined
    let level = 1
    let due = ''
    history.forEach(([, date, grade], i) => {
      const previous = history[i - 1]?.[1]
      const elapsed = previous === undefined ? 0 : daysBetween(previous, date)
      if (previous !== undefined && elapsed > 0 && date >= splitDate) {
        const y = grade !== 'again'
        fsrs.push({ p: recall(elapsed, memory!.stability), y })
        leitner.push({ p: 0.9 ** (elapsed / daysBetween(previous, due)), y })
      }
      memory = binding.nextStates(memory, 0.9, elapsed)[KEYS[['again', 'hard', 'good', 'easy'].indexOf(grade)]!].memory
      level = grade === 'again' ? 1 : grade === 'hard' ? level : Math.min(6, level + (grade === 'good' ? 1 : 2))
      due = leitnerDue(date, level)
    })
  }
  return { fsrs: logLoss(fsrs), leitner: logLoss(leitner), reviews: fsrs.length }
}

interface Row {
  label: string
  scheduler: string
  reviews: number
  logLoss: number
  rmseBins: number
  auc: number | null
  reviewsPerDay: number
}

describe('schedulers --evaluate on a log simulated from known FSRS weights', () => {
  it('scores FSRS with those weights best, with figures recomputed independently', async () => {
    const lines = simulatedLog()
    const ids = [...new Set(lines.map(l => l[0].slice('deck#'.length)))]
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ids),
      [LOG]: logOf(lines),
      ...config({ fuzz: false }),
    })
    const result = await run(dir, '2027-01-01', 'schedulers', '--evaluate', '--json')
    expect(result.code, result.stderr).toBe(0)
    const evaluation = JSON.parse(result.stdout) as { splitDate: string; rows: Row[] }
    const row = (label: string) => evaluation.rows.find(r => r.label === label)!
    const fsrs = row('fsrs (default weights)')
    for (const other of evaluation.rows.filter(r => r.scheduler !== 'fsrs')) {
      expect(fsrs.logLoss).toBeLessThan(other.logLoss)
      expect(fsrs.rmseBins).toBeLessThan(other.rmseBins)
    }
    expect(fsrs.auc!).toBeGreaterThan(0.5)

    const check = independently(lines, evaluation.splitDate)
    expect(fsrs.reviews).toBe(check.reviews)
    expect(check.reviews).toBeGreaterThan(300)
    expect(Math.abs(fsrs.logLoss - check.fsrs) / check.fsrs).toBeLessThan(1e-4)
    expect(row('leitner').logLoss).toBeCloseTo(check.leitner, 10)
    // Every row is scored on the same reviews: the later half by date.
    expect(new Set(evaluation.rows.map(r => r.reviews)).size).toBe(1)
  })
})
