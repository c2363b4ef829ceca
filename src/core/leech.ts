import type { IsoDate, Review } from './types.js'

// Chronic failure (SPEC 1.6): derived from the log every time, never stored in the state.

/**
 * How many times the item was failed: the dates with an `again` in its history. An `again`
 * relearned the same day and failed again is one failure, as Anki counts one lapse for a review
 * failed, not one for each failed step of its relearning: a single hard session must not make a
 * leech of an item. `history` is in replay order (by date), as every history is.
 */
export function failureCount(history: readonly Pick<Review, 'grade' | 'date'>[]): number {
  let failures = 0
  let lastFailed: IsoDate | null = null
  for (const review of history)
    if (review.grade === 'again' && review.date !== lastFailed) {
      failures++
      lastFailed = review.date
    }
  return failures
}

/**
 * An item failed `threshold` times or more: a prompt to rewrite, not to re-drill. An item that
 * was never failed is not one, whatever the threshold (a threshold of 0 would otherwise flag
 * every item of the corpus).
 */
export function isLeech(history: readonly Pick<Review, 'grade' | 'date'>[], threshold: number): boolean {
  const failures = failureCount(history)
  return failures > 0 && failures >= threshold
}
