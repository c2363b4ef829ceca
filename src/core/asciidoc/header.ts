// The document header as Asciidoctor's `parseDocumentHeader` reads it:
//   - attribute entries, comments and block attribute lines at the top (blank lines between
//     them allowed) are document attributes even without a title;
//   - a level-0 title (`= Title`, `# Title` or an `=` underline), then attribute entries, an
//     author line, a revision line, and more attribute entries, comments anywhere among them;
//   - the first blank line after the title, or any other line, ends the header.
// Attribute entries after the header belong to the body and are not header attributes.

import type { HeaderAttribute } from '../types.js'
import {
  applyAttributeEntry,
  type BlockAttributes,
  noAttributes,
  readAttributeEntry,
  readMetadataLine,
} from './metadata.js'
import type { Reader } from './reader.js'
import { classify, registerAnchor, type Sink } from './sink.js'
import { ATTRIBUTE_ENTRY, ATX_SECTION_TITLE, isCommentLine, sectionLevel } from './syntax.js'

export interface Header {
  title: string | null
  titleLine: number | null
  attributes: HeaderAttribute[]
  /** Block metadata read at the top of a note without a title: it applies to the first block. */
  leftovers: BlockAttributes
}

function store(header: Header, sink: Sink, entry: { name: string; value: string; line: number }): void {
  const stored = applyAttributeEntry(sink, entry)
  // Names are unique in the list: the one written before, if any, gives way to this one.
  const earlier = header.attributes.findIndex(attribute => attribute.name === stored.name)
  if (earlier >= 0) header.attributes.splice(earlier, 1)
  if (stored.value !== null) header.attributes.push({ name: stored.name, value: stored.value, line: entry.line })
}

/** Asciidoctor's `skipCommentLines`: `//` lines and whole `////` blocks. */
function skipComments(reader: Reader, sink: Sink): void {
  for (let next = reader.peek(); next !== undefined && next.text.startsWith('//'); next = reader.peek()) {
    if (isCommentLine(next.text)) {
      classify(sink, next.line, 'comment')
      reader.read()
      continue
    }
    if (!(next.text.length > 3 && /^\/+$/.test(next.text))) return
    reader.read()
    classify(sink, next.line, 'comment')
    const block = reader.unprocessed(() => reader.readUntilTerminator(next.text))
    for (const entry of block.lines) classify(sink, entry.line, 'comment')
    if (block.closing) classify(sink, block.closing.line, 'comment')
    else sink.problems.push({ line: next.line, message: 'unterminated comment block' })
  }
}

function readEntries(reader: Reader, sink: Sink, header: Header): void {
  skipComments(reader, sink)
  for (let next = reader.peek(); next !== undefined && ATTRIBUTE_ENTRY.test(next.text); next = reader.peek()) {
    const entry = readAttributeEntry(reader, sink)
    if (entry) store(header, sink, entry)
    skipComments(reader, sink)
  }
}

export function readHeader(reader: Reader, sink: Sink): Header {
  const attrs = noAttributes()
  const header: Header = { title: null, titleLine: null, attributes: [], leftovers: attrs }
  if (reader.skipBlank() === null) return header
  for (;;) {
    const next = reader.peek()
    if (next !== undefined && ATTRIBUTE_ENTRY.test(next.text)) {
      const entry = readAttributeEntry(reader, sink)
      if (entry) store(header, sink, entry)
    } else if (!readMetadataLine(reader, sink, attrs, false)) break
    if (reader.skipBlank() === null) return header
  }
  const first = reader.peek()
  const second = reader.peekAt(1)
  const isTitle =
    first !== undefined && !attrs.style && !attrs.titled && sectionLevel(first.text, second?.text ?? null) === 0
  if (!isTitle || first === undefined) return header

  reader.read()
  // An id written above the title names the document.
  if (attrs.id !== null) registerAnchor(sink, attrs.id, attrs.idLine, 'block')
  header.leftovers = noAttributes()
  classify(sink, first.line, 'text')
  const atx = ATX_SECTION_TITLE.exec(first.text)
  if (atx) header.title = atx[2] ?? ''
  else {
    header.title = first.text
    const underline = reader.read()
    if (underline) classify(sink, underline.line, 'markup')
  }
  header.titleLine = first.line

  readEntries(reader, sink, header)
  const author = reader.peek()
  if (author !== undefined && author.text !== '') {
    reader.read()
    classify(sink, author.line, 'markup')
    readEntries(reader, sink, header)
    const revision = reader.peek()
    // Asciidoctor's revision pattern accepts any line but one that starts with `:` and has no comma.
    if (
      revision !== undefined &&
      revision.text !== '' &&
      !(revision.text.startsWith(':') && !revision.text.includes(','))
    ) {
      reader.read()
      classify(sink, revision.line, 'markup')
    }
    readEntries(reader, sink, header)
    reader.skipBlank()
  }
  return header
}
