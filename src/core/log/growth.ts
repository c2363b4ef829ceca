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
  // The usual answer, without splitting a million lines: the committed text, whole, then appends.
  if (committed === '' || current === committed) return null
  if (current.startsWith(committed.endsWith('\n') ? committed : `${committed}\n`)) return null
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
  // The lines both logs begin with hold each other (the same lines, the same counts): only what
  // follows them is counted, so a log of a million lines and a few new ones costs a comparison,
  // not a map of a million lines. Line numbers stay the earlier log's own.
  const shared = sharedLines(earlier, later)
  const left = new Map<string, number>()
  for (const line of linesOf(later, shared)) if (line.trim() !== '') left.set(line, (left.get(line) ?? 0) + 1)
  const lines = linesOf(earlier, shared)
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    if (line.trim() === '') continue
    const count = left.get(line) ?? 0
    if (count === 0) return { line: lineCount(earlier, shared) + index + 1, text: line }
    left.set(line, count - 1)
  }
  return null
}

/** Characters compared at a time while looking for where two logs part. */
const CHUNK = 1 << 16

/** The length of the longest run of whole lines (each ended by `\n`) both texts begin with. */
function sharedLines(a: string, b: string): number {
  const most = Math.min(a.length, b.length)
  let at = 0
  while (at + CHUNK <= most && b.startsWith(a.slice(at, at + CHUNK), at)) at += CHUNK
  while (at < most && a.charCodeAt(at) === b.charCodeAt(at)) at++
  // Back to the end of the last whole line in common: a line both begin but end apart is no shared line.
  return at === 0 ? 0 : a.lastIndexOf('\n', at - 1) + 1
}

/** How many lines end before `end` (the text's first `end` characters end with a newline). */
function lineCount(text: string, end: number): number {
  let count = 0
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) count++
  return count
}

/** A text's lines: the newline ends a line rather than starting one, `\r` and a byte-order mark dropped. */
function linesOf(text: string, from = 0): string[] {
  // A byte-order mark is dropped at the start of the file only, not at the start of a tail.
  const body = from === 0 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text.slice(from)
  const lines = body.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines.map(line => (line.endsWith('\r') ? line.slice(0, -1) : line))
}
