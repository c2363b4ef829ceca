// A prompt or response read into the blocks a reader sees, for its two plain-text views: the
// terminal card (src/cli/terminal-card.ts) and the answer check (src/core/answer/words.ts), which
// must read one structure so that the diff shows what the card shows. One pass over the lines, no
// Asciidoctor (the card runs at every prompt); where Asciidoctor reads more, it says so below.
//
// Read: paragraphs and list items (their text is inline source, for the caller to substitute),
// listing, literal and passthrough blocks (their lines as written), comment blocks and lines (not
// shown), block titles (`.Title`, shown where Asciidoctor shows them, with its "Table 1. ",
// "Figure 1. ", "Example 1. " captions, a listing's "Listing 1. " when the note sets
// `:listing-caption:`, or the block's own `[caption="Figure A: "]`), admonitions (`NOTE: text`,
// `[TIP]` on a paragraph or a block: their label, "Note", "Tip", or their own `caption`), tables
// and block images (`image::target[alt]`). Not read: sections, description lists, literal
// (indented) paragraphs, video and audio.

import {
  admonitionCaption,
  blockCaption,
  type CaptionCounts,
  type CaptionedBlock,
  imageAlt,
  newCaptionCounts,
} from './shown-text.js'
import {
  ADMONITION_PARAGRAPH,
  BLOCK_ANCHOR,
  BLOCK_MEDIA_MACRO,
  BLOCK_TITLE,
  isBlockAttributeLine,
  isCommentLine,
} from './syntax.js'
import { type TableOptions, type TableRow, tableRows } from './table-rows.js'

export type ShownBlock =
  /** A blank line: a paragraph or list item ends. */
  | { kind: 'break' }
  /** A delimiter, an attribute line, a `+` or a comment line: shown as nothing, but a sentence ends. */
  | { kind: 'boundary' }
  /** A line of a paragraph, as inline source. */
  | { kind: 'line'; text: string }
  /** A list item's first line: `marker` as written (`*`, `**`, `-`, `.`, `1.`), `text` as inline source. */
  | { kind: 'item'; marker: string; text: string }
  /** A line of a listing, literal or passthrough block, as written. */
  | { kind: 'verbatim'; text: string }
  /** An admonition's label ("Note"), generated: before the admonition's first line. */
  | { kind: 'label'; text: string }
  /** A block title: `caption` generated ("Table 1. " or ''), `text` as inline source. */
  | { kind: 'title'; caption: string; text: string }
  /** A table: `separator`, the one its cells are written with (`|`, or `!` for a table nested in a cell). */
  | { kind: 'table'; rows: TableRow[]; separator: '|' | '!' }
  /** A block image: what stands for it, its alt text. */
  | { kind: 'image'; alt: string }

const VERBATIM = /^(-{4,}|\.{4,}|\+{4,}|\/{4,})$/
const COMPOUND = /^(={4,}|\*{4,}|_{4,}|--)$/
const TABLE = /^[|!,:]={3,}$/
const ATTRIBUTE_LINE = /^\[[^\]]*\]$/
const ITEM = /^(\*+|-|\.+|\d+\.)\s+(\S.*)$/

/**
 * `[[id]]` or `[[id, text]]` alone on a line. Only a line that ends as the anchor does is tried,
 * as the scanner asks it (metadata.ts): on a `[[a,` then a long run of spaces, the pattern tried
 * the text after every count of the spaces, each to the line's end.
 */
function isBlockAnchor(line: string): boolean {
  return line.endsWith(']]') && BLOCK_ANCHOR.test(line)
}

/** The block attributes read from `[…]` lines above a block. */
interface Pending {
  style: string | null
  table: TableOptions
  /** The block's own `caption` (`[caption="Figure A: "]`): its caption as written, or an admonition's label. */
  caption?: string | undefined
}

interface OpenTable {
  delimiter: string
  lines: string[]
  options: TableOptions
  title: string | null
  caption: string | undefined
}

/** `source` (a fragment: a prompt or a response) as blocks; `attributes` (the note's header ones) may rename captions. */
export function readFragment(source: string, attributes?: Readonly<Record<string, string>>): ShownBlock[] {
  const blocks: ShownBlock[] = []
  let verbatim: string | null = null
  let table: OpenTable | null = null
  const open: string[] = []
  // At a block's start (after a blank line, a delimiter, a `+` or attribute lines): where a line
  // can be a block title, an admonition label or a block macro. Inside a paragraph, it is text.
  let start = true
  let title: string | null = null
  let pending: Pending = { style: null, table: {} }
  const counts = newCaptionCounts()

  const caption = (kind: CaptionedBlock | null, own: string | undefined): string =>
    kind === null ? '' : blockCaption(kind, own, counts, attributes)
  /** An admonition's label: its style's ("Note", or the note's `:note-caption:`), or its own `caption`. */
  const labelOf = (attributeList: Pending): string | null => {
    const label = attributeList.style !== null ? admonitionCaption(attributeList.style, attributes) : null
    return label !== null && attributeList.caption !== undefined ? attributeList.caption : label
  }
  /** A block begins: its admonition label, then its title (a figure's goes below it, as Asciidoctor shows it). */
  const begin = (kind: CaptionedBlock | null): { title: string; caption: string | undefined } | null => {
    const label = labelOf(pending)
    if (label !== null) blocks.push({ kind: 'label', text: label })
    const shown = title
    const own = pending.caption
    title = null
    pending = { style: null, table: {} }
    if (shown === null) return null
    if (kind === 'figure') return { title: shown, caption: own }
    blocks.push({ kind: 'title', caption: label === null ? caption(kind, own) : '', text: shown })
    return null
  }

  for (const raw of source.split('\n')) {
    const line = raw.trimEnd()
    const trimmed = line.trim()
    if (table !== null) {
      if (trimmed === table.delimiter) {
        pushTable(blocks, table, counts, attributes)
        table = null
        start = true
      } else table.lines.push(line)
      continue
    }
    if (verbatim !== null) {
      if (trimmed === verbatim) {
        verbatim = null
        start = true
        blocks.push({ kind: 'boundary' })
      } else if (!verbatim.startsWith('/')) blocks.push({ kind: 'verbatim', text: line })
      continue
    }
    if (TABLE.test(trimmed)) {
      const options = pending.table
      const shown = title
      title = null
      const label = labelOf(pending)
      if (label !== null) blocks.push({ kind: 'label', text: label })
      table = { delimiter: trimmed, lines: [], options, title: shown, caption: pending.caption }
      pending = { style: null, table: {} }
      continue
    }
    if (VERBATIM.test(trimmed)) {
      if (!trimmed.startsWith('/')) begin(trimmed.startsWith('-') ? 'listing' : null)
      verbatim = trimmed
      start = true
      blocks.push({ kind: 'boundary' })
      continue
    }
    if (COMPOUND.test(trimmed)) {
      if (open[open.length - 1] === trimmed) open.pop()
      else {
        open.push(trimmed)
        const admonition = pending.style !== null && admonitionCaption(pending.style, attributes) !== null
        begin(trimmed.startsWith('=') && !admonition ? 'example' : null)
      }
      start = true
      blocks.push({ kind: 'boundary' })
      continue
    }
    if (trimmed === '+' || isCommentLine(trimmed)) {
      if (trimmed === '+') start = true
      blocks.push({ kind: 'boundary' })
      continue
    }
    if (ATTRIBUTE_LINE.test(trimmed) || isBlockAnchor(trimmed)) {
      // As in Asciidoctor, an attribute line ends a paragraph and belongs to the next block.
      if (isBlockAttributeLine(trimmed)) {
        if (!isBlockAnchor(trimmed)) readAttributes(trimmed.slice(1, -1), pending)
        start = true
      }
      blocks.push({ kind: 'boundary' })
      continue
    }
    if (trimmed === '') {
      blocks.push({ kind: 'break' })
      start = true
      continue
    }
    if (start) {
      const blockTitle = BLOCK_TITLE.exec(trimmed)
      if (blockTitle) {
        title = blockTitle[1] as string
        continue
      }
      // Only a line that ends as the macro does, as the scanner asks it (blocks.ts): on a line of
      // many `[` that never closes, the pattern's backtracking is quadratic.
      const image = trimmed.startsWith('image::') && trimmed.endsWith(']') ? BLOCK_MEDIA_MACRO.exec(trimmed) : null
      if (image) {
        const below = begin('figure')
        blocks.push({ kind: 'image', alt: imageAlt(image[2] as string, image[3] ?? '') })
        if (below !== null) blocks.push({ kind: 'title', caption: caption('figure', below.caption), text: below.title })
        continue
      }
    }
    const item = ITEM.exec(trimmed)
    if (item) {
      begin(null)
      blocks.push({ kind: 'item', marker: item[1] as string, text: item[2] as string })
    } else if (start) {
      const admonition = ADMONITION_PARAGRAPH.exec(trimmed)
      if (admonition) pending.style = admonition[1] as string
      begin(null)
      blocks.push({ kind: 'line', text: admonition ? trimmed.slice(admonition[0].length) : trimmed })
    } else blocks.push({ kind: 'line', text: trimmed })
    start = false
  }
  // An unclosed table runs to the fragment's end, as Asciidoctor reads it.
  if (table !== null) pushTable(blocks, table, counts, attributes)
  return blocks
}

function pushTable(
  blocks: ShownBlock[],
  table: OpenTable,
  counts: CaptionCounts,
  attributes?: Readonly<Record<string, string>>,
): void {
  if (table.title !== null)
    blocks.push({ kind: 'title', caption: blockCaption('table', table.caption, counts, attributes), text: table.title })
  blocks.push({
    kind: 'table',
    rows: tableRows(table.lines, table.delimiter, table.options),
    separator: table.delimiter.startsWith('!') ? '!' : '|',
  })
  blocks.push({ kind: 'boundary' })
}

/**
 * What the card needs of a block attribute list: its style (`NOTE`, from `[NOTE]` or
 * `[NOTE.role]`), and a table's `cols`, `format` and header options (`%header`,
 * `options="header"`, `%noheader`).
 */
function readAttributes(list: string, pending: Pending): void {
  const first = /^\s*([^,=\s]*)\s*(?:,|$)/.exec(list)?.[1] ?? ''
  const style = /^[^#.%]*/.exec(first)?.[0] ?? ''
  if (style !== '') pending.style = style
  const named = (name: string): string | undefined => {
    const match = new RegExp(String.raw`(?:^|,)\s*${name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^,]*))`).exec(list)
    return match ? (match[1] ?? match[2] ?? match[3] ?? '').trim() : undefined
  }
  const options = `${[...first.matchAll(/%([^#.%]+)/g)].map(m => m[1]).join(',')},${named('options') ?? ''},${named('opts') ?? ''}`
  if (/(?:^|,)\s*header\s*(?:,|$)/.test(options)) pending.table.header = true
  else if (/(?:^|,)\s*noheader\s*(?:,|$)/.test(options)) pending.table.header = false
  const cols = named('cols')
  if (cols !== undefined) pending.table.cols = cols
  const format = named('format')
  if (format !== undefined) pending.table.format = format
  // As written inside its quotes ("Figure A: " keeps its space), trimmed without them.
  const caption = /(?:^|,)\s*caption\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^,]*))/.exec(list)
  if (caption) pending.caption = (caption[1] ?? caption[2])?.replace(/\\(["'])/g, '$1') ?? (caption[3] ?? '').trim()
}
