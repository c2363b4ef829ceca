// classifyLines(lines: string[]): LineClass[]
//
//   What each line of a note is, as Asciidoctor reads it, one entry per input line (same index):
//     'text'            prose that gets inline substitutions: paragraphs, list items, titles,
//                       table cells (links, xrefs and mentions here are real)
//     'blank'           an empty line (or only white space)
//     'comment'         a `//` line, a `////` block (fences included), a [comment] block
//     'listing'         `----`, ``` and [source]/[listing] content, fences included
//     'literal'         `....` content, [literal] paragraphs, indented literal paragraphs
//     'passthrough'     `++++` and [pass] content, fences included
//     'markup'          structure without prose: `[attrs]`/`[[id]]` lines, `+` continuations, fences
//                       of compound blocks (`====`, `****`, `--`, `|===`, ...), breaks, block macros
//     'attribute-entry' `:name: value` lines (header or body)
//
//   isVerbatim(c) is true for 'comment', 'listing', 'literal' and 'passthrough': lines that never
//   hold items, links or statuses (SPEC 1). Hygiene and triage code should use this rather than
//   their own fence tracking, so that every part of Notekeeper agrees on what a block is.
//   Lines may end in `\r` and the first may carry a BOM; both are ignored.

import { encodeLineClasses, type LineClass, type ProseLine, proseLines } from './line-classes.js'
import { buildSink, readNote, splitLines } from './walk.js'

// Declared in line-classes.ts, which imports nothing, so that the sink imports nothing from the walk.
export { isVerbatim, type LineClass } from './line-classes.js'

export function classifyLines(lines: string[]): LineClass[] {
  const sink = buildSink(lines)
  readNote(sink)
  return sink.classes
}

/**
 * The prose lines of a text that has no note model, read by a walk of its own: for tests and
 * the benchmark's generated texts. The index's models carry `lineClasses` from their one scan;
 * code that has a model reads prose with `proseLines(lines, model.lineClasses)` instead.
 */
export function proseOfText(text: string): ProseLine[] {
  const lines = splitLines(text)
  const sink = buildSink(lines)
  readNote(sink)
  return proseLines(lines, encodeLineClasses(sink.classes, sink.lines))
}
