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
//
// The reading is in simple-note/: note.ts (the lines and their marks), lines.ts (what a line is),
// blocks.ts (the body's blocks), references.ts (the references in prose); here, the header and
// the model.

import { topFolder } from '../corpus.js'
import type { NoteModel, Reference } from '../types.js'
import { applyAttributeEntry } from './metadata.js'
import { docnameOf, entriesAndItems, sectionsOf, trackOf } from './model-parts.js'
import { readBlock } from './simple-note/blocks.js'
import { atxLevel, atxTitle } from './simple-note/lines.js'
import {
  ATTRIBUTE_ENTRY,
  BLANK,
  COMMENT,
  giveUp,
  HEADER,
  isAsciiWord,
  isSpace,
  Note,
  NotSimple,
  splitInto,
  TEXT,
} from './simple-note/note.js'
import { referencesOf } from './simple-note/references.js'

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
    return modelOf(note, path, folder, header, referencesOf(note, docname, header.attributes))
  } catch (error) {
    if (error instanceof NotSimple) return null
    throw error
  }
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
