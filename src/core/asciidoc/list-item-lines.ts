// Which lines belong to a list item: a line-for-line port of Asciidoctor 4.1's
// `Parser.readLinesForListItem` (src/parser.js). This is where AsciiDoc's list rules live: a list
// goes on across blank lines while siblings follow, `+` attaches the next block, a list of another
// kind after a blank line nests into the item, and a block attribute line may end a dlist.

import { type Entry, isBlank, isContinuation, type Reader } from './reader.js'
import {
  ANY_LIST,
  ATTRIBUTE_ENTRY,
  BLOCK_TITLE,
  DESCRIPTION_LIST,
  delimiterOf,
  execOnce,
  isBlockAttributeLine,
  isSiblingListItem,
  isUnorderedItem,
  LIST_PATTERNS,
  LITERAL_PARAGRAPH,
  type ListType,
  mayBeDescriptionListItem,
  mayBeOrderedItem,
  NESTABLE_LISTS,
  type SiblingTrait,
} from './syntax.js'

const plus = (entry: Entry): Entry => ({ text: '+', line: entry.line, continuation: 'plus' })
const placeholder = (entry: Entry): Entry => ({ text: '', line: entry.line, continuation: 'placeholder' })

/** `push(...lines)` without the spread: a block of a million lines would overflow the stack. */
function pushAll(buffer: Entry[], lines: readonly Entry[]): void {
  for (const line of lines) buffer.push(line)
}

function nestedListType(text: string, candidates: readonly ListType[]): ListType | undefined {
  for (const type of candidates) if (isListItem(text, type)) return type
  return undefined
}

/** LIST_PATTERNS[type].test(text), ruling most lines out on their first characters. */
function isListItem(text: string, type: ListType): boolean {
  if (type === 'ulist') return isUnorderedItem(text)
  if (type === 'olist') return mayBeOrderedItem(text) && LIST_PATTERNS.olist.test(text)
  if (type === 'dlist') return mayBeDescriptionListItem(text) && execOnce(DESCRIPTION_LIST, text) !== null
  return LIST_PATTERNS[type].test(text)
}

/** A nested dlist item with no text after its delimiter leaves the item without text. */
const dlistWithoutText = (text: string): boolean => !execOnce(DESCRIPTION_LIST, text)?.[3]

/** Reads a literal paragraph the way Asciidoctor does inside a list item (stops at a sibling for dlists). */
function readIndented(reader: Reader, listType: ListType, trait: SiblingTrait): Entry[] {
  const stop = listType === 'dlist' ? (e: Entry) => isSiblingListItem(e.text, listType, trait) : () => false
  return reader.readParagraph(stop, false)
}

export function readListItemLines(
  reader: Reader,
  listType: ListType,
  trait: SiblingTrait,
  hasTextIn: boolean,
): Entry[] {
  let hasText = hasTextIn
  const buffer: Entry[] = []
  let continuation: 'inactive' | 'active' | 'frozen' = 'inactive'
  let withinNestedList = false
  let detachedContinuation: number | null = null
  const dlist = listType === 'dlist'
  let pending: Entry | null = null

  for (;;) {
    const read = reader.read()
    if (read === undefined) break
    let line: Entry = read
    pending = line
    if (isSiblingListItem(line.text, listType, trait)) break
    if (line.continuation === undefined && line.text === '+') line = plus(line)
    // Not `buffer[buffer.length - 1]` on an empty buffer: index -1 is a slow property lookup.
    const prev: Entry | null = buffer.length > 0 ? (buffer[buffer.length - 1] as Entry) : null

    if (isContinuation(prev)) {
      if (continuation === 'inactive') {
        continuation = 'active'
        hasText = true
        if (!withinNestedList && prev) buffer[buffer.length - 1] = placeholder(prev)
      }
      if (isContinuation(line)) {
        if (continuation !== 'frozen') {
          continuation = 'frozen'
          buffer.push(line)
        }
        pending = null
        continue
      }
    }

    const delimiter = delimiterOf(line.text)
    if (delimiter) {
      if (continuation !== 'active') break
      buffer.push(line)
      const block = reader.readUntilTerminator(delimiter.terminator)
      pushAll(buffer, block.lines)
      if (block.closing) buffer.push(block.closing)
      continuation = 'inactive'
    } else if (dlist && continuation !== 'active' && isBlockAttributeLine(line.text)) {
      const attributeLines: Entry[] = [line]
      let interrupt = false
      for (;;) {
        const next = reader.peek()
        if (next === undefined) break
        if (delimiterOf(next.text)) {
          interrupt = true
          break
        }
        if (isBlank(next) || isBlockAttributeLine(next.text)) {
          attributeLines.push(reader.read() as Entry)
        } else if (ANY_LIST.test(next.text) && !isSiblingListItem(next.text, listType, trait)) {
          pushAll(buffer, attributeLines)
          break
        } else {
          interrupt = true
          break
        }
      }
      if (interrupt) {
        // Give back the attribute lines: they belong to whatever follows the list.
        reader.unread(attributeLines.length)
        pending = null
        break
      }
    } else if (continuation === 'active' && !isBlank(line)) {
      if (LITERAL_PARAGRAPH.test(line.text)) {
        reader.unread()
        pushAll(buffer, readIndented(reader, listType, trait))
        continuation = 'inactive'
      } else if (
        (line.text.startsWith('.') && BLOCK_TITLE.test(line.text)) ||
        isBlockAttributeLine(line.text) ||
        (line.text.startsWith(':') && ATTRIBUTE_ENTRY.test(line.text))
      ) {
        buffer.push(line)
      } else {
        // Written out rather than as a closure, which would put this function's state on the heap.
        const nested = withinNestedList ? undefined : nestedListType(line.text, NESTABLE_LISTS)
        if (nested !== undefined) {
          withinNestedList = true
          if (nested === 'dlist' && dlistWithoutText(line.text)) hasText = false
        }
        buffer.push(line)
        continuation = 'inactive'
      }
    } else if (prev !== null && isBlank(prev)) {
      if (isBlank(line)) {
        if (reader.skipBlank() === null) {
          pending = null
          break
        }
        const next = reader.read()
        if (next === undefined) {
          pending = null
          break
        }
        line = next
        pending = line
        if (isSiblingListItem(line.text, listType, trait)) break
      }
      if (line.text === '+') {
        detachedContinuation = buffer.length
        buffer.push(plus(line))
      } else if (hasText) {
        if (isSiblingListItem(line.text, listType, trait)) break
        const nested = nestedListType(line.text, NESTABLE_LISTS)
        if (nested !== undefined) {
          buffer.push(line)
          withinNestedList = true
          if (nested === 'dlist' && dlistWithoutText(line.text)) hasText = false
        } else if (LITERAL_PARAGRAPH.test(line.text)) {
          reader.unread()
          pushAll(buffer, readIndented(reader, listType, trait))
        } else {
          break
        }
      } else {
        if (!withinNestedList) buffer.pop()
        buffer.push(line)
        hasText = true
      }
    } else if (isContinuation(line)) {
      hasText = true
      buffer.push(line)
    } else {
      if (!isBlank(line)) {
        hasText = true
        const nested = nestedListType(line.text, withinNestedList ? ['dlist'] : NESTABLE_LISTS)
        if (nested !== undefined) {
          withinNestedList = true
          if (nested === 'dlist' && dlistWithoutText(line.text)) hasText = false
        }
      }
      buffer.push(line)
    }
    pending = null
  }

  if (pending !== null) reader.unread()
  if (detachedContinuation !== null) {
    const entry = buffer[detachedContinuation]
    if (entry) buffer[detachedContinuation] = placeholder(entry)
  }
  while (buffer.length > 0) {
    const last = buffer[buffer.length - 1] as Entry
    if (isContinuation(last)) {
      buffer.pop()
      break
    }
    if (isBlank(last)) buffer.pop()
    else break
  }
  return buffer
}
