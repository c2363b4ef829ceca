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

import { topFolder } from '../corpus.js'
import type { NoteModel } from '../types.js'
import type { Header } from './header.js'
import { encodeLineClasses } from './line-classes.js'
import { docnameOf, entriesAndItems, sectionsOf, substituteTargets, trackOf } from './model-parts.js'
import { findReferences } from './refs.js'
import { scanSimpleNote } from './simple-note.js'
import { buildSink, readNote, splitLines } from './walk.js'

export function scanNote(path: string, text: string): NoteModel {
  // Most notes are written with a few constructs, read from their characters at a fraction of
  // the cost (ADR 0033, amended); scanSimpleNote gives up on any other, read here in full.
  return scanSimpleNote(path, text) ?? scanNoteFully(path, text)
}

/** The full walker, for every note: what scanSimpleNote must agree with wherever it answers. */
export function scanNoteFully(path: string, text: string): NoteModel {
  const folder = topFolder(path)
  const docname = docnameOf(path)
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

  const sections = sectionsOf(sink.sections, sink.lines.length)
  const { dlistEntries, items, itemsWithoutId } = entriesAndItems(path, folder, sink.dlistEntries)
  const references = substituteTargets(
    [...sink.references, ...findReferences(sink.lines, sink.classes)].sort((a, b) => a.line - b.line),
    sink.attributeLog,
    docname,
    header?.attributes ?? [],
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
    track: folder === 'track' ? trackOf(sections, sink.topLevelItems) : [],
    problems: sink.problems.sort((a, b) => a.line - b.line),
    lineClasses: encodeLineClasses(sink.classes, sink.lines),
  }
}
