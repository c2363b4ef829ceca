import type { Review } from '../types.js'

/** One log line, exactly `{"item":…,"date":…,"grade":…}` and a newline: writers write these three fields only (SPEC 1.4). */
export function formatReviewLine(review: Pick<Review, 'item' | 'date' | 'grade'>): string {
  return `${JSON.stringify({ item: review.item, date: review.date, grade: review.grade })}\n`
}

/**
 * The text to add at the end of the log so that `lines` stand on lines of their own: a newline
 * first when the file has content that does not end in one, so no line is ever joined to
 * another. `existing` is the file's current text, or null when it does not exist.
 */
export function appendText(existing: string | null, lines: readonly string[]): string {
  const needsNewline = existing !== null && existing.length > 0 && !existing.endsWith('\n')
  // A caller's line without its newline would join the next writer's line: end every one.
  return (needsNewline ? '\n' : '') + lines.map(line => (line.endsWith('\n') ? line : `${line}\n`)).join('')
}
