import type { Review } from './types.js'

// Chronic failure (SPEC 1.6): derived from the log every time, never stored in the state.

/** How many times the item was failed: the `again` lines of its history. */
export function failureCount(history: readonly Pick<Review, 'grade'>[]): number {
  let failures = 0
  for (const review of history) if (review.grade === 'again') failures++
  return failures
}

/**
 * An item failed `threshold` times or more: a prompt to rewrite, not to re-drill. An item that
 * was never failed is not one, whatever the threshold (a threshold of 0 would otherwise flag
 * every item of the corpus).
 */
export function isLeech(history: readonly Pick<Review, 'grade'>[], threshold: number): boolean {
  const failures = failureCount(history)
  return failures > 0 && failures >= threshold
}
