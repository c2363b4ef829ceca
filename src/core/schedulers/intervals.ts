import { addDays, addMonths } from '../dates.js'
import type { IsoDate, StateEntry } from '../types.js'

// The six boxes shared by Leitner and pass/fail (SPEC 1.6): 1 day, 3 days, 1 week, 3 weeks,
// 2 months, 6 months. Months are calendar months, clamped to the month's end.

export const MIN_LEVEL = 1
export const MAX_LEVEL = 6

type Interval = { days: number } | { months: number }

export const BOX_INTERVALS: readonly Interval[] = [
  { days: 1 },
  { days: 3 },
  { days: 7 },
  { days: 21 },
  { months: 2 },
  { months: 6 },
]

/** The entry of both box schedulers, exactly these fields in this order (SPEC 1.5). */
export interface BoxEntry extends StateEntry {
  level: number
  next_due: IsoDate
  reps: number
}

/** `anchor + interval[level]`: the one rule for new items and reviewed ones alike. */
export function dueAfter(anchor: IsoDate, level: number): IsoDate {
  const interval = BOX_INTERVALS[clampLevel(level) - 1] ?? { days: 1 }
  return 'days' in interval ? addDays(anchor, interval.days) : addMonths(anchor, interval.months)
}

export function clampLevel(level: number): number {
  return Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.trunc(level)))
}

/**
 * The level an entry stands at. Replay always starts from `initial`, so a bad value only comes
 * from a caller folding onto a hand-made entry; it counts as the first box rather than throwing.
 */
export function levelOf(entry: StateEntry): number {
  const level = entry['level']
  return typeof level === 'number' && Number.isFinite(level) ? clampLevel(level) : MIN_LEVEL
}

/** Builds the entry with its keys in the order state.json shows them. */
export function boxEntry(level: number, next_due: IsoDate, reps: number): BoxEntry {
  return { level, next_due, reps }
}

/** A never-reviewed item: first box, due on the date it was given at registration. */
export function initialBoxEntry(nextDue: IsoDate): BoxEntry {
  return boxEntry(MIN_LEVEL, nextDue, 0)
}
