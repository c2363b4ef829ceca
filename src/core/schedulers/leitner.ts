import type { HistoryFolding, LogFolding } from '../replay.js'
import type { Scheduler } from '../scheduler.js'
import type { Grade } from '../types.js'
import { boxHistoryFolding, boxLogFolding, boxReview, initialBoxEntry, MAX_LEVEL, MIN_LEVEL } from './intervals.js'

/** Leitner's move from `level` (SPEC 1.6): `again` back to box 1, hard stays, good +1, easy +2. */
export function leitnerLevel(level: number, grade: Grade): number {
  switch (grade) {
    case 'again':
      return MIN_LEVEL
    case 'hard':
      return level
    case 'good':
      return Math.min(MAX_LEVEL, level + 1)
    case 'easy':
      return Math.min(MAX_LEVEL, level + 2)
    default:
      return Number.NaN
  }
}

const review = boxReview(leitnerLevel)

/** The default scheduler (SPEC 1.6): six boxes, `again` back to box 1, hard stays, good +1, easy +2. */
export function leitner(): Scheduler & HistoryFolding & LogFolding {
  return {
    name: 'leitner',
    initial: initialBoxEntry,
    review,
    // A replay folds a million reviews: only the last one's date matters to the entry.
    foldHistory: boxHistoryFolding(review, leitnerLevel),
    foldLogged: boxLogFolding(review, leitnerLevel),
  }
}
