// Block metadata lines (Asciidoctor's `parseBlockMetadataLine`): `[[id]]`, `[style#id.role]`,
// `.Title`, comment lines, `////` comment blocks and attribute entries written above a block.

import type { Reader } from './reader.js'
import { ATTRIBUTE_ENTRY, BLOCK_ANCHOR, BLOCK_ATTRIBUTE_LIST, BLOCK_TITLE } from './syntax.js'
import { type Sink, classify } from './sink.js'

export interface BlockAttributes {
  style: string | null
  id: string | null
  /** Where the id was written. */
  idLine: number
  /** First metadata line read for the block, 0 when there is none. */
  firstLine: number
  /** A `.Title` line was read (a titled `= x` is not the document title). */
  titled: boolean
}

export const noAttributes = (): BlockAttributes => ({ style: null, id: null, idLine: 0, firstLine: 0, titled: false })

/** The style and id of an attribute list such as `qanda`, `source,ruby`, `#id.role`, `id=x`. */
export function parseAttributeList(content: string): { style: string | null; id: string | null } {
  const parts = splitAttributes(content)
  let style: string | null = null
  let id: string | null = null
  const first = parts[0]?.trim() ?? ''
  if (first !== '' && !/^[\w-]+=/.test(first) && !first.startsWith('"') && !first.startsWith("'")) {
    if (first.includes(' ')) style = first
    else {
      // Shorthand: style, then #id, .role and %option in any order.
      const match = /^([^#.%]*)((?:[#.%][^#.%]*)*)$/.exec(first)
      style = match?.[1] ? match[1] : null
      for (const piece of (match?.[2] ?? '').match(/[#.%][^#.%]*/g) ?? []) {
        if (piece.startsWith('#')) id = piece.slice(1)
      }
    }
  }
  for (const part of parts) {
    const named = /^\s*id\s*=\s*["']?([^"']*)["']?\s*$/.exec(part)
    if (named?.[1]) id = named[1]
  }
  return { style, id }
}

function splitAttributes(content: string): string[] {
  const parts: string[] = []
  let current = ''
  let quote: string | null = null
  for (const c of content) {
    if (quote) {
      if (c === quote) quote = null
      current += c
    } else if (c === '"' || c === "'") {
      quote = c
      current += c
    } else if (c === ',') {
      parts.push(current)
      current = ''
    } else current += c
  }
  parts.push(current)
  return parts
}

/**
 * Reads one metadata line if the next line is one; returns false otherwise. In `textOnly` mode
 * (the first block of a list item) only `[...]` lines and comments count, as in Asciidoctor.
 */
export function readMetadataLine(reader: Reader, sink: Sink, attrs: BlockAttributes, textOnly: boolean): boolean {
  const next = reader.peek()
  if (next === undefined || next.text === '') return false
  const text = next.text
  const normal = !textOnly && /^[[./:]/.test(text)
  if (!(textOnly ? text.startsWith('[') || text.startsWith('/') : normal)) return false
  const mark = (): void => {
    if (attrs.firstLine === 0) attrs.firstLine = next.line
  }

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
      const parsed = parseAttributeList(list[1] ?? '')
      if (parsed.style !== null) attrs.style = parsed.style
      if (parsed.id !== null) {
        attrs.id = parsed.id
        attrs.idLine = next.line
      }
    }
    mark()
    classify(sink, next.line, 'markup')
    reader.read()
    return true
  }
  if (normal && text.startsWith('.')) {
    if (!BLOCK_TITLE.test(text)) return false
    mark()
    attrs.titled = true
    classify(sink, next.line, 'text')
    reader.read()
    return true
  }
  if (!normal || text.startsWith('/')) {
    if (normal && text.startsWith('//') && /^\/+$/.test(text)) {
      if (text.length === 3) return false
      readCommentBlock(reader, sink)
      mark()
      return true
    }
    if (text.startsWith('//') && !text.startsWith('///')) {
      mark()
      classify(sink, next.line, 'comment')
      reader.read()
      return true
    }
    return false
  }
  if (normal && text.startsWith(':')) {
    const entry = ATTRIBUTE_ENTRY.exec(text)
    if (!entry) return false
    mark()
    readAttributeEntry(reader, sink)
    return true
  }
  return false
}

function readCommentBlock(reader: Reader, sink: Sink): void {
  const opening = reader.read()
  if (opening === undefined) return
  classify(sink, opening.line, 'comment')
  const block = reader.readUntilTerminator(opening.text)
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
