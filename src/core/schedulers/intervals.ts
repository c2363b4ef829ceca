import { dueAfterDays, dueAfterMonths, isIsoDate } from '../dates.js'
import type { ReviewLog } from '../log/review-log.js'
import type { Scheduler } from '../scheduler.js'
import type { Grade, IsoDate, Review, StateEntry } from '../types.js'

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

// Each box's due date from each anchor, worked out once: a replay of 30,000 items meets a few
// hundred of them, and each entry held a string of its own (1 MB of a replay's peak). Bounded,
// like the dates below, so that it cannot grow forever.
const dues: Map<IsoDate, IsoDate>[] = []
const DUES_KEPT = 50_000
let duesKept = 0

/** `anchor + interval[level]`: the one rule for new items and reviewed ones alike (clamped to the supported dates, ADR 0004). */
export function dueAfter(anchor: IsoDate, level: number): IsoDate {
  const box = clampLevel(level)
  const known = dues[box]?.get(anchor)
  if (known !== undefined) return known
  const interval = BOX_INTERVALS[box - 1] ?? { days: 1 }
  const due = 'days' in interval ? dueAfterDays(anchor, interval.days) : dueAfterMonths(anchor, interval.months)
  if (duesKept >= DUES_KEPT) {
    dues.length = 0
    duesKept = 0
  }
  let ofBox = dues[box]
  if (ofBox === undefined) dues[box] = ofBox = new Map()
  ofBox.set(anchor, due)
  duesKept++
  return due
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

/** The box after one review at `level`; a number below MIN_LEVEL for a grade it does not know. */
export type BoxStep = (level: number, grade: Grade) => number

/**
 * A whole history folded the way box schedulers fold it one review at a time, without the
 * entries in between: a box entry's next level depends only on its level, and its `next_due`
 * and `reps` only on the last review and the count. Null when the shortcut might not give
 * exactly that (no reviews, a hand-made entry with odd `reps`, a date or grade that is not
 * one), so the caller folds review by review and gets the same result, errors included.
 */
export function foldBoxes(start: StateEntry, history: readonly Review[], step: BoxStep): BoxEntry | null {
  const last = history[history.length - 1]
  // Whole numbers add up the same in one sum or one at a time; fractions and huge ones need not.
  if (last === undefined || !Number.isSafeInteger(start.reps) || !Number.isSafeInteger(start.reps + history.length))
    return null
  let level = levelOf(start)
  for (const review of history) {
    level = step(level, review.grade)
    if (!(level >= MIN_LEVEL) || !isKnownDate(review.date)) return null
  }
  return boxEntry(level, dueAfter(last.date, level), start.reps + history.length)
}

// Dates already found valid. A log has a few thousand distinct dates and a million reviews: a
// look-up here costs less than checking the same ten characters again (measured: about a
// quarter of the time, in the order the fold visits them). Bounded, so it cannot grow forever.
const validDates = new Set<string>()
const VALID_DATES_KEPT = 50_000

function isKnownDate(date: string): boolean {
  if (validDates.has(date)) return true
  if (!isIsoDate(date)) return false
  if (validDates.size >= VALID_DATES_KEPT) validDates.clear()
  validDates.add(date)
  return true
}

/**
 * The `foldHistory` of a box scheduler whose one-review step is `review`. A copy of the scheduler
 * with another `review` put in (`{ ...leitner(), review }`) folds review by review, through its own.
 */
/** A box scheduler's review: the step moves the level, the level's interval from the review date gives next_due. */
export function boxReview(step: BoxStep): Scheduler['review'] {
  return (entry, date, grade) => {
    const level = step(levelOf(entry), grade)
    return boxEntry(level, dueAfter(date, level), entry.reps + 1)
  }
}

export function boxHistoryFolding(
  review: Scheduler['review'],
  step: BoxStep,
): (this: Scheduler, start: StateEntry, history: readonly Review[]) => StateEntry {
  return function foldHistory(this: Scheduler, start, history) {
    const folded = this.review === review ? foldBoxes(start, history, step) : null
    if (folded !== null) return folded
    let entry = start
    for (const { date, grade } of history) entry = this.review(entry, date, grade)
    return entry
  }
}

/**
 * The `foldLogged` of a box scheduler (replay.ts's LogFolding): `foldBoxes` over the log's
 * columns, its grades and dates read in place. Null (fold the objects) for the same cases.
 */
export function boxLogFolding(
  review: Scheduler['review'],
  step: BoxStep,
): (this: Scheduler, start: StateEntry, log: ReviewLog, id: string) => StateEntry | null {
  return function foldLogged(this: Scheduler, start, log, id) {
    if (this.review !== review || log.foldOf === undefined || !Number.isSafeInteger(start.reps)) return null
    const walk = { level: levelOf(start), count: 0, last: '', ok: true }
    log.foldOf(id, walk, (w, grade, date) => {
      if (w.ok) {
        w.level = step(w.level, grade)
        w.ok = w.level >= MIN_LEVEL && isKnownDate(date)
        w.last = date
        w.count++
      }
      return w
    })
    if (!walk.ok || walk.count === 0 || !Number.isSafeInteger(start.reps + walk.count)) return null
    return boxEntry(walk.level, dueAfter(walk.last, walk.level), start.reps + walk.count)
  }
}
