/**
 * Whether a review log only grew (SPEC 4.3). The log is append-only: a line changed in place
 * travels to the other device as a new line, so its review counts twice there, and a line
 * removed is lost on both devices once the shorter log is taken. `notekeeper sync` asks these
 * two questions before it commits, merges or pushes a log.
 */

/** A line of the earlier log that the later one does not keep: its number (from 1) and its text. */
export interface LostLine {
  line: number
  text: string
}

/**
 * The first line of `committed` that `current` does not have at the same place, or null when
 * `current` begins with `committed` line for line (`\r` and a byte-order mark aside). For a log
 * and what a writer appended to it: writers put a newline first when the last line has none
 * (`appendText`), so an unfinished last line stays as it was and must compare equal, whole; a
 * last line that was completed or extended in place was rewritten.
 */
export function firstRewrittenLine(committed: string, current: string): LostLine | null {
  const before = linesOf(committed)
  const after = linesOf(current)
  for (let index = 0; index < before.length; index++)
    if (after[index] !== before[index]) return { line: index + 1, text: before[index] as string }
  return null
}

/**
 * The first line of `earlier` that `later` no longer holds, counting repeats (two equal lines
 * are two reviews), or null when every line is still there. For a log across commits, where a
 * merge may have put the other device's lines before ours (the merged log is the base, then the
 * added lines by date: SPEC 4.2), so the later log need not begin with the earlier one; it must
 * still hold every line of it. Blank lines are not reviews and are not counted, as the merge
 * does not count them.
 */
export function firstLostLine(earlier: string, later: string): LostLine | null {
  const left = new Map<string, number>()
  for (const line of linesOf(later)) if (line.trim() !== '') left.set(line, (left.get(line) ?? 0) + 1)
  const lines = linesOf(earlier)
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    if (line.trim() === '') continue
    const count = left.get(line) ?? 0
    if (count === 0) return { line: index + 1, text: line }
    left.set(line, count - 1)
  }
  return null
}

/** A text's lines: the newline ends a line rather than starting one, `\r` and a byte-order mark dropped. */
function linesOf(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const lines = body.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines.map(line => (line.endsWith('\r') ? line.slice(0, -1) : line))
}
