// What one line of a note is, read from its characters where the form is plain, and by the full
// walker's own functions on the rare lines that are not: titles, metadata lines, delimiters, list
// markers, `::` delimiters, and the lines the simple path gives up on.

import { type BlockAttributes, readMetadataLine } from '../metadata.js'
import { Reader } from '../reader.js'
import { BLOCK_MEDIA_MACRO, CALLOUT_LIST, delimiterOf, isBlockAttributeLine } from '../syntax.js'
import {
  ATTRIBUTE_ENTRY,
  COLONS,
  COMMENT,
  giveUp,
  isAsciiWord,
  isSpace,
  MARKUP,
  type Note,
  SEMICOLONS,
  TEXT,
} from './note.js'

/** The level of an ATX title written with `=` (0 for `= x`), or -1; gives up on forms it does not read. */
export function atxLevel(note: Note, index: number): number {
  const text = note.text
  const start = note.starts[index] as number
  const end = note.ends[index] as number
  if (text.charCodeAt(start) === 35) {
    if (text.charCodeAt(start + 1) === 35 || isSpace(text.charCodeAt(start + 1))) giveUp('# title')
    return -1
  }
  let at = start
  while (at < end && text.charCodeAt(at) === 61) at++
  const marks = at - start
  if (marks === 0 || marks > 6 || at >= end || !isSpace(text.charCodeAt(at))) return -1
  while (at < end && isSpace(text.charCodeAt(at))) at++
  if (at >= end) return -1
  // A closing `==`, a trailing `[[id]]` or an attribute reference: read by the full walker.
  const last = text.charCodeAt(end - 1)
  if (last === 61 || last === 93) giveUp('title form')
  return marks - 1
}

/** The title text of an ATX line already known to be one. */
export function atxTitle(note: Note, index: number): string {
  const text = note.text
  let at = note.starts[index] as number
  while (text.charCodeAt(at) === 61) at++
  while (isSpace(text.charCodeAt(at))) at++
  return text.slice(at, note.ends[index] as number)
}

const SETEXT_MARKS = new Set([61, 45, 126, 94, 43])

/** Gives up where the full walker could read a two-line (setext) title. */
export function refuseSetext(note: Note, index: number): void {
  const next = index + 1
  if (next >= note.count) return
  const mark = note.first(next)
  if (!SETEXT_MARKS.has(mark)) return
  const text = note.text
  for (let at = (note.starts[next] as number) + 1; at < (note.ends[next] as number); at++)
    if (text.charCodeAt(at) !== mark) return
  if (Math.abs(note.length(index) - note.length(next)) < 2) giveUp('setext')
}

/** Reads one metadata line with the full walker's reader of them; false when the line is none. */
export function readMetadata(note: Note, index: number, attrs: BlockAttributes): boolean {
  const c = note.first(index)
  if (!(c === 91 || c === 46 || c === 47 || c === 58)) return false
  if (c === 91 && readPlainAttributeLine(note, index, attrs)) return true
  const text = note.line(index)
  if (c === 47 && /^\/{4,}$/.test(text)) giveUp('comment block')
  if (c === 58 && (text.endsWith(' \\') || text.endsWith(' +'))) giveUp('attribute continuation')
  // The sink has no classes of its own (its `classify` writes none): the class is set here.
  const read = readMetadataLine(new Reader([{ text, line: index + 1 }]), note.sink, attrs, false)
  if (read) note.classify(index, metadataClass(c, text))
  return read
}

const isIdStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const isIdPart = (c: number): boolean => isAsciiWord(c) || c === 45

/**
 * `[#id]`, `[[id]]`, `[style]` and `[style,word,...]` read from their characters, as
 * readMetadataLine reads them (false for any other form, which it then reads): the id, or the
 * style both as written first and as the block's style attribute.
 */
export function readPlainAttributeLine(note: Note, index: number, attrs: BlockAttributes): boolean {
  const text = note.text
  const start = note.starts[index] as number
  const end = note.ends[index] as number
  if (end - start < 3 || text.charCodeAt(end - 1) !== 93) return false
  let at = start + 1
  const anchor = text.charCodeAt(at) === 91
  if (anchor || text.charCodeAt(at) === 35) {
    at++
    const idStart = at
    if (!isIdStart(text.charCodeAt(at))) return false
    while (at < end && isIdPart(text.charCodeAt(at))) at++
    if (at !== (anchor ? end - 2 : end - 1) || (anchor && text.charCodeAt(end - 2) !== 93)) return false
    attrs.id = text.slice(idStart, at)
    attrs.idLine = index + 1
  } else {
    if (!isIdStart(text.charCodeAt(at))) return false
    while (at < end - 1 && isIdPart(text.charCodeAt(at))) at++
    const style = text.slice(start + 1, at)
    // Positional attributes after the style (`[source,shell]`): plain words only.
    while (at < end - 1) {
      if (text.charCodeAt(at) !== 44) return false
      const word = ++at
      while (at < end - 1 && (isIdPart(text.charCodeAt(at)) || text.charCodeAt(at) === 43)) at++
      if (at === word) return false
    }
    attrs.style = style
    attrs.styleAttribute = style
  }
  if (attrs.firstLine === 0) attrs.firstLine = index + 1
  note.classify(index, MARKUP)
  return true
}

/** The class readMetadataLine gives the line it read. */
function metadataClass(first: number, text: string): number {
  if (first === 91) return MARKUP
  if (first === 46) return TEXT
  if (first === 47) return COMMENT
  return text.startsWith(':') ? ATTRIBUTE_ENTRY : TEXT
}

/** Where a line's delimiter starts, if it may be one: the full walker's test on the rare lines that pass the first. */
export function delimiterAt(note: Note, index: number) {
  if (note.length(index) < 2) return null
  const text = note.text
  const start = note.starts[index] as number
  const a = text.charCodeAt(start)
  const b = text.charCodeAt(start + 1)
  if (a !== b && !(b === 61 && (a === 124 || a === 44 || a === 58 || a === 33))) return null
  return delimiterOf(note.line(index))
}

export function isBlockAttribute(note: Note, index: number): boolean {
  return note.first(index) === 91 && note.last(index) === 93 && isBlockAttributeLine(note.line(index))
}

/**
 * Where a list item's marker ends (at the space after it), or -1: `-`, `*`, `**`, ... and `.`,
 * `..`, ... at the line's start (numbered and lettered items are the full walker's).
 */
export function listMarkerEnd(note: Note, index: number): number {
  const text = note.text
  const start = note.starts[index] as number
  const c = text.charCodeAt(start)
  let end = start + 1
  if (c === 42 || c === 46) while (text.charCodeAt(end) === c) end++
  else if (c !== 45) {
    if (c === 0x2022 || isSpace(c)) giveUp('list form')
    return -1
  }
  return end < (note.ends[index] as number) && isSpace(text.charCodeAt(end)) ? end : -1
}

/** A line an ordered list, a callout list, a break or a block macro could start: the full walker reads those. */
export function refuseOtherBlocks(note: Note, index: number): void {
  const text = note.text
  const start = note.starts[index] as number
  const c = text.charCodeAt(start)
  if (c === 46) {
    // `. x` is an item read here; `.x` a block title, read as metadata before; anything else is the full walker's.
    if (listMarkerEnd(note, index) < 0) giveUp('dot line')
  } else if (c >= 48 && c <= 57) {
    // `1.` is a numbered item: only digits followed by a dot count.
    let at = start
    while (text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++
    if (text.charCodeAt(at) === 46) giveUp('ordered list')
  } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
    const next = text.charCodeAt(start + 1)
    if (next === 46 || next === 41) giveUp('ordered list')
    let at = start
    while (ROMAN.has(text.charCodeAt(at))) at++
    if (at > start && text.charCodeAt(at) === 41) giveUp('ordered list')
  }
  // `'''`, `<<<`, `---`, `***`, `- - -`: a break, not a list or prose (the full walker reads them).
  if ((c === 39 || c === 60 || c === 95 || c === 45 || c === 42) && LAYOUT_BREAK.test(note.line(index))) giveUp('break')
  if (note.last(index) === 93 && note.holds(index, COLONS)) {
    if (BLOCK_MEDIA_MACRO.test(note.line(index))) giveUp('block macro')
  }
  if (c === 60 && CALLOUT_LIST.test(note.line(index))) giveUp('callout')
}
const ROMAN = new Set([...'IVXivx'].map(c => c.charCodeAt(0)))
/** syntax.ts's layout break. */
const LAYOUT_BREAK = /^(?:'{3,}|<{3,}|([-*_])( *)\1\2\1)$/

/**
 * Where a `::` delimiter of a description list item starts in the line, or -1; gives up on the
 * other delimiters (`:::`, `::::`, `;;`) and on a term the sibling pattern would read otherwise.
 */
export function dlistDelimiter(note: Note, index: number): number {
  const text = note.text
  const start = note.starts[index] as number
  const end = note.ends[index] as number
  if (!note.holds(index, COLONS | SEMICOLONS)) return -1
  if (note.holds(index, SEMICOLONS)) giveUp(';; list')
  let colons = text.indexOf('::', start)
  if (text.charCodeAt(start) === 47 && text.charCodeAt(start + 1) === 47) return -1
  if (isSpace(text.charCodeAt(start))) giveUp('indented term')
  for (; colons >= 0 && colons < end; colons = text.indexOf('::', colons + 1)) {
    if (colons === start) continue
    let run = colons
    while (text.charCodeAt(run) === 58) run++
    const after = text.charCodeAt(run)
    if (run < end && !isSpace(after)) continue
    if (run - colons !== 2 || text.charCodeAt(colons - 1) === 58) giveUp('other dlist delimiter')
    // The sibling pattern tries a term of two characters or more first, up to a later `::`.
    if (colons === start + 1) giveUp('one-character term')
    return colons
  }
  return -1
}
