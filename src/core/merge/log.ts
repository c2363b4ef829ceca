/**
 * The review log's merge for two devices (SPEC 4.2, ADR 0019): base + (ours − base) +
 * (theirs − base), counted as multisets of lines, so that no review either side made is lost,
 * even when both sides wrote the very same line (the same grade for the same item on the same
 * day is two reviews; git's `merge=union` would keep one).
 *
 * The result is the base's text as it was, then every added line, grouped by date in date
 * order; on one date, each side's lines stay together and in their own order (replay's
 * same-day rule, SPEC 1.5), and the two sides' groups are placed by comparing their text. Nothing
 * depends on which side is "ours", so both devices compute the same bytes.
 */
export function mergeLogs(base: string, ours: string, theirs: string): string {
  const baseLines = linesOf(base)
  const added = inOneOrder([...addedLines(baseLines, linesOf(ours)), ...addedLines(baseLines, linesOf(theirs))])
  const head = base.length === 0 || base.endsWith('\n') ? base : `${base}\n`
  if (added.length === 0) return head
  return head + added.map(line => `${line}\n`).join('')
}

/** The non-blank lines of a log text, without a byte-order mark or `\r` line ends. */
function linesOf(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const lines: string[] = []
  for (const raw of body.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (line.trim() !== '') lines.push(line)
  }
  return lines
}

/**
 * One side's lines that the base does not account for, as date groups (one per date, in the
 * side's order). Each base line accounts for one equal line of the side, the earliest.
 */
function addedLines(base: readonly string[], side: readonly string[]): Array<{ date: string; lines: string[] }> {
  const left = new Map<string, number>()
  for (const line of base) left.set(line, (left.get(line) ?? 0) + 1)
  const groups = new Map<string, string[]>()
  for (const line of side) {
    const count = left.get(line) ?? 0
    if (count > 0) {
      left.set(line, count - 1)
      continue
    }
    const date = dateOf(line)
    const group = groups.get(date)
    if (group) group.push(line)
    else groups.set(date, [line])
  }
  return [...groups].map(([date, lines]) => ({ date, lines }))
}

/** The `date` a line names (reviews and voids both carry one); '' for a line without one. */
function dateOf(line: string): string {
  return /"date"\s*:\s*"([^"\\]*)"/.exec(line)?.[1] ?? ''
}

/** Date groups of both sides in one order: by date, then by the group's text, so neither side comes first by rule. */
function inOneOrder(groups: Array<{ date: string; lines: string[] }>): string[] {
  const keyed = groups.map(group => ({ ...group, text: group.lines.join('\n') }))
  keyed.sort((a, b) => compare(a.date, b.date) || compare(a.text, b.text))
  return keyed.flatMap(group => group.lines)
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
