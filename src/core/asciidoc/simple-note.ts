// scanSimpleNote(path, text): the model of a note written only with the constructs Notekeeper's
// own notes use, read from the text's character codes in one pass; null for any other note,
// which scanNote then reads with the full walker (ADR 0033, amended).
//
// The constructs: a `= Title` with attribute entries and a blank line after them; section
// titles (`==` to `======`); `[#id]`, `[[id]]` and `[style,...]` lines above a block; `//`
// comment lines; paragraphs; `*`, `-` and `.` lists (checkboxes, another marker directly below);
// `::` entries with text; in both kinds of list, text running on below an item's first line and
// paragraphs or listing and literal blocks attached with `+`; listing and literal blocks. In
// prose, `xref:` and `<<...>>` are read here, and prose holding anything more (URLs, macros,
// passthroughs, escapes) is handed to the full walker's reference finder. Anything else (another
// block, a numbered list, a table, an anchor in a paragraph, a conditional...) makes it give up,
// never guess: wherever it answers, its model is the full walker's, which
// test/asciidoc/simple-note.test.ts checks on every corpus and on generated notes. Lines are
// strings only where the model keeps them (titles, terms, item texts) or where a rare line is
// handed to one of the full walker's own functions.

import { topFolder } from '../corpus.js'
import type { NoteModel, Reference } from '../types.js'
import { headingId } from './blocks.js'
import type { LineClass } from './line-classes.js'
import { applyAttributeEntry, type BlockAttributes, noAttributes, readMetadataLine } from './metadata.js'
import { docnameOf, entriesAndItems, sectionsOf, substituteTargets, trackOf } from './model-parts.js'
import { Reader } from './reader.js'
import { findReferences } from './refs.js'
import { registerAnchor, type Sink } from './sink.js'
import {
  ANY_LIST,
  BLOCK_MEDIA_MACRO,
  CALLOUT_LIST,
  delimiterOf,
  isBlockAttributeLine,
  LEADING_INLINE_ANCHOR,
} from './syntax.js'
import { newSink } from './walk.js'

/** Thrown to give up on a note; caught once, in scanSimpleNote. */
class NotSimple {
  constructor(readonly why: string) {}
}
const giveUp = (why: string): never => {
  throw new NotSimple(why)
}

// The line-class codes of line-classes.ts (written here directly, one byte per line).
const TEXT = 0
const BLANK = 1
const COMMENT = 2
const LISTING = 3
const LITERAL = 4
const MARKUP = 6
const ATTRIBUTE_ENTRY = 7
const HEADER = 0x80

/** One note being read: the text, where its lines start and end, and what was found. */
class Note {
  readonly starts: number[] = []
  /** End of each line, its trailing white space left out (as Asciidoctor reads lines). */
  readonly ends: number[] = []
  classes: Uint8Array = new Uint8Array(0)
  /** What each line holds, found by one regular expression pass over the text (MARKS). */
  marks: Uint8Array = new Uint8Array(0)
  /** Where the next `<<` and `xref:` are, from where xrefsOf last looked: each found once per note. */
  nextShorthand = -2
  nextMacro = -2
  /** What the full walker's helpers used here (metadata lines, section ids, anchors) write into. */
  readonly sink: Sink
  /** Top-level list items are kept for track notes only (their one reader, SPEC 1.3). */
  readonly keepTopLevel: boolean
  constructor(
    readonly text: string,
    docname: string,
    folder: string | null,
  ) {
    this.keepTopLevel = folder === 'track'
    this.sink = newSink([], [], docname)
  }
  get count(): number {
    return this.starts.length
  }
  line(index: number): string {
    return this.text.slice(this.starts[index] as number, this.ends[index] as number)
  }
  isBlank(index: number): boolean {
    return this.starts[index] === this.ends[index]
  }
  first(index: number): number {
    const start = this.starts[index] as number
    return start < (this.ends[index] as number) ? this.text.charCodeAt(start) : -1
  }
  length(index: number): number {
    return (this.ends[index] as number) - (this.starts[index] as number)
  }
  last(index: number): number {
    const end = this.ends[index] as number
    return end > (this.starts[index] as number) ? this.text.charCodeAt(end - 1) : -1
  }
  holds(index: number, mark: number): boolean {
    return ((this.marks[index] as number) & mark) !== 0
  }
  classify(index: number, code: number): void {
    this.classes[index] = code
  }
}

/** A preprocessor directive or an include at `start`: the full walker applies them. */
function isDirective(text: string, start: number): boolean {
  const at = text.charCodeAt(start) === 92 ? start + 1 : start
  return (
    text.startsWith('ifdef::', at) ||
    text.startsWith('ifndef::', at) ||
    text.startsWith('ifeval::', at) ||
    text.startsWith('endif::', at) ||
    text.startsWith('include::', at)
  )
}

/** Line starts and ends, as splitLines and buildSink make them; false for a text they would change otherwise. */
function splitInto(note: Note): boolean {
  const text = note.text
  if (text.charCodeAt(0) === 0xfeff) return false
  const starts = note.starts
  const ends = note.ends
  let start = 0
  const length = text.length
  for (;;) {
    let newline = text.indexOf('\n', start)
    if (newline < 0) newline = length
    let end = newline
    for (;;) {
      const c = text.charCodeAt(end - 1)
      if (end > start && (c === 32 || c === 9 || c === 13 || c === 12 || c === 11 || c === 0)) end--
      else break
    }
    const first = text.charCodeAt(start)
    if ((first === 105 || first === 101 || first === 92) && isDirective(text, start)) return false
    starts.push(start)
    ends.push(end)
    if (newline >= length) break
    start = newline + 1
    // A final newline ends the last line; it does not start an empty one.
    if (start === length) break
  }
  const classes = new Uint8Array(starts.length)
  for (let i = 0; i < classes.length; i++) if (starts[i] === ends[i]) classes[i] = BLANK
  note.classes = classes
  note.marks = new Uint8Array(starts.length)
  return markLines(note)
}

// What a line may hold, found once per note: searching each line for each of them (an indexOf
// from a line's start runs on past its end) is what made a walk over lines slow.
const COLONS = 1 // ::
const SEMICOLONS = 2 // ;;
const XREF = 4 // << xref:
const RICH = 8 // + $ \ {: passthroughs, escapes, attribute references (the reference finder's)
const LETTER_COLON = 16 // a letter before `:`: a macro (`image:`, `link:`, ...) or a URL's scheme
const ANCHOR = 32 // [[
// One character class, the character after each match read here: a regular expression of one
// class is the engine's fastest scan (alternatives, and a lookahead for a letter before a colon,
// were tried at every position and cost most of the scan).
const MARKS = /[<[;+$\\{:\r\u2028\u2029]/g

/**
 * Fills `note.marks`; false when a line holds `\r`, U+2028 or U+2029 before its end, which
 * Asciidoctor's patterns (`.`) do not read across.
 */
function markLines(note: Note): boolean {
  const marks = note.marks
  let plain = true
  const text = note.text
  const starts = note.starts
  let line = 0
  MARKS.lastIndex = 0
  // `test`, not `exec`: no match object for each of the million marks of 10,000 notes.
  while (MARKS.test(text)) {
    const at = MARKS.lastIndex - 1
    while (line + 1 < starts.length && (starts[line + 1] as number) <= at) line++
    const c = text.charCodeAt(at)
    const next = text.charCodeAt(at + 1)
    let mark = 0
    if (c === 60) mark = next === 60 ? XREF : 0
    else if (c === 91) mark = next === 91 ? ANCHOR : 0
    else if (c === 59) mark = next === 59 ? SEMICOLONS : 0
    else if (c === 58) {
      // `xref::x[]` is an xref too (a target may start with a colon).
      const xref = text.startsWith('xref', at - 4) ? XREF : 0
      if (next === 58) {
        mark = COLONS | xref
        // The second colon is no mark of its own.
        MARKS.lastIndex = at + 2
      } else if (xref !== 0) mark = XREF
      else {
        const before = text.charCodeAt(at - 1)
        if ((before >= 65 && before <= 90) || (before >= 97 && before <= 122)) mark = LETTER_COLON
      }
    } else if (c === 13 || c === 0x2028 || c === 0x2029) {
      // A `\r` before the line's end is part of its trailing white space (a CRLF file): left out.
      if (at < (note.ends[line] as number)) plain = false
    } else mark = RICH
    marks[line] = (marks[line] as number) | mark
  }
  return plain
}

const isSpace = (c: number): boolean => c === 32 || c === 9
const isAsciiWord = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95

/** The level of an ATX title written with `=` (0 for `= x`), or -1; gives up on forms it does not read. */
function atxLevel(note: Note, index: number): number {
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
function atxTitle(note: Note, index: number): string {
  const text = note.text
  let at = note.starts[index] as number
  while (text.charCodeAt(at) === 61) at++
  while (isSpace(text.charCodeAt(at))) at++
  return text.slice(at, note.ends[index] as number)
}

const SETEXT_MARKS = new Set([61, 45, 126, 94, 43])

/** Gives up where the full walker could read a two-line (setext) title. */
function refuseSetext(note: Note, index: number): void {
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
function readMetadata(note: Note, index: number, attrs: BlockAttributes): boolean {
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
function readPlainAttributeLine(note: Note, index: number, attrs: BlockAttributes): boolean {
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
function delimiterAt(note: Note, index: number) {
  if (note.length(index) < 2) return null
  const text = note.text
  const start = note.starts[index] as number
  const a = text.charCodeAt(start)
  const b = text.charCodeAt(start + 1)
  if (a !== b && !(b === 61 && (a === 124 || a === 44 || a === 58 || a === 33))) return null
  return delimiterOf(note.line(index))
}

function isBlockAttribute(note: Note, index: number): boolean {
  return note.first(index) === 91 && note.last(index) === 93 && isBlockAttributeLine(note.line(index))
}

/**
 * Where a list item's marker ends (at the space after it), or -1: `-`, `*`, `**`, ... and `.`,
 * `..`, ... at the line's start (numbered and lettered items are the full walker's).
 */
function listMarkerEnd(note: Note, index: number): number {
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
function refuseOtherBlocks(note: Note, index: number): void {
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
function dlistDelimiter(note: Note, index: number): number {
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

/** Gives up on prose the reference finder reads with more than the xref patterns. */
/** The first character of an xref's target (`[\p{Alphabetic}\p{N}\p{Pc}#/.:{]`); gives up on one beyond ASCII. */
function xrefFirst(c: number): boolean {
  if (c > 0x7f) giveUp('xref target beyond ASCII')
  return isAsciiWord(c) || c === 35 || c === 47 || c === 46 || c === 58
}

/** The xrefs of one prose line: `xref:target[text]` and `<<id>>`, `<<id,text>>`, as the reference finder reads them. */
function xrefsOf(note: Note, index: number, out: Reference[]): void {
  const text = note.text
  const start = note.starts[index] as number
  const end = note.ends[index] as number
  if (!note.holds(index, XREF)) return
  let from = start
  for (;;) {
    // Each search goes on past the line's end: its answer is kept for the lines below.
    if (note.nextShorthand !== -1 && note.nextShorthand < from) note.nextShorthand = text.indexOf('<<', from)
    if (note.nextMacro !== -1 && note.nextMacro < from) note.nextMacro = text.indexOf('xref:', from)
    const shorthand = note.nextShorthand >= 0 && note.nextShorthand < end ? note.nextShorthand : -1
    const macro = note.nextMacro >= 0 && note.nextMacro < end ? note.nextMacro : -1
    if (shorthand < 0 && macro < 0) return
    const at = shorthand < 0 ? macro : macro < 0 ? shorthand : Math.min(shorthand, macro)
    if (at === shorthand) {
      const target = at + 2
      const close = text.indexOf('>>', target)
      if (!xrefFirst(text.charCodeAt(target))) {
        from = at + 1
        continue
      }
      // Closed on a later line of the paragraph, or not at all: the reference finder reads runs of lines.
      if (close < 0 || close >= end) giveUp('open shorthand')
      if (close - target > 1024) giveUp('long')
      const raw = text.slice(target, close)
      const comma = raw.indexOf(',')
      out.push({
        kind: 'xref',
        target: (comma < 0 ? raw : raw.slice(0, comma)).trim(),
        line: index + 1,
        shorthand: true,
      })
      from = close + 2
    } else {
      const target = at + 5
      const open = text.indexOf('[', target)
      if (!xrefFirst(text.charCodeAt(target))) {
        from = at + 1
        continue
      }
      if (open < 0 || open >= end) giveUp('open xref')
      let close = open + 1
      if (text.charCodeAt(close) !== 93) {
        close = text.indexOf(']', open + 2)
        if (close < 0 || close >= end) giveUp('open xref text')
      }
      if (close - target > 1024) giveUp('long')
      out.push({ kind: 'xref', target: text.slice(target, open).trim(), line: index + 1 })
      from = close + 1
    }
  }
}

// ---------------------------------------------------------------- blocks

/** Reads the block at `start` (blank lines first); returns the index after it. */
function readBlock(note: Note, start: number): number {
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

// ---------------------------------------------------------------- the header and the model

/** `= Title`, attribute entries, then a blank line or the end; the title, or gives up. */
function readHeader(note: Note): { title: string; attributes: NoteModel['attributes']; next: number } {
  let index = 0
  while (index < note.count && note.isBlank(index)) index++
  if (index >= note.count || atxLevel(note, index) !== 0) giveUp('no title')
  const title = atxTitle(note, index)
  note.classify(index, TEXT)
  const attributes: NoteModel['attributes'] = []
  for (index++; index < note.count && !note.isBlank(index); index++) {
    const entry = attributeEntry(note, index)
    note.classify(index, ATTRIBUTE_ENTRY)
    const stored = applyAttributeEntry(note.sink, entry)
    const earlier = attributes.findIndex(attribute => attribute.name === stored.name)
    if (earlier >= 0) attributes.splice(earlier, 1)
    if (stored.value !== null) attributes.push({ name: stored.name, value: stored.value, line: entry.line })
  }
  if (note.sink.attributes.get('doctype') === 'manpage') giveUp('manpage')
  return { title, attributes, next: index }
}

/** `:name: value` read from its characters (a plain name), or gives up. */
function attributeEntry(note: Note, index: number): { name: string; value: string; line: number } {
  const text = note.text
  const start = note.starts[index] as number
  const end = note.ends[index] as number
  if (text.charCodeAt(start) !== 58) giveUp('header line')
  // A name starts with a word character (`:-x:` is no entry, but the author line), then words and `-`.
  if (!isAsciiWord(text.charCodeAt(start + 1))) giveUp('attribute name')
  let at = start + 2
  while (at < end && (isAsciiWord(text.charCodeAt(at)) || text.charCodeAt(at) === 45)) at++
  if (at >= end || text.charCodeAt(at) !== 58) giveUp('attribute name')
  const name = text.slice(start + 1, at)
  at++
  if (at < end && !isSpace(text.charCodeAt(at))) giveUp('attribute entry')
  while (at < end && isSpace(text.charCodeAt(at))) at++
  const value = text.slice(at, end)
  if (value.endsWith(' \\') || value.endsWith(' +')) giveUp('attribute continuation')
  return { name, value, line: index + 1 }
}

/** The header's lines marked as encodeLineClasses marks them: the title and what follows up to a blank line. */
function markHeader(classes: Uint8Array): void {
  let index = 0
  while (index < classes.length && classes[index] === BLANK) index++
  for (; index < classes.length && classes[index] !== BLANK; index++)
    if (classes[index] !== COMMENT) classes[index] = (classes[index] as number) | HEADER
}

export function scanSimpleNote(path: string, text: string): NoteModel | null {
  const folder = topFolder(path)
  const docname = docnameOf(path)
  const note = new Note(text, docname, folder)
  if (!splitInto(note)) return null
  try {
    const header = readHeader(note)
    let index = header.next
    while (index < note.count) index = readBlock(note, index)
    return modelOf(note, path, folder, header, referencesOf(note, docname))
  } catch (error) {
    if (error instanceof NotSimple) return null
    throw error
  }
}

/**
 * The references in prose (`text` lines). Where the prose holds only `xref:` and `<<...>>`, they
 * are read here; where it holds more (URLs, other macros, passthroughs, escapes, attribute
 * references), the full walker's reference finder reads them, from the same lines and classes.
 */
function referencesOf(note: Note, docname: string): Reference[] {
  let rich = false
  for (let line = 0; line < note.count && !rich; line++)
    rich = note.classes[line] === TEXT && note.holds(line, RICH | LETTER_COLON)
  if (rich) {
    const lines = new Array<string>(note.count)
    const classes = new Array<LineClass>(note.count)
    for (let line = 0; line < note.count; line++) {
      lines[line] = note.line(line)
      // Only prose lines are read by the finder: any other class stands for all of them.
      classes[line] = note.classes[line] === TEXT ? 'text' : 'markup'
    }
    const found = findReferences(lines, classes).sort((a, b) => a.line - b.line)
    return substituteTargets(found, note.sink.attributeLog, docname)
  }
  const references: Reference[] = []
  for (let line = 0; line < note.count; line++) if (note.classes[line] === TEXT) xrefsOf(note, line, references)
  return references
}

function modelOf(
  note: Note,
  path: string,
  folder: NoteModel['folder'],
  header: { title: string; attributes: NoteModel['attributes'] },
  references: Reference[],
): NoteModel {
  const sink = note.sink
  const sections = sectionsOf(sink.sections, note.count)
  const { dlistEntries, items, itemsWithoutId } = entriesAndItems(path, folder, sink.dlistEntries)
  markHeader(note.classes)
  return {
    path,
    folder,
    title: header.title,
    attributes: header.attributes,
    // The sink is this note's own: its anchors are sorted in place (stable, as the full walker's copy).
    anchors: sink.anchors.sort((a, b) => a.line - b.line),
    sections,
    items,
    itemsWithoutId,
    dlistEntries,
    references,
    track: folder === 'track' ? trackOf(sections, sink.topLevelItems) : [],
    problems: [],
    lineClasses: note.classes,
  }
}
