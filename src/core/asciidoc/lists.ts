// Lists (Asciidoctor's `parseList`, `parseDescriptionList`, `parseListItem`): which lines each item
// owns comes from the ported readListItemLines; the blocks inside an item are read by the caller's
// block walker (passed in, so that this module does not depend on blocks.ts).

import { readListItemLines } from './list-item-lines.js'
import type { Entry, Reader } from './reader.js'
import { classify, registerAnchor, type Sink } from './sink.js'
import {
  BIBLIOGRAPHY_ANCHOR,
  CALLOUT_LIST,
  DESCRIPTION_LIST,
  dlistSiblingPattern,
  execOnce,
  LEADING_INLINE_ANCHOR,
  type ListType,
  mayBeDescriptionListItem,
  ORDERED_LIST,
  unorderedItem,
} from './syntax.js'

/** Reads the blocks of one list item from the lines it owns. */
export type ItemBodyReader = (lines: Entry[], sink: Sink, listType: ListType, hasText: boolean) => void

const CHECKBOX = /^\[[ x*]\] /

/** An item's marker as written and its text, from its pattern's match (as unorderedItem gives them). */
function itemOf(match: RegExpExecArray | null): { marker: string; text: string } | null {
  return match === null ? null : { marker: match[1] ?? '', text: match[2] ?? '' }
}

export function readList(
  reader: Reader,
  sink: Sink,
  sectionLevel: boolean,
  listType: ListType,
  style: string | null,
  readBody: ItemBodyReader,
): void {
  const pattern = listType === 'olist' ? ORDERED_LIST : CALLOUT_LIST
  for (let next = reader.peek(); next !== undefined; next = reader.peek()) {
    const match = listType === 'ulist' ? unorderedItem(next.text) : itemOf(pattern.exec(next.text))
    if (!match) break
    reader.read()
    classify(sink, next.line, 'text')
    let itemText = match.text
    let marker = listType === 'colist' ? '<1>' : match.marker
    if (listType === 'ulist' && style === 'bibliography') {
      // Only a `[[[id]]]` names an entry of a bibliography; `[[id]]` and checkboxes are text there.
      const entry = itemText.startsWith('[[[') ? BIBLIOGRAPHY_ANCHOR.exec(itemText) : null
      if (entry?.[1]) registerAnchor(sink, entry[1], next.line, 'inline')
    } else if (itemText.startsWith('[[')) {
      const anchor = LEADING_INLINE_ANCHOR.exec(itemText)
      if (anchor?.[1]) registerAnchor(sink, anchor[1], next.line, 'inline')
    } else if (listType === 'ulist' && CHECKBOX.test(itemText)) {
      marker = `${marker} ${itemText.slice(0, 3)}`
      itemText = itemText.slice(4)
    }
    const lines = readListItemLines(reader, listType, match.marker, true)
    readBody(lines, sink, listType, true)
    // Lists read at section level are the top-level entries of their section (SPEC 1.3);
    // scan.ts keeps those that stand inside a level-1 section.
    if (sectionLevel && listType !== 'colist') {
      const last = lines.length > 0 ? (lines[lines.length - 1] as Entry).line : next.line
      sink.topLevelItems.push({
        line: next.line,
        endLine: Math.max(last, next.line),
        text: itemText.trim(),
        marker: marker.trim(),
      })
    }
    if (reader.skipBlank() === null) break
  }
}

export function readDescriptionList(reader: Reader, sink: Sink, style: string | null, readBody: ItemBodyReader): void {
  const first = reader.peek()
  const firstMatch = first ? execOnce(DESCRIPTION_LIST, first.text) : null
  if (!first || !firstMatch) return
  const sibling = dlistSiblingPattern(firstMatch[2] ?? '::')
  let waitingTerms: { term: string; line: number; anchor: string | null }[] = []
  let match: RegExpExecArray | null = firstMatch
  while (match) {
    const termEntry = reader.read() as Entry
    classify(sink, termEntry.line, 'text')
    const term = match[1] ?? ''
    let anchor: string | null = null
    if (term.startsWith('[[')) {
      const leading = LEADING_INLINE_ANCHOR.exec(term)
      if (leading?.[1]) {
        anchor = leading[1]
        registerAnchor(sink, anchor, termEntry.line, 'inline')
      }
    }
    const inlineText = match[3] ?? null
    const lines = readListItemLines(reader, 'dlist', sibling, Boolean(inlineText))
    waitingTerms.push({ term, line: termEntry.line, anchor })
    // Entries are recorded before the item's body is read, so an outer entry precedes the
    // entries of a list nested in it, as in Asciidoctor's tree.
    if (inlineText || lines.length > 0) {
      const description = describe(sink, termEntry.line, inlineText, lines)
      for (const waiting of waitingTerms) {
        sink.dlistEntries.push({
          style,
          term: waiting.term,
          termLine: waiting.line,
          description,
          anchor: waiting.anchor,
        })
      }
      waitingTerms = []
    }
    readBody(lines, sink, 'dlist', Boolean(inlineText))
    const next = reader.peek()
    match = next && mayBeDescriptionListItem(next.text) ? execOnce(sibling, next.text) : null
  }
  for (const waiting of waitingTerms) {
    sink.dlistEntries.push({
      style,
      term: waiting.term,
      termLine: waiting.line,
      description: '',
      anchor: waiting.anchor,
    })
  }
}

/** The description as written: the text after the delimiter, then every source line the item spans. */
function describe(sink: Sink, termLine: number, inlineText: string | null, lines: Entry[]): string {
  const parts: string[] = inlineText ? [inlineText] : []
  const last = lines.length > 0 ? (lines[lines.length - 1] as Entry).line : termLine
  for (let line = termLine + 1; line <= last; line++) if (!sink.hidden.has(line)) parts.push(sink.lines[line - 1] ?? '')
  return parts.join('\n').trim()
}
