import { daysBetween, dueAfterDays } from '../dates.js'
import type { Scheduler } from '../scheduler.js'
import type { Grade, IsoDate, StateEntry } from '../types.js'

// SuperMemo SM-2 (Wozniak 1990, http://super-memory.com/english/ol/sm2.htm), read as
// docs/adr/0002-sm2-grade-mapping.md explains: q = rating + 1, EF updated on every grade,
// the interval after repetition n computed with the EF just updated, fractions rounded up.

/** The 0-5 quality of each grade: srs-benchmark's q = rating + 1 (again 2, hard 3, good 4, easy 5). */
export const SM2_QUALITY: Readonly<Record<Grade, number>> = { again: 2, hard: 3, good: 4, easy: 5 }

// The E-Factor moves in whole hundredths (+0.10, 0, -0.14, -0.32 for q = 5..2), so it is kept as
// an integer number of hundredths: no float drift, and ceil(I * EF) cannot be pushed over a whole
// number by a representation error (10 * 2.2 is 22.000000000000004 in binary floating point).
const INITIAL_EF_HUNDREDTHS = 250
const MIN_EF_HUNDREDTHS = 130

/** The state.json entry of an SM-2 item; keys in alphabetical order like Leitner's. */
export interface Sm2Entry extends StateEntry {
  /** The E-Factor, always a whole number of hundredths (2.5, 2.36, 1.3). */
  ef: number
  /** Days from the last review to `next_due`; 0 while never reviewed. */
  interval: number
  next_due: IsoDate
  /** SM-2's n: successful repetitions since the item was learnt or last failed. */
  repetition: number
  /** Graded review lines applied, failures and same-day repeats included (SPEC 1.5). */
  reps: number
}

/** EF' = EF + (0.1 - (5-q)(0.08 + (5-q)0.02)), in hundredths, floored at 1.3. */
export function nextEfHundredths(efHundredths: number, quality: number): number {
  const miss = 5 - quality
  return Math.max(MIN_EF_HUNDREDTHS, efHundredths + 10 - miss * (8 + miss * 2))
}

/** I(1) = 1, I(2) = 6, I(n) = ceil(I(n-1) * EF) for n > 2. */
export function sm2Interval(repetition: number, previousInterval: number, efHundredths: number): number {
  if (repetition <= 1) return 1
  if (repetition === 2) return 6
  // Integer ceil division: exact, whatever the size of the product.
  return Math.max(1, Math.floor((previousInterval * efHundredths + 99) / 100))
}

function wholeField(entry: StateEntry, key: string, fallback: number): number {
  const value = entry[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback
}

function efHundredthsOf(entry: StateEntry): number {
  return Math.max(MIN_EF_HUNDREDTHS, Math.round(wholeField(entry, 'ef', INITIAL_EF_HUNDREDTHS / 100) * 100))
}

function sm2Entry(
  efHundredths: number,
  interval: number,
  next_due: IsoDate,
  repetition: number,
  reps: number,
): Sm2Entry {
  return { ef: efHundredths / 100, interval, next_due, repetition, reps }
}

/**
 * SM-2 (SPEC 1.6). Every review line is one graded repetition, same-day repeats included: the
 * log cannot tell the original's same-day re-drill (step 7) from a repetition (ADR 0002).
 */
export function sm2Scheduler(): Scheduler {
  return {
    name: 'sm2',
    initial(nextDue: IsoDate): Sm2Entry {
      return sm2Entry(INITIAL_EF_HUNDREDTHS, 0, nextDue, 0, 0)
    },
    review(entry, date, grade) {
      const quality = SM2_QUALITY[grade]
      const ef = nextEfHundredths(efHundredthsOf(entry), quality)
      const passed = quality >= 3
      const repetition = passed ? Math.max(0, Math.trunc(wholeField(entry, 'repetition', 0))) + 1 : 0
      // A failure starts the repetitions again "as if the item was memorized anew": like a newly
      // registered item, it comes back the next day, and the next pass is repetition 1.
      const interval = passed
        ? sm2Interval(repetition, Math.max(1, Math.trunc(wholeField(entry, 'interval', 1))), ef)
        : 1
      // SM-2's intervals grow without bound: a due date past the supported range is its last
      // day, and the interval kept is the one that date stands for (ADR 0004).
      const nextDue = dueAfterDays(date, interval)
      const kept = Math.min(interval, Math.max(1, daysBetween(date, nextDue)))
      return sm2Entry(ef, kept, nextDue, repetition, entry.reps + 1)
    },
  }
}
