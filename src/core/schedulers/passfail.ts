import type { HistoryFolding, LogFolding } from '../replay.js'
import type { Scheduler } from '../scheduler.js'
import type { Grade } from '../types.js'
import { boxHistoryFolding, boxLogFolding, boxReview, initialBoxEntry, MAX_LEVEL, MIN_LEVEL } from './intervals.js'

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

const review = boxReview(passfailLevel)

/**
 * Classic binary Leitner boxes (SPEC 1.6): `again` is a fail, back to box 1; hard, good and easy
 * are all a pass, one box up. Same six intervals and the same entry as Leitner.
 */
export function passfail(): Scheduler & HistoryFolding & LogFolding {
  return {
    name: 'passfail',
    initial: initialBoxEntry,
    review,
    foldHistory: boxHistoryFolding(review, passfailLevel),
    foldLogged: boxLogFolding(review, passfailLevel),
  }
}
