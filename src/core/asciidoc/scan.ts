// scanNote(path, text): NoteModel — what the index knows about one `.adoc` file.
//
// A line-based reading that agrees with Asciidoctor 4.1's parser (test/asciidoc/differential.test.ts
// compares the two on every fixture and on examples/corpus). Decisions worth knowing:
//   - `items` and `itemsWithoutId` are filled for notes under internalise/ only (SPEC 1.2);
//     `dlistEntries` for every note. Two items with one id are both kept, in file order: the
//     validator reports the second (item-duplicate-id) and the first one counts.
//   - `anchors` lists ids where Asciidoctor registers them: sections (explicit or generated),
//     block ids (`[[id]]`, `[#id]` above a block, at the line where they are written), inline
//     anchors in paragraphs, and a leading `[[id]]` of a list item or a description list term.
//     Like Asciidoctor, an `[[id]]` elsewhere in a list item or in a table cell is not an anchor.
//   - `references` include bare URLs (`https://x`) as `link`, besides `link:`, URL macros,
//     xrefs, images and includes; `mailto:` and e-mail addresses are not references.
//   - `track` is filled for notes under track/ only (its one reader, triage, handles no other
//     note; the model of every other note stays smaller): every level-1 section with the
//     top-level entries of the lists written directly in its body or in its subsections' bodies. A list inside a delimited block
//     (`====`, `--`, ...) or nested in another list item is not a top-level entry.
//   - `title` is the document title as written; attribute names are lower-cased as Asciidoctor
//     stores them; values as Asciidoctor computes them (continuation lines joined, `{name}`
//     references to attributes defined above substituted, unknown ones left as written), except
//     that `&`, `<`, `>` stay characters where Asciidoctor stores `&amp;`, `&lt;`, `&gt;`.
//   - Preprocessor conditionals (`ifdef::`, `ifndef::`, `ifeval::`, `endif::`) apply as in
//     Asciidoctor (conditionals.ts): an excluded line does not exist for the index, and every
//     other line keeps its source line number.
//   - Block attribute lists are parsed as Asciidoctor parses them (attribute-list.ts):
//     `[qanda]`, `["qanda"]`, `[style=qanda]` all make a `[qanda]` list.

import { itemId, topFolder } from '../corpus.js'
import type { NoteModel, PracticeItem, Reference, Section, TrackStatus } from '../types.js'
import { defaultAttributes, substituteReferences } from './document-attributes.js'
import type { Header } from './header.js'
import { encodeLineClasses } from './line-classes.js'
import { findReferences } from './refs.js'
import { scanSimpleNote } from './simple-note.js'
import type { RawSection, Sink } from './sink.js'
import { LEADING_INLINE_ANCHOR } from './syntax.js'
import { buildSink, readNote, splitLines } from './walk.js'

function sectionsOf(sink: Sink): Section[] {
  const raw = sink.sections
  return raw.map((section, index) => {
    // A section ends before the next one at its level or above, else at the end of the note.
    let endLine = sink.lines.length
    for (let later = index + 1; later < raw.length; later++) {
      const next = raw[later] as RawSection
      if (next.level <= section.level) {
        endLine = next.firstLine - 1
        break
      }
    }
    return {
      level: section.level,
      title: section.title,
      id: section.id,
      line: section.line,
      endLine: Math.max(endLine, section.line),
    }
  })
}

function trackOf(sink: Sink, sections: Section[]): TrackStatus[] {
  return sections
    .filter(section => section.level === 1)
    .map(section => ({
      status: section.title,
      line: section.line,
      endLine: section.endLine,
      items: sink.topLevelItems
        .filter(item => item.line > section.line && item.line <= section.endLine)
        .map(item => ({
          line: item.line,
          endLine: item.endLine,
          text: item.text,
          marker: item.marker,
        })),
    }))
}

/**
 * Reference targets with their `{name}` references substituted as Asciidoctor does, from the
 * attributes the note defines above the reference's line (header and body entries, built-ins);
 * an unknown one stays as written. `:d: sub` then `include::{d}/x.adoc[]` targets `sub/x.adoc`.
 */
function substituteTargets(references: Reference[], sink: Sink, docname: string): Reference[] {
  if (!references.some(ref => ref.target.includes('{'))) return references
  const attributes = defaultAttributes(docname)
  let applied = 0
  return references.map(ref => {
    for (let entry = sink.attributeLog[applied]; entry && entry.line < ref.line; entry = sink.attributeLog[++applied]) {
      if (entry.value === null) attributes.delete(entry.name)
      else attributes.set(entry.name, entry.value)
    }
    if (!ref.target.includes('{')) return ref
    // A `{counter:x}` in a target counts on a copy: it must not move the note's counters.
    const own = ref.target.includes('{counter') ? new Map(attributes) : attributes
    const target = substituteReferences(ref.target, own, 'skip')
    return target === ref.target ? ref : { ...ref, target }
  })
}

function termWithoutAnchor(term: string): string {
  const anchor = LEADING_INLINE_ANCHOR.exec(term)
  return (anchor ? term.slice(anchor[0].length) : term).trim()
}

export function scanNote(path: string, text: string): NoteModel {
  // Most notes are written with a few constructs, read from their characters at a fraction of
  // the cost (ADR 0033, amended); scanSimpleNote gives up on any other, read here in full.
  return scanSimpleNote(path, text) ?? scanNoteFully(path, text)
}

/** The full walker, for every note: what scanSimpleNote must agree with wherever it answers. */
export function scanNoteFully(path: string, text: string): NoteModel {
  const folder = topFolder(path)
  const name = path.slice(path.lastIndexOf('/') + 1)
  const docname = name.endsWith('.adoc') ? name.slice(0, -5) : name
  const sink = buildSink(splitLines(text), docname)
  let header: Header | null = null
  try {
    header = readNote(sink)
  } catch (error) {
    // A last guard for the index: a note the scanner cannot finish (say, a stack exhausted by
    // thousands of nested blocks) keeps what was read and says so, rather than stop the whole run.
    sink.problems.push({
      line: 1,
      message: `scanner stopped: ${error instanceof Error ? error.message : String(error)}`,
    })
  }

  const sections = sectionsOf(sink)
  const items: PracticeItem[] = []
  const itemsWithoutId: NoteModel['itemsWithoutId'] = []
  // Each term once without its anchor: an item's prompt is its entry's term.
  const dlistEntries = sink.dlistEntries.map(entry => ({
    style: entry.style,
    term: termWithoutAnchor(entry.term),
    description: entry.description,
    line: entry.termLine,
    anchor: entry.anchor,
  }))
  sink.dlistEntries.forEach((entry, index) => {
    if (folder !== 'internalise' || entry.style !== 'qanda') return
    const own = dlistEntries[index]
    if (own === undefined) return
    if (own.anchor === null) itemsWithoutId.push({ line: own.line, term: entry.term.trim() })
    // The entry's own strings: an item and its entry hold one copy of the term and description.
    else
      items.push({
        id: itemId(path, own.anchor),
        anchor: own.anchor,
        prompt: own.term,
        response: own.description,
        line: own.line,
      })
  })
  const references = substituteTargets(
    [...sink.references, ...findReferences(sink.lines, sink.classes)].sort((a, b) => a.line - b.line),
    sink,
    docname,
  )
  // The model's strings may be views into the note's text (V8 keeps a substring of 13
  // characters or more so): a model a load keeps is packed at once (ADR 0029), which copies
  // them into its bytes, and the plain model and the text die together (ADR 0021, amended).
  const attributes = header?.attributes ?? []
  return {
    path,
    folder,
    title: header?.title ?? null,
    attributes,
    anchors: [...sink.anchors].sort((a, b) => a.line - b.line),
    sections,
    items,
    itemsWithoutId,
    dlistEntries,
    references,
    track: folder === 'track' ? trackOf(sink, sections) : [],
    problems: sink.problems.sort((a, b) => a.line - b.line),
    lineClasses: encodeLineClasses(sink.classes, sink.lines),
  }
}
