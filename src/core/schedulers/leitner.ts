import type { Scheduler } from '../scheduler.js'
import type { Grade } from '../types.js'
import { MAX_LEVEL, MIN_LEVEL, boxEntry, dueAfter, initialBoxEntry, levelOf } from './intervals.js'

// How many boxes each grade moves an item up; `again` is handled apart (back to the first box).
const STEP: Record<Exclude<Grade, 'again'>, number> = { hard: 0, good: 1, easy: 2 }

/** The default scheduler (SPEC 1.6): six boxes, `again` back to box 1, hard stays, good +1, easy +2. */
export function leitner(): Scheduler {
  return {
    name: 'leitner',
    initial: initialBoxEntry,
    review(entry, date, grade) {
      const level = grade === 'again' ? MIN_LEVEL : Math.min(MAX_LEVEL, levelOf(entry) + STEP[grade])
      return boxEntry(level, dueAfter(date, level), entry.reps + 1)
    },
  }
}
