// The block walker: Asciidoctor's `nextSection` / `nextBlock` reduced to what the index needs.
// It decides, line by line, what each line is (prose, verbatim, comment, markup), records
// sections, anchors, description list entries, top-level list items and block macros, and
// hands every list item to the ported `readListItemLines`, so lists end where Asciidoctor ends them.

import { readDescriptionList, readList } from './lists.js'
import { type BlockAttributes, noAttributes, readMetadataLine } from './metadata.js'
import { type Entry, Reader } from './reader.js'
import { scanParagraphAnchors } from './refs.js'
import { generateSectionId } from './section-id.js'
import { classify, type LineClass, registerAnchor, type Sink } from './sink.js'
import {
  ANY_LIST,
  ATX_SECTION_TITLE,
  BLOCK_MEDIA_MACRO,
  CALLOUT_LIST,
  DESCRIPTION_LIST,
  delimiterOf,
  execOnce,
  INLINE_SECTION_ANCHOR,
  isBlockAttributeLine,
  isCommentLine,
  isLayoutBreak,
  isUnorderedItem,
  type ListType,
  mayBeDescriptionListItem,
  mayBeOrderedItem,
  ORDERED_LIST,
  sectionLevel,
} from './syntax.js'
import { readTable } from './tables.js'

interface Context {
  /** Section titles are recognised only at section level, never inside blocks or list items. */
  sectionLevel: boolean
  listType: ListType | null
  textOnly: boolean
  /** The blocks are read directly in a `[bibliography]` section: its lists are bibliographies. */
  bibliography: boolean
}

const PARAGRAPH_STYLES = new Set([
  'comment',
  'example',
  'literal',
  'listing',
  'normal',
  'open',
  'pass',
  'quote',
  'sidebar',
  'source',
  'verse',
  'abstract',
  'partintro',
])
const ADMONITIONS = new Set(['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'])
const VERBATIM_CLASS: Record<string, LineClass> = {
  listing: 'listing',
  source: 'listing',
  fenced_code: 'listing',
  literal: 'literal',
  pass: 'passthrough',
  stem: 'passthrough',
  latexmath: 'passthrough',
  asciimath: 'passthrough',
  comment: 'comment',
}
const COMPOUND = new Set(['example', 'sidebar', 'quote', 'open', 'abstract', 'partintro', 'admonition'])

/**
 * A manpage's `== Name` section is part of its header for Asciidoctor (`parseManpageHeader`):
 * its id is registered, but it is no section; the paragraph under it is the name and purpose.
 */
function readManpageName(reader: Reader, sink: Sink): void {
  if (reader.skipBlank() === null) return
  const first = reader.peek()
  if (!first || sectionLevel(first.text, reader.peekAt(1)?.text ?? null) !== 1) return
  const heading = readHeading(reader, sink, null)
  const id = headingId(sink, heading.id, heading.title)
  if (id !== '') registerAnchor(sink, id, heading.first.line, 'section')
  if (reader.skipBlank() === null) return
  const lines = reader.readParagraph(() => false, true)
  classifyAll(sink, lines, 'text')
}

/** Walks the body of the document (after the header) at section level. */
export function walkDocumentBody(reader: Reader, sink: Sink, headerLeftovers: BlockAttributes): void {
  if (sink.attributes.get('doctype') === 'manpage') readManpageName(reader, sink)
  const context: Context = { sectionLevel: true, listType: null, textOnly: false, bibliography: false }
  if (!nextBlock(reader, sink, context, headerLeftovers)) return
  while (nextBlock(reader, sink, context)) {
    // each call reads one block or one section title
  }
}

/**
 * How deep blocks may nest before their content is read as plain text (issue 15). Asciidoctor
 * has no limit, but it re-reads an item's or a block's lines at each level, so a hostile note of
 * thousands of levels costs depth x size (and overflows the stack); real notes nest a few levels.
 * Past the limit the lines keep their prose class (references in them still count), their
 * structure is not read, and the note gets one problem saying so.
 */
export const MAX_NESTING = 16

/** Walks the blocks of a nested reader (a compound block, an AsciiDoc cell, a list item) one level deeper. */
function walkNested(sink: Sink, source: Reader | Entry[], context: Context): void {
  if (sink.depth >= MAX_NESTING) {
    if (!sink.tooDeep) {
      sink.tooDeep = true
      const first = Array.isArray(source) ? source[0] : source.peek()
      sink.problems.push({
        line: first?.line ?? 1,
        message: `blocks nested deeper than ${MAX_NESTING} levels: what is inside is read as plain text`,
      })
    }
    return
  }
  const reader = Array.isArray(source) ? new Reader(source) : source
  sink.depth++
  try {
    while (nextBlock(reader, sink, context)) {
      // one block at a time, at this level
    }
  } finally {
    sink.depth--
  }
}

function classifyAll(sink: Sink, entries: Entry[], cls: LineClass): void {
  for (const entry of entries) classify(sink, entry.line, cls)
}

/** Reads one block; false when the reader is exhausted. */
function nextBlock(reader: Reader, sink: Sink, context: Context, inherited?: BlockAttributes): boolean {
  const skipped = reader.skipBlank()
  if (skipped === null) return false
  const textOnly = context.textOnly && skipped === 0
  context.textOnly = false
  const attrs = inherited ?? noAttributes()
  while (readMetadataLine(reader, sink, attrs, textOnly)) {
    if (reader.skipBlank() === null) return false
  }

  if (context.sectionLevel && attrs.style !== 'discrete' && attrs.style !== 'float') {
    const first = reader.peek()
    const level = first ? sectionLevel(first.text, reader.peekAt(1)?.text ?? null) : null
    if (first && level !== null) {
      readSectionTitle(reader, sink, attrs, level)
      context.bibliography = attrs.style === 'bibliography'
      return true
    }
  }

  const line = reader.read()
  if (line === undefined) return false
  const delimiter = delimiterOf(line.text)
  if (delimiter) {
    readDelimitedBlock(reader, sink, line, delimiter.context, delimiter.masquerades, delimiter.terminator, attrs)
    registerBlockId(sink, attrs)
    return true
  }
  readUndelimitedBlock(reader, sink, context, line, attrs, skipped, textOnly)
  registerBlockId(sink, attrs)
  return true
}

function registerBlockId(sink: Sink, attrs: BlockAttributes): void {
  if (attrs.id !== null) registerAnchor(sink, attrs.id, attrs.idLine, 'block')
}

/** Reads an ATX or setext title (Asciidoctor's `parseSectionTitle`): its text and its id, if named. */
function readHeading(
  reader: Reader,
  sink: Sink,
  explicitId: string | null,
): { first: Entry; title: string; id: string | null } {
  const first = reader.read() as Entry
  classify(sink, first.line, 'text')
  let title: string
  const atx = first.text.startsWith('=') || first.text.startsWith('#') ? ATX_SECTION_TITLE.exec(first.text) : null
  if (atx) title = atx[2] ?? ''
  else {
    title = first.text
    const underline = reader.read()
    if (underline) classify(sink, underline.line, 'markup')
  }
  let id = explicitId
  // A trailing `[[id]]` names the heading only when no id was given above the title.
  const inline = id === null && title.endsWith(']]') ? INLINE_SECTION_ANCHOR.exec(title) : null
  if (inline && !inline[1]) {
    title = title.slice(0, inline.index)
    id = inline[2] ?? null
  }
  return { first, title, id }
}

/**
 * The id of a heading without an explicit one: generated unless `:!sectids:` is in effect;
 * Asciidoctor.js registers neither an absent nor an empty id (reported as `""`).
 */
export function headingId(sink: Sink, explicit: string | null, title: string): string {
  if (explicit !== null) return explicit
  if (!sink.attributes.has('sectids')) return ''
  return generateSectionId(title, sink.attributes, sink.registered)
}

/**
 * The level Asciidoctor gives a section title (`Parser.initializeSection`): the written level
 * moved by `:leveloffset:` (never below 0), and a level-0 title with a special style
 * (`[appendix]`, `[preface]`, `[colophon]`, ...) in a book made a level-1 section.
 */
function effectiveLevel(sink: Sink, written: number, style: string | null): number {
  const offset = Number.parseInt(sink.attributes.get('leveloffset') ?? '0', 10)
  let level = Number.isNaN(offset) ? written : Math.max(0, written + offset)
  const book = sink.attributes.get('doctype') === 'book'
  const special = style !== null && !(book && style === 'abstract') && !/^sect[1-5]$/.test(style)
  if (book && special && level === 0) level = 1
  return level
}

function readSectionTitle(reader: Reader, sink: Sink, attrs: BlockAttributes, written: number): void {
  const heading = readHeading(reader, sink, attrs.id)
  const id = headingId(sink, heading.id, heading.title)
  if (id !== '') registerAnchor(sink, id, heading.first.line, 'section')
  sink.sections.push({
    level: effectiveLevel(sink, written, attrs.style),
    title: heading.title,
    id,
    line: heading.first.line,
    firstLine: attrs.firstLine || heading.first.line,
  })
}

function readDelimitedBlock(
  reader: Reader,
  sink: Sink,
  opening: Entry,
  context: string,
  masquerades: readonly string[],
  terminator: string,
  attrs: BlockAttributes,
): void {
  let effective = context
  if (attrs.style && attrs.style !== context) {
    if (masquerades.includes(attrs.style)) effective = attrs.style
    else if (masquerades.includes('admonition') && ADMONITIONS.has(attrs.style)) effective = 'admonition'
  }
  // A comment block's lines are read as written: a directive in a comment is no directive.
  const block =
    effective === 'comment'
      ? reader.unprocessed(() => reader.readUntilTerminator(terminator))
      : reader.readUntilTerminator(terminator)
  // Named as Asciidoctor names it: by the style a block masquerades as (`[NOTE]` over `====`: admonition).
  if (!block.closing) sink.problems.push({ line: opening.line, message: `unterminated ${effective} block` })
  const fences = block.closing ? [opening, block.closing] : [opening]
  const verbatim = VERBATIM_CLASS[effective]
  // A comment block makes no node, so an id given to it names nothing.
  if (effective === 'comment') attrs.id = null
  if (verbatim) {
    classifyAll(sink, fences, verbatim)
    classifyAll(sink, block.lines, verbatim)
    return
  }
  classifyAll(sink, fences, 'markup')
  // A table's `//` lines are skipped before its cells are read, whatever its format.
  if (effective === 'table')
    for (const entry of block.lines) if (isCommentLine(entry.text)) classify(sink, entry.line, 'comment')
  if (effective === 'table' && (terminator.startsWith('|') || terminator.startsWith('!'))) {
    readTable(block.lines, terminator.slice(0, 1), sink, cell => {
      const cellContext: Context = { sectionLevel: false, listType: null, textOnly: false, bibliography: false }
      walkNested(sink, cell, cellContext)
    })
  }
  if (COMPOUND.has(effective)) {
    const innerContext: Context = { sectionLevel: false, listType: null, textOnly: false, bibliography: false }
    walkNested(sink, block.lines, innerContext)
  }
  // Tables and verses keep their lines as prose: inline references count, structure does not.
}

const INDENTED_BREAK = /^ {0,3}([-*_])( *)\1\2\1$/

function readUndelimitedBlock(
  reader: Reader,
  sink: Sink,
  context: Context,
  line: Entry,
  attrs: BlockAttributes,
  skipped: number,
  textOnly: boolean,
): void {
  const style = attrs.style
  const text = line.text
  const indented = text.startsWith(' ') || text.startsWith('\t')
  const breakAtList = skipped === 0 ? context.listType : null

  if (style && (style === 'literal' || style === 'listing' || style === 'source' || style === 'verse')) {
    // A verbatim paragraph runs to a blank line or a `+`: delimiters and attribute lines do not end it.
    reader.unread()
    const lines = reader.readParagraph(() => false, false, [], false)
    classifyAll(sink, lines, style === 'verse' ? 'text' : (VERBATIM_CLASS[style] ?? 'literal'))
    return
  }
  if (indented && INDENTED_BREAK.test(text)) {
    classify(sink, line.line, 'markup')
    return
  }
  if (!indented) {
    if (!textOnly && isLayoutBreak(text)) {
      classify(sink, line.line, 'markup')
      return
    }
    if (text.endsWith(']') && text.includes('::')) {
      const media = BLOCK_MEDIA_MACRO.exec(text)
      if (media) {
        classify(sink, line.line, 'markup')
        if (media[1] === 'image') sink.references.push({ kind: 'image', target: media[2] ?? '', line: line.line })
        return
      }
    }
    if (text.startsWith('<') && CALLOUT_LIST.test(text)) {
      reader.unread()
      readList(reader, sink, context.sectionLevel, 'colist', style, readItemBody)
      return
    }
  }
  if (isUnorderedItem(text)) {
    reader.unread()
    const listStyle = style ?? (context.bibliography ? 'bibliography' : attrs.styleAttribute)
    readList(reader, sink, context.sectionLevel, 'ulist', listStyle, readItemBody)
    return
  }
  if (mayBeOrderedItem(text) && ORDERED_LIST.test(text)) {
    reader.unread()
    readList(reader, sink, context.sectionLevel, 'olist', style, readItemBody)
    return
  }
  if (mayBeDescriptionListItem(text) && execOnce(DESCRIPTION_LIST, text) !== null) {
    reader.unread()
    readDescriptionList(reader, sink, attrs.styleAttribute, readItemBody)
    return
  }
  if ((style === 'discrete' || style === 'float') && sectionLevel(text, reader.peek()?.text ?? null) !== null) {
    // A discrete heading is no section, but Asciidoctor still gives it an id.
    reader.unread()
    const heading = readHeading(reader, sink, attrs.id)
    if (attrs.id === null) {
      const id = headingId(sink, heading.id, heading.title)
      attrs.id = id === '' ? null : id
      attrs.idLine = line.line
    }
    return
  }
  if (style && style !== 'normal' && (PARAGRAPH_STYLES.has(style) || ADMONITIONS.has(style))) {
    reader.unread()
    const comments: Entry[] = []
    // A [comment] paragraph's first line was looked at already; the others are read as written.
    const lines =
      style === 'comment'
        ? reader.unprocessed(() => readParagraphLines(reader, null, true, comments))
        : readParagraphLines(reader, null, true, comments)
    if (style === 'comment') attrs.id = null
    classifyAll(sink, lines, VERBATIM_CLASS[style] ?? 'text')
    classifyAll(sink, comments, 'comment')
    return
  }
  reader.unread()
  if (indented && !style) {
    const lines = readParagraphLines(reader, breakAtList, false)
    classifyAll(sink, lines, textOnly || breakAtList === 'dlist' ? 'text' : 'literal')
    return
  }
  const comments: Entry[] = []
  const lines = readParagraphLines(reader, breakAtList, true, comments)
  classifyAll(sink, lines, 'text')
  classifyAll(sink, comments, 'comment')
  if (lines.length > 0) scanParagraphAnchors(lines, sink)
}

/** Asciidoctor's `readParagraphLines`: up to a blank line, a delimiter, a block attribute line, or (in a list) a list item. */
function readParagraphLines(
  reader: Reader,
  breakAtList: ListType | null,
  skipComments: boolean,
  skipped: Entry[] = [],
): Entry[] {
  const stop = (entry: Entry): boolean =>
    entry.continuation === 'placeholder' ||
    delimiterOf(entry.text) !== null ||
    isBlockAttributeLine(entry.text) ||
    (breakAtList !== null && ANY_LIST.test(entry.text))
  return reader.readParagraph(stop, skipComments, skipped)
}

// ---------------------------------------------------------------- list items

/** The blocks of one list item, read from its buffered lines as Asciidoctor does. */
function readItemBody(lines: Entry[], sink: Sink, listType: ListType, hasTextIn: boolean): void {
  if (lines.length === 0) return
  let index = 0
  while (lines[index]?.text.startsWith('//')) index++
  if (lines[index] === undefined) {
    classifyAll(sink, lines, 'comment')
    return
  }
  let hasText = hasTextIn
  const adjacent = (lines[index] as Entry).text !== ''
  if (adjacent && listType !== 'dlist') hasText = false
  const context: Context = { sectionLevel: false, listType, textOnly: !hasText, bibliography: false }
  walkNested(sink, lines, context)
  for (const entry of lines) if (entry.continuation !== undefined) classify(sink, entry.line, 'markup')
}
