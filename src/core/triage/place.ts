// Where an item goes in its target section, and how a missing section is made. Pure line
// arithmetic over a split text; the verbs in edit.ts decide what moves.
//
// Blank lines (decided here; the report and the tests say the same):
// - An item leaves with exactly its own lines. Blank lines around it stay where they are, so an
//   emptied section keeps its title and its blank lines (and stays a status in the view).
// - An item arrives after the last item of the target section (in a section without items,
//   after its last non-blank line). Blank lines that follow there are shared out the way the file
//   itself does it: as many go above the item as the file usually puts between two items (or
//   under a title, when the section has no items), and as many stay below it as the file usually
//   puts before a section title. That is what makes "promote, then demote the last item" give
//   back the same bytes in compact files, in files with a blank line under each title, and in
//   files whose items are separated by blank lines.
// - A line is added only where AsciiDoc would otherwise read the text differently: a blank line
//   between the item and a paragraph or a section title it would swallow, and the list separator
//   Asciidoctor documents (`//-` between blank lines) when the item's list marker differs from
//   the target list's, which would otherwise nest the item inside the last one, and after a
//   description list in a section without items, which would nest it too.
// - A created section is `== Title`, the file's usual number of blank lines under a title, the
//   item, then blank lines as the file usually puts before a section (at least one).

import type { NoteModel, TrackItem, TrackStatus } from '../types.js'
import { conditionalStep } from './conditionals.js'
import { isBlankLine, newLine, type SplitText, type TextLine } from './lines.js'

export interface FileLayout {
  /** Blank lines the file usually puts before a level-1 title. */
  sectionGap: number
  /** Blank lines the file usually puts between a status title and its first item. */
  titleGap: number
  /** Blank lines the file usually puts between two items of a status. */
  itemGap: number
}

/**
 * The most common value, or the fallback when there is none. On a tie, `prefer` picks. An edit
 * can only make the gaps between items or under a title smaller than the file's habit (an item
 * placed where no blank line was free) and the gaps before a title larger (the blank lines an
 * item leaves behind), so in a small note a tie leans against what the last edit may have done.
 */
function mode(values: number[], fallback: number, prefer: 'smaller' | 'larger'): number {
  const counts = new Map<number, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  let best = fallback
  let bestCount = 0
  const order = [...counts].sort((a, b) => (prefer === 'smaller' ? a[0] - b[0] : b[0] - a[0]))
  for (const [value, count] of order) {
    if (count > bestCount) [best, bestCount] = [value, count]
  }
  return best
}

export function layoutOf(split: SplitText, model: NoteModel): FileLayout {
  const text = (line: number): string => split.lines[line - 1]?.text ?? ''
  const blankRun = (from: number, to: number): number | null => {
    for (let line = from; line <= to; line++) if (!isBlankLine(text(line))) return null
    return Math.max(to - from + 1, 0)
  }
  // How a section ends shows after a section with content (the blank lines under an empty
  // section's title say something else); the header's blank lines count as one more example,
  // which settles a note of two sections whose only gap an edit has just widened.
  const titles = new Set([...model.sections.map(s => s.line), ...model.track.map(s => s.line)])
  const gaps: number[] = []
  const titleGaps: number[] = []
  const itemGaps: number[] = []
  for (const section of model.track) {
    let above = section.line - 1
    while (above >= 1 && /^\[.*\]$/.test(text(above))) above--
    let blanks = 0
    while (above >= 1 && isBlankLine(text(above))) [blanks, above] = [blanks + 1, above - 1]
    if (above >= 1 && !titles.has(above)) gaps.push(blanks)
    const first = section.items[0]
    const underTitle = first ? blankRun(section.line + 1, first.line - 1) : null
    if (underTitle !== null) titleGaps.push(underTitle)
    section.items.forEach((item, index) => {
      const next = section.items[index + 1]
      const between = next ? blankRun(item.endLine + 1, next.line - 1) : null
      if (between !== null) itemGaps.push(between)
    })
  }
  return {
    sectionGap: mode(gaps, 1, 'smaller'),
    titleGap: mode(titleGaps, 0, 'larger'),
    itemGap: mode(itemGaps, 0, 'larger'),
  }
}

/** `* [x]` and `*` make one list; `1.` and `2.` too. Different markers nest (Asciidoctor). */
export function listKind(marker: string): string {
  const base = marker.replace(/[ \t]*\[[ xX*]\]$/, '').trim()
  if (/^\d+\.$/.test(base)) return '1.'
  if (/^[a-z]\.$/.test(base)) return 'a.'
  if (/^[A-Z]\.$/.test(base)) return 'A.'
  if (/^[ivx]+\)$/.test(base)) return 'i)'
  if (/^[IVX]+\)$/.test(base)) return 'I)'
  return base
}

export interface Arrival {
  /** The lines after the edit. */
  lines: TextLine[]
  /** 1-based line where the arriving item starts. */
  line: number
  /** The title of the section created for it, when there was none. */
  created: string | null
}

function isTitleLine(model: NoteModel, origin: number): boolean {
  return origin > 0 && (model.sections.some(s => s.line === origin) || model.track.some(s => s.line === origin))
}

function blankLike(eol: string): TextLine {
  return newLine('', eol)
}

/**
 * Puts `item` (its lines, already taken out of `rest`) as the last item of `target`. `others`
 * are the target's items other than the one moving.
 */
export function arriveInSection(
  rest: TextLine[],
  split: SplitText,
  model: NoteModel,
  layout: FileLayout,
  target: TrackStatus,
  others: TrackItem[],
  item: { lines: TextLine[]; marker: string },
): Arrival {
  const last = others.length > 0 ? others.reduce((a, b) => (b.line > a.line ? b : a)) : undefined
  const anchorOrigin = last ? last.endLine : lastNonBlankOrigin(rest, target)
  const anchor = pastOpenRegions(
    rest,
    model,
    target,
    rest.findIndex(l => l.origin === anchorOrigin),
  )
  let blanks = 0
  while (anchor + 1 + blanks < rest.length && isBlankLine(rest[anchor + 1 + blanks]!.text)) blanks++
  const atEnd = anchor + 1 + blanks === rest.length
  const room = atEnd ? blanks : Math.max(blanks - layout.sectionGap, 0)
  const wanted = last ? layout.itemGap : isTitleLine(model, anchorOrigin) ? layout.titleGap : 1
  const skip = Math.min(wanted, room)
  const at = anchor + 1 + skip
  const before: TextLine[] = []
  const after: TextLine[] = []
  const previous = rest[at - 1]
  const following = rest[at]
  if (last && listKind(last.marker) !== listKind(item.marker)) {
    if (previous && !isBlankLine(previous.text)) before.push(blankLike(split.eol))
    before.push(newLine('//-', split.eol), blankLike(split.eol))
  } else if (!last && model.dlistEntries.some(entry => entry.line > target.line && entry.line <= anchorOrigin)) {
    // A section without items but with a description list: a list after it, blank line or not,
    // is read as nested in its last entry and would not be an item. The separator ends it (on
    // a paragraph after the list it is one comment line more, and harmless).
    if (previous && !isBlankLine(previous.text) && !isTitleLine(model, previous.origin))
      before.push(blankLike(split.eol))
    before.push(newLine('//-', split.eol), blankLike(split.eol))
  } else if (!last && previous && !isBlankLine(previous.text) && !isTitleLine(model, previous.origin)) {
    before.push(blankLike(split.eol))
  }
  if (following && !isBlankLine(following.text) && isTitleLine(model, following.origin))
    after.push(blankLike(split.eol))
  const lines = [...rest.slice(0, at), ...before, ...item.lines, ...after, ...rest.slice(at)]
  return { lines, line: at + before.length + 1, created: null }
}

/**
 * The index of the `endif::[]` that closes the conditional regions opened in the section and
 * still open at `anchor` (the last item inside `ifndef::x[]`, or one that opens `ifdef::x[]` under
 * it), else `anchor`: an item put before that line would be hidden whenever the region is.
 */
function pastOpenRegions(rest: TextLine[], model: NoteModel, target: TrackStatus, anchor: number): number {
  const title = rest.findIndex(l => l.origin === target.line)
  let depth = 0
  // A region opened above the title and closed inside the section is not the section's to close.
  for (let i = title + 1; i <= anchor; i++)
    depth = Math.max(depth + conditionalStep(model, rest[i]!.origin, rest[i]!.text), 0)
  let at = anchor
  while (depth > 0 && at + 1 < rest.length && rest[at + 1]!.origin <= target.endLine) {
    at++
    depth += conditionalStep(model, rest[at]!.origin, rest[at]!.text)
  }
  return depth === 0 ? at : anchor
}

function lastNonBlankOrigin(rest: TextLine[], section: TrackStatus): number {
  let found = section.line
  for (const line of rest) {
    if (line.origin >= section.line && line.origin <= section.endLine && !isBlankLine(line.text)) found = line.origin
  }
  return found
}

/**
 * Creates `== title` with the item, before `before` (the first section that ranks lower) or at
 * the end of the file.
 */
export function arriveInNewSection(
  rest: TextLine[],
  split: SplitText,
  layout: FileLayout,
  title: string,
  before: TrackStatus | undefined,
  item: { lines: TextLine[] },
): Arrival {
  const eol = split.eol
  const gap = Math.max(layout.sectionGap, 1)
  const blanks = (n: number): TextLine[] => Array.from({ length: n }, () => blankLike(eol))
  const section = [newLine(`== ${title}`, eol), ...blanks(layout.titleGap), ...item.lines]
  let at: number
  let lead: TextLine[] = []
  let tail: TextLine[] = []
  if (before) {
    // The title's own attribute lines (`[#id]`, `[[id]]`) stay with it.
    let first = before.line
    while (first > 1 && /^\[.*\]$/.test(split.lines[first - 2]?.text ?? '')) first--
    at = rest.findIndex(l => l.origin === first)
    if (at < 0) at = rest.findIndex(l => l.origin === before.line)
    if (at > 0 && !isBlankLine(rest[at - 1]!.text)) lead = blanks(1)
    tail = blanks(gap)
  } else {
    at = rest.length
    let trailing = 0
    while (trailing < rest.length && isBlankLine(rest[rest.length - 1 - trailing]!.text)) trailing++
    if (rest.length > 0) lead = blanks(Math.max(gap - trailing, 0))
  }
  const lines = [...rest.slice(0, at), ...lead, ...section, ...tail, ...rest.slice(at)]
  return { lines, line: at + lead.length + 2 + layout.titleGap, created: title }
}
