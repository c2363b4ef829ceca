// Block metadata lines (Asciidoctor's `parseBlockMetadataLine`): `[[id]]`, `[style#id.role]`,
// `.Title`, comment lines, `////` comment blocks and attribute entries written above a block.

import { parseAttributeList, shorthandOf } from './attribute-list.js'
import { attributeEntryValue, substituteReferences } from './document-attributes.js'
import type { Reader } from './reader.js'
import { classify, type Sink } from './sink.js'
import { ATTRIBUTE_ENTRY, BLOCK_ANCHOR, BLOCK_ATTRIBUTE_LIST, BLOCK_TITLE, sanitizeAttributeName } from './syntax.js'

export interface BlockAttributes {
  /** Asciidoctor's `attributes[1]`: the style written first in a list (`[qanda]`, `["qanda"]`,
   *  `[source#id]`); it decides what kind of block follows. */
  style: string | null
  /** Asciidoctor's `attributes.style`: also set by `[style=qanda]`; it becomes the list's style. */
  styleAttribute: string | null
  id: string | null
  /** Where the id was written. */
  idLine: number
  /** First metadata line read for the block, 0 when there is none. */
  firstLine: number
  /** A `.Title` line was read (a titled `= x` is not the document title). */
  titled: boolean
}

export const noAttributes = (): BlockAttributes => ({
  style: null,
  styleAttribute: null,
  id: null,
  idLine: 0,
  firstLine: 0,
  titled: false,
})

/**
 * Merges one `[...]` line into the block's attributes as Asciidoctor does: named ones first;
 * then, because its check reads the merged `attributes[1]`, the style written first on this
 * line or an earlier one is parsed again and wins over a named `style=` (`[qanda]` then
 * `[style=glossary]` is still a qanda list).
 */
function applyAttributeList(content: string, attrs: BlockAttributes, line: number, sink: Sink): void {
  const list = parseAttributeList(substituteReferences(content, sink.attributes))
  if (list.style !== null) attrs.styleAttribute = list.style
  if (list.id !== null) {
    attrs.id = list.id
    attrs.idLine = line
  }
  const first = list.first || attrs.style
  if (!first) return
  const shorthand = shorthandOf(first)
  if (shorthand.style !== null) {
    attrs.style = shorthand.style
    attrs.styleAttribute = shorthand.style
  }
  if (shorthand.id !== null) {
    attrs.id = shorthand.id
    attrs.idLine = line
  }
}

/** `[`, `.`, `/`, `:`: the first character of every metadata line (a switch, not a regex, per line). */
const isMetadataFirst = (c: number): boolean => c === 91 || c === 46 || c === 47 || c === 58

/**
 * Reads one metadata line if the next line is one; returns false otherwise. In `textOnly` mode
 * (the first block of a list item) only `[...]` lines and comments count, as in Asciidoctor.
 */
export function readMetadataLine(reader: Reader, sink: Sink, attrs: BlockAttributes, textOnly: boolean): boolean {
  const next = reader.peek()
  if (next === undefined || next.text === '') return false
  const text = next.text
  const normal = !textOnly && isMetadataFirst(text.charCodeAt(0))
  if (!(textOnly ? text.startsWith('[') || text.startsWith('/') : normal)) return false

  if (text.startsWith('[')) {
    if (text.startsWith('[[')) {
      const anchor = text.endsWith(']]') ? BLOCK_ANCHOR.exec(text) : null
      if (!anchor) return false
      if (anchor[1]) {
        attrs.id = anchor[1]
        attrs.idLine = next.line
      }
    } else {
      const list = text.endsWith(']') ? BLOCK_ATTRIBUTE_LIST.exec(text) : null
      if (!list) return false
      applyAttributeList(list[1] ?? '', attrs, next.line, sink)
    }
    markFirst(attrs, next.line)
    classify(sink, next.line, 'markup')
    reader.read()
    return true
  }
  if (normal && text.startsWith('.')) {
    if (!BLOCK_TITLE.test(text)) return false
    markFirst(attrs, next.line)
    attrs.titled = true
    classify(sink, next.line, 'text')
    reader.read()
    return true
  }
  if (!normal || text.startsWith('/')) {
    // A bare `//` is a comment line (Asciidoctor tests it first), not a comment block fence.
    if (normal && text.length > 2 && text.startsWith('//') && /^\/+$/.test(text)) {
      if (text.length === 3) return false
      readCommentBlock(reader, sink)
      markFirst(attrs, next.line)
      return true
    }
    if (text.startsWith('//') && !text.startsWith('///')) {
      markFirst(attrs, next.line)
      classify(sink, next.line, 'comment')
      reader.read()
      return true
    }
    return false
  }
  if (normal && text.startsWith(':')) {
    const entry = ATTRIBUTE_ENTRY.exec(text)
    if (!entry) return false
    markFirst(attrs, next.line)
    const read = readAttributeEntry(reader, sink)
    // A body entry is no header attribute, but it sets the document attribute from here on.
    if (read) applyAttributeEntry(sink, read)
    return true
  }
  return false
}

/** Records where the block's metadata starts: its first metadata line. */
function markFirst(attrs: BlockAttributes, line: number): void {
  if (attrs.firstLine === 0) attrs.firstLine = line
}

function readCommentBlock(reader: Reader, sink: Sink): void {
  const opening = reader.read()
  if (opening === undefined) return
  classify(sink, opening.line, 'comment')
  const block = reader.unprocessed(() => reader.readUntilTerminator(opening.text))
  for (const entry of block.lines) classify(sink, entry.line, 'comment')
  if (block.closing) classify(sink, block.closing.line, 'comment')
  else sink.problems.push({ line: opening.line, message: 'unterminated comment block' })
}

/**
 * Reads an attribute entry with its ` \` (or legacy ` +`) continuation lines; returns the
 * sanitised name and the value as Asciidoctor joins it.
 */
export function readAttributeEntry(reader: Reader, sink: Sink): { name: string; value: string; line: number } | null {
  const first = reader.read()
  if (first === undefined) return null
  const match = ATTRIBUTE_ENTRY.exec(first.text)
  if (!match) return null
  classify(sink, first.line, 'attribute-entry')
  let value = match[2] ?? ''
  if (value.endsWith(' \\') || value.endsWith(' +')) {
    const marker = value.slice(-2)
    value = value.slice(0, -2).trimEnd()
    for (let next = reader.peek(); next !== undefined && next.text !== ''; next = reader.peek()) {
      reader.read()
      classify(sink, next.line, 'attribute-entry')
      let piece = next.text.trimStart()
      const keepOpen = piece.endsWith(marker)
      if (keepOpen) piece = piece.slice(0, -2).trimEnd()
      value = `${value}${value.endsWith(' +') ? '\n' : ' '}${piece}`
      if (!keepOpen) break
    }
  }
  return { name: match[1] ?? '', value, line: first.line }
}

/**
 * Asciidoctor's `storeAttribute`: `:name!:` and `:!name:` unset, anything else sets the value
 * with its `{references}` substituted. Returns the sanitised name and the stored value (null
 * when unset).
 */
export function applyAttributeEntry(
  sink: Sink,
  entry: { name: string; value: string; line: number },
): { name: string; value: string | null } {
  const unset = entry.name.startsWith('!') || entry.name.endsWith('!')
  let name = sanitizeAttributeName(unset ? entry.name.replace(/^!|!$/g, '') : entry.name)
  if (name === 'numbered') name = 'sectnums'
  else if (name === 'hardbreaks') name = 'hardbreaks-option'
  if (unset) {
    sink.attributes.delete(name)
    sink.attributeLog.push({ line: entry.line, name, value: null })
    return { name, value: null }
  }
  let value = attributeEntryValue(entry.value, sink.attributes)
  // `:leveloffset: +1` moves the current offset (Asciidoctor stores the sum: "1").
  if (name === 'leveloffset' && (value.startsWith('+') || value.startsWith('-'))) {
    const current = Number.parseInt(sink.attributes.get('leveloffset') ?? '0', 10) || 0
    const delta = Number.parseInt(value, 10)
    if (!Number.isNaN(delta)) value = String(current + delta)
  }
  sink.attributes.set(name, value)
  sink.attributeLog.push({ line: entry.line, name, value })
  return { name, value }
}
