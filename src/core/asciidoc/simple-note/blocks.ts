// The blocks of a note's body as the simple path reads them: sections, listing and literal
// blocks, paragraphs, lists of one-line items, `::` lists with what is attached to their items.
// Anything else gives up (note.ts, giveUp), and the full walker reads the note.

import { headingId } from '../blocks.js'
import { type BlockAttributes, noAttributes } from '../metadata.js'
import { registerAnchor } from '../sink.js'
import { ANY_LIST, LEADING_INLINE_ANCHOR } from '../syntax.js'
import {
  atxLevel,
  atxTitle,
  delimiterAt,
  dlistDelimiter,
  isBlockAttribute,
  listMarkerEnd,
  readMetadata,
  refuseOtherBlocks,
  refuseSetext,
} from './lines.js'
import { ANCHOR, COMMENT, giveUp, isSpace, LETTER_COLON, LISTING, LITERAL, MARKUP, type Note, TEXT } from './note.js'

/** Reads the block at `start` (blank lines first); returns the index after it. */
export function readBlock(note: Note, start: number): number {
  let index = start
  while (index < note.count && note.isBlank(index)) index++
  if (index >= note.count) return index
  const attrs = noAttributes()
  while (index < note.count && readMetadata(note, index, attrs)) {
    index++
    while (index < note.count && note.isBlank(index)) index++
  }
  if (index >= note.count) return index

  const level = atxLevel(note, index)
  if (level >= 0) {
    if (attrs.style !== null) giveUp('styled section')
    if (level === 0) giveUp('level-0 title in the body')
    readSection(note, index, level, attrs)
    return index + 1
  }
  refuseSetext(note, index)
  const delimiter = delimiterAt(note, index)
  if (delimiter) {
    let code: number
    const style = attrs.style
    if (delimiter.context === 'listing' && (style === null || style === 'source' || style === 'listing')) code = LISTING
    else if (delimiter.context === 'literal' && style === null) code = LITERAL
    else return giveUp(`${delimiter.context} block`)
    const closing = closingOf(note, index, delimiter.terminator)
    for (let line = index; line <= closing; line++) note.classify(line, code)
    registerBlockId(note, attrs)
    return closing + 1
  }
  const c = note.first(index)
  if (isSpace(c)) giveUp('indented')
  let after: number
  refuseOtherBlocks(note, index)
  if (listMarkerEnd(note, index) >= 0) {
    if (attrs.style !== null || attrs.styleAttribute !== null) giveUp('styled list')
    after = readList(note, index)
  } else if (dlistDelimiter(note, index) >= 0) {
    // `[source]` and the other verbatim styles make a paragraph of it; `[qanda]` keeps the list.
    if (attrs.style !== null && attrs.style !== 'qanda') giveUp('styled list')
    after = readDescriptionList(note, index, attrs.styleAttribute)
  } else {
    if (attrs.style !== null) giveUp('styled paragraph')
    after = readParagraph(note, index)
  }
  registerBlockId(note, attrs)
  return after
}

function registerBlockId(note: Note, attrs: BlockAttributes): void {
  if (attrs.id !== null) registerAnchor(note.sink, attrs.id, attrs.idLine, 'block')
}

/** The index of the line that closes a delimited block opened at `open`. */
function closingOf(note: Note, open: number, terminator: string): number {
  for (let line = open + 1; line < note.count; line++) {
    if (note.length(line) === terminator.length && note.text.startsWith(terminator, note.starts[line])) return line
  }
  return giveUp('unterminated block')
}

function readSection(note: Note, index: number, level: number, attrs: BlockAttributes): void {
  const sink = note.sink
  if (sink.attributes.has('leveloffset') || sink.attributes.get('doctype') === 'book') giveUp('level offset')
  const title = atxTitle(note, index)
  note.classify(index, TEXT)
  const id = headingId(sink, attrs.id, title)
  if (id !== '') registerAnchor(sink, id, index + 1, 'section')
  sink.sections.push({ level, title, id, line: index + 1, firstLine: attrs.firstLine || index + 1 })
}

function readParagraph(note: Note, start: number): number {
  let index = start
  for (; index < note.count; index++) {
    if (note.isBlank(index)) break
    const c = note.first(index)
    if (index > start && c === 43 && note.length(index) === 1) break
    if (delimiterAt(note, index) !== null || isBlockAttribute(note, index)) break
    if (c === 47 && note.text.charCodeAt((note.starts[index] as number) + 1) === 47) {
      if (note.text.charCodeAt((note.starts[index] as number) + 2) === 47) giveUp('/// line')
      note.classify(index, COMMENT)
      continue
    }
    note.classify(index, TEXT)
    // A paragraph's `[[id]]` and `anchor:id[]` anchors: read by the full walker's scan of them.
    if (holdsInlineAnchor(note, index)) giveUp('inline anchor')
  }
  return index
}

/** A list item's text, and its marker as the full walker records it (a checkbox beside the marker). */
function itemText(
  note: Note,
  index: number,
  markerEnd: number,
  checkbox: boolean,
): { text: string; marker: string; anchor: string | null } {
  const text = note.text
  let at = markerEnd
  while (isSpace(text.charCodeAt(at))) at++
  const own = text.slice(at, note.ends[index] as number)
  let marker = text.slice(note.starts[index] as number, markerEnd)
  let body = own
  let anchor: string | null = null
  if (own.startsWith('[[')) {
    anchor = LEADING_INLINE_ANCHOR.exec(own)?.[1] ?? null
  } else if (checkbox && /^\[[ x*]\] /.test(own)) {
    marker = `${marker} ${own.slice(0, 3)}`
    body = own.slice(4)
  }
  return { text: body, marker, anchor }
}

/** A list marker as a number, so that comparing two costs no string: `-` is 0, `*` x k is k, `.` x k is 100 + k, no item -1. */
function markerOf(note: Note, index: number): number {
  const end = listMarkerEnd(note, index)
  if (end < 0) return -1
  const start = note.starts[index] as number
  const c = note.text.charCodeAt(start)
  return c === 45 ? 0 : c === 42 ? end - start : 100 + end - start
}
const markerLength = (marker: number): number => (marker === 0 ? 1 : marker < 100 ? marker : marker - 100)
/** Only an unordered item has a checkbox. */
const isUnordered = (marker: number): boolean => marker < 100

/** A list of one-line items; an item may hold a list of another marker written directly below it. */
function readList(note: Note, start: number): number {
  const marker = markerOf(note, start)
  let index = start
  for (;;) {
    const item = itemText(note, index, (note.starts[index] as number) + markerLength(marker), isUnordered(marker))
    note.classify(index, TEXT)
    if (item.anchor !== null) registerAnchor(note.sink, item.anchor, index + 1, 'inline')
    const rest = readItemRest(note, index, true)
    let next = rest.next
    const nested = next < note.count ? markerOf(note, next) : -1
    // Another marker below an item starts a list inside it (`**` under `*`, `-` under `*`); after a
    // paragraph attached with `+` the full walker reads it as more of that paragraph.
    if (nested >= 0 && nested !== marker) {
      if (rest.attached) giveUp('a list after an attached paragraph')
      next = readNestedItems(note, next, nested, marker)
    }
    const last = next - 1
    if (note.keepTopLevel)
      note.sink.topLevelItems.push({
        line: index + 1,
        endLine: last + 1,
        text: item.text.trim(),
        marker: item.marker.trim(),
      })
    if (next >= note.count) return next
    if (!note.isBlank(next)) {
      if (markerOf(note, next) === marker) {
        index = next
        continue
      }
      if (delimiterAt(note, next) !== null) return next
      return giveUp('a second line in a list item')
    }
    let after = next
    while (after < note.count && note.isBlank(after)) after++
    if (after >= note.count) return after
    if (markerOf(note, after) === marker) {
      index = after
      continue
    }
    refuseListContinuation(note, after)
    return next
  }
}

/** Items of `marker` directly below an item of `outer`; returns the index after them. */
function readNestedItems(note: Note, start: number, marker: number, outer: number): number {
  let index = start
  for (; index < note.count; index++) {
    if (markerOf(note, index) !== marker) break
    const item = itemText(note, index, (note.starts[index] as number) + markerLength(marker), false)
    note.classify(index, TEXT)
    if (item.anchor !== null) registerAnchor(note.sink, item.anchor, index + 1, 'inline')
  }
  if (index < note.count && !note.isBlank(index) && markerOf(note, index) !== outer) giveUp('nested list end')
  return index
}

/** After blank lines a list ends at a line the full walker would not attach to its last item. */
function refuseListContinuation(note: Note, index: number): void {
  const c = note.first(index)
  if (isSpace(c) || (c === 43 && note.length(index) === 1)) giveUp('continuation after blank')
  if (ANY_LIST.test(note.line(index))) giveUp('list after blank')
}

/** A `::` list whose items have text, each with at most one block attached by `+`. */
function readDescriptionList(note: Note, start: number, style: string | null): number {
  let index = start
  for (;;) {
    const delimiter = dlistDelimiter(note, index)
    if (delimiter < 0) return index
    const text = note.text
    const lineStart = note.starts[index] as number
    const lineEnd = note.ends[index] as number
    let textStart = delimiter + 2
    while (textStart < lineEnd && isSpace(text.charCodeAt(textStart))) textStart++
    if (textStart >= lineEnd) giveUp('term without text')
    note.classify(index, TEXT)
    const term = text.slice(lineStart, delimiter)
    let anchor: string | null = null
    if (term.startsWith('[[')) {
      anchor = LEADING_INLINE_ANCHOR.exec(term)?.[1] ?? null
      if (anchor !== null) registerAnchor(note.sink, anchor, index + 1, 'inline')
    }
    const next = readItemRest(note, index, false).next
    // The description: the text after `::`, then every line the item spans, as Asciidoctor reads them.
    const description =
      next === index + 1 ? text.slice(textStart, lineEnd) : joinLines(note, index, next - 1, textStart)
    note.sink.dlistEntries.push({ style, term, termLine: index + 1, description: description.trim(), anchor })
    if (next >= note.count) return next
    if (!note.isBlank(next)) {
      if (dlistDelimiter(note, next) >= 0) {
        index = next
        continue
      }
      if (delimiterAt(note, next) !== null) return next
      return giveUp('a second line in a dlist item')
    }
    let after = next
    while (after < note.count && note.isBlank(after)) after++
    if (after >= note.count) return after
    if (dlistDelimiter(note, after) >= 0) {
      index = after
      continue
    }
    if (isBlockAttribute(note, after)) {
      let line = after
      while (line < note.count && (note.isBlank(line) || isBlockAttribute(note, line))) line++
      // At the end the full walker reads the attribute lines into the item and drops them.
      if (line >= note.count) giveUp('attribute lines at the end')
      if (delimiterAt(note, line) === null && ANY_LIST.test(note.line(line))) {
        if (dlistDelimiter(note, line) < 0) giveUp('attribute line, then a list')
      }
      return next
    }
    refuseListContinuation(note, after)
    return next
  }
}

/**
 * The lines of a list item after its first: lines written directly below it (more of its text),
 * then paragraphs and blocks attached with `+`. Returns the index after them, and whether
 * anything was attached.
 */
function readItemRest(note: Note, first: number, listLinesEnd: boolean): { next: number; attached: boolean } {
  let next = first + 1
  while (next < note.count && isRunOnLine(note, next, listLinesEnd)) note.classify(next++, TEXT)
  let attached = false
  while (next < note.count && isPlus(note, next)) {
    attached = true
    const line = next + 1
    if (line >= note.count) giveUp('`+` at the end')
    if (note.first(line) === 91 || delimiterAt(note, line) !== null) {
      next = readAttachedBlock(note, next) + 1
      continue
    }
    // An attached paragraph: its lines as the lines below an item's first are read.
    if (!isRunOnLine(note, line, false)) giveUp('attached line')
    note.classify(next, MARKUP)
    next = line
    while (next < note.count && isRunOnLine(note, next, false)) note.classify(next++, TEXT)
  }
  return { next, attached }
}

/** `[[` or `anchor:` in the line: a paragraph's inline anchors, which the full walker registers. */
const holdsInlineAnchor = (note: Note, index: number): boolean =>
  note.holds(index, ANCHOR) || (note.holds(index, LETTER_COLON) && note.line(index).includes('anchor:'))

const isPlus = (note: Note, index: number): boolean => note.first(index) === 43 && note.length(index) === 1

/**
 * A line below a list item's first that the full walker reads as more of the item's paragraph;
 * false for a line that ends it (blank, a `::` item, `+`, a delimiter, and, when `listLinesEnd`,
 * a list item: the caller reads it as a sibling or a nested list). Gives up on a line it could
 * read as anything else (a list in a `::` item, a block title, an attribute line, a comment...).
 */
function isRunOnLine(note: Note, index: number, listLinesEnd: boolean): boolean {
  if (note.isBlank(index) || isPlus(note, index) || dlistDelimiter(note, index) >= 0) return false
  if (delimiterAt(note, index) !== null) return false
  if (listMarkerEnd(note, index) >= 0) {
    if (listLinesEnd) return false
    giveUp('a list in an item')
  }
  const c = note.first(index)
  if (isSpace(c) || c === 91 || c === 46 || c === 47 || c === 58) giveUp('item line form')
  refuseOtherBlocks(note, index)
  if (ANY_LIST.test(note.line(index))) giveUp('a list in an item')
  if (holdsInlineAnchor(note, index)) giveUp('an anchor in an item')
  return true
}

/** `+`, an optional `[source]` line, then a listing or literal block; returns the block's last line. */
function readAttachedBlock(note: Note, plus: number): number {
  let open = plus + 1
  let styled = false
  if (open < note.count && note.first(open) === 91) {
    // The attributes apply to the block: a language for a listing, nothing else here.
    if (!/^\[source(?:,[\w+-]+)?\]$/.test(note.line(open))) giveUp('attached block attributes')
    note.classify(open++, MARKUP)
    styled = true
  }
  const block = open < note.count ? delimiterAt(note, open) : null
  if (block === null || !(block.context === 'listing' || (block.context === 'literal' && !styled)))
    giveUp('attached block')
  const closing = closingOf(note, open, (block as { terminator: string }).terminator)
  note.classify(plus, MARKUP)
  const code = (block as { context: string }).context === 'listing' ? LISTING : LITERAL
  for (let line = open; line <= closing; line++) note.classify(line, code)
  return closing
}

/** The item's text and the lines it spans, each as Asciidoctor reads it. */
function joinLines(note: Note, term: number, last: number, textStart: number): string {
  const parts = [note.text.slice(textStart, note.ends[term] as number)]
  for (let line = term + 1; line <= last; line++) parts.push(note.line(line))
  return parts.join('\n')
}
