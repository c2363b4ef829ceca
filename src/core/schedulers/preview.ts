import { daysBetween } from '../dates.js'
import type { Scheduler } from '../scheduler.js'
import { GRADES, type Grade, type IsoDate, type StateEntry } from '../types.js'

export interface GradePreview {
  next_due: IsoDate
  /** Days from today to `next_due`: what the review modal's buttons and CLI practice show. */
  days: number
}

/** A preview for each of the four grades. */
export type GradePreviews = Record<Grade, GradePreview>

/**
 * What each grade would give `entry` if it were graded today: the scheduler's own `review`,
 * so the buttons can never promise a date the grade does not then produce.
 */
export function previewIntervals(
  scheduler: Scheduler,
  entry: StateEntry,
  today: IsoDate,
  item?: string,
): GradePreviews {
  const preview = {} as GradePreviews
  for (const grade of GRADES) {
    const next = scheduler.review(entry, today, grade, item)
    preview[grade] = { next_due: next.next_due, days: daysBetween(today, next.next_due) }
  }
  return preview
}
