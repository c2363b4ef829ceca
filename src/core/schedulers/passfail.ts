import type { HistoryFolding } from '../replay.js'
import type { Scheduler } from '../scheduler.js'
import type { Grade, IsoDate, StateEntry } from '../types.js'
import { MAX_LEVEL, MIN_LEVEL, boxEntry, boxHistoryFolding, dueAfter, initialBoxEntry, levelOf } from './intervals.js'

/** `again` is a fail, back to box 1; hard, good and easy are all a pass, one box up. */
export function passfailLevel(level: number, grade: Grade): number {
  switch (grade) {
    case 'again':
      return MIN_LEVEL
    case 'hard':
    case 'good':
    case 'easy':
      return Math.min(MAX_LEVEL, level + 1)
    default:
      return Number.NaN
  }
}

function review(entry: StateEntry, date: IsoDate, grade: Grade): StateEntry {
  const level = grade === 'again' ? MIN_LEVEL : Math.min(MAX_LEVEL, levelOf(entry) + 1)
  return boxEntry(level, dueAfter(date, level), entry.reps + 1)
}

/**
 * Classic binary Leitner boxes (SPEC 1.6): `again` is a fail, back to box 1; hard, good and easy
 * are all a pass, one box up. Same six intervals and the same entry as Leitner.
 */
export function passfail(): Scheduler & HistoryFolding {
  return {
    name: 'passfail',
    initial: initialBoxEntry,
    review,
    foldHistory: boxHistoryFolding(review, passfailLevel),
  }
}
