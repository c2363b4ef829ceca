import type { Scheduler } from '../scheduler.js'
import { MAX_LEVEL, MIN_LEVEL, boxEntry, dueAfter, initialBoxEntry, levelOf } from './intervals.js'

/**
 * Classic binary Leitner boxes (SPEC 1.6): `again` is a fail, back to box 1; hard, good and easy
 * are all a pass, one box up. Same six intervals and the same entry as Leitner.
 */
export function passfail(): Scheduler {
  return {
    name: 'passfail',
    initial: initialBoxEntry,
    review(entry, date, grade) {
      const level = grade === 'again' ? MIN_LEVEL : Math.min(MAX_LEVEL, levelOf(entry) + 1)
      return boxEntry(level, dueAfter(date, level), entry.reps + 1)
    },
  }
}
