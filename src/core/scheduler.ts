import type { Grade, IsoDate, SchedulerName, StateEntry } from './types.js'

/**
 * The seam between the fixed contract (four grades, a day-granular log) and an algorithm.
 * A scheduler is a pure fold: replay starts from `initial` and applies every review line of an
 * item, in replay order (SPEC 1.5). It never reads the clock; dates come in as `YYYY-MM-DD`.
 */
export interface Scheduler {
  readonly name: SchedulerName
  /** The entry of a never-reviewed item (reps 0) that is due on `nextDue`. */
  initial(nextDue: IsoDate): StateEntry
  /**
   * The entry after one graded review on `date`. Must not mutate `entry`. `item` is the id the
   * review was logged under: the fuzz (SPEC 1.6) draws from it, so replay and preview pass it.
   */
  review(entry: StateEntry, date: IsoDate, grade: Grade, item?: string): StateEntry
}
