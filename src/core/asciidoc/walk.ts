// Reads a whole note into a Sink: header first, then the body. Shared by scanNote and classifyLines.

import { walkDocumentBody } from './blocks.js'
import { ConditionalLines, mayHaveDirectives } from './conditionals.js'
import { conflictProblem, conflictsOf } from './conflict-markers.js'
import { defaultAttributes } from './document-attributes.js'
import { type Header, readHeader } from './header.js'
import { type Entry, Reader } from './reader.js'
import type { LineClass, Sink } from './sink.js'
import { INCLUDE_DIRECTIVE, isCommentLine } from './syntax.js'

/** The note's lines (buildSink then drops the `\r` and trailing white space, as Asciidoctor does). */
export function splitLines(text: string): string[] {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text
  const lines = withoutBom.split('\n')
  // A final newline ends the last line; it does not start an empty one.
  if (lines.length > 1 && withoutBom.endsWith('\n')) lines.pop()
  return lines
}

const TRAILING_SPACE = /[ \t\r\f\v\u0000]+$/

function normalizeLine(line: string): string {
  // Most lines end in a letter: test the last character before paying for a regex.
  const last = line.charCodeAt(line.length - 1)
  return last === 32 || last === 9 || last === 13 || last === 12 || last === 11 || last === 0
    ? line.replace(TRAILING_SPACE, '')
    : line
}

export function buildSink(rawLines: string[], docname?: string): Sink {
  // One pass for both arrays (pushed, so that they stay packed arrays for the engine).
  const lines: string[] = []
  const classes: LineClass[] = []
  for (let index = 0; index < rawLines.length; index++) {
    const raw = rawLines[index] as string
    const line = normalizeLine(index === 0 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw)
    lines.push(line)
    classes.push(line === '' ? 'blank' : 'text')
  }
  return newSink(lines, classes, docname)
}

/** A sink with nothing found yet, over the note's lines and their first classes. */
export function newSink(lines: string[], classes: LineClass[], docname?: string): Sink {
  return {
    classes,
    lines,
    sections: [],
    anchors: [],
    registered: new Set(),
    dlistEntries: [],
    topLevelItems: [],
    references: [],
    problems: [],
    attributes: defaultAttributes(docname),
    attributeLog: [],
    depth: 0,
    tooDeep: false,
    hidden: new Set(),
  }
}

export function readNote(sink: Sink): Header {
  readConflictMarkersAsBlanks(sink)
  const conditionals = mayHaveDirectives(sink.lines) ? new ConditionalLines(sink) : null
  const reader =
    conditionals !== null
      ? new Reader([], conditionals)
      : new Reader(sink.lines.map((text, index): Entry => ({ text, line: index + 1 })))
  const header = readHeader(reader, sink)
  walkDocumentBody(reader, sink, header.leftovers)
  conditionals?.finish()
  markIncludeLines(sink)
  return header
}

/**
 * Git's conflict markers (conflict-markers.ts): each marker line read as a blank line (a comment
 * line would run on into a description above it), each conflict a problem of the note.
 */
function readConflictMarkersAsBlanks(sink: Sink): void {
  // Every conflict has a `=======` line: most notes have none, and are not walked again.
  if (!sink.lines.includes('=======')) return
  const conflicts = conflictsOf(sink.lines)
  if (conflicts.length === 0) return
  const headerEnd = headerEndOf(sink.lines)
  for (const conflict of conflicts) {
    for (const index of conflict.markers) {
      // In the header a blank line would end it: a comment line keeps the attributes below.
      if (index < headerEnd) sink.lines[index] = '//'
      else {
        sink.lines[index] = ''
        sink.classes[index] = 'blank'
      }
    }
    sink.problems.push(conflictProblem(conflict))
  }
}

/**
 * Where a note's header would end: the first blank line after its document title (`= Title`,
 * `# Title` or a title underlined with `=`), looked for past what may stand above it (blank and
 * comment lines, comment blocks, attribute entries, block anchors and attribute lists) and past
 * the conflict's own marker lines; 0 when the note has no title there.
 */
function headerEndOf(lines: readonly string[]): number {
  let index = 0
  let commentBlock = false
  for (; index < lines.length; index++) {
    const line = lines[index] as string
    if (commentBlock) {
      if (line === '////') commentBlock = false
      continue
    }
    if (line === '////') commentBlock = true
    else if (!(line === '' || isCommentLine(line) || isMarkerLine(line) || /^(?::[^:\s][^:]*:|\[.*\])/.test(line)))
      break
  }
  const title = lines[index] ?? ''
  const underline = lines[index + 1] ?? ''
  const isTitle =
    /^[=#][ \t]+\S/.test(title) ||
    (/^=+$/.test(underline) && !isMarkerLine(underline) && Math.abs(underline.length - title.length) <= 1)
  if (!isTitle) return 0
  while (index < lines.length && (lines[index] as string) !== '') index++
  return index
}

const isMarkerLine = (line: string): boolean => /^(?:<{7}|\|{7}|>{7})(?: |$)|^={7}$/.test(line)

/**
 * An include directive is the preprocessor's, replaced by the file it names: never prose, so a
 * line of text that is one is markup (in a comment it stays a comment; `\include::` is text).
 * Its reference is found by findReferences, inside verbatim blocks too. Read as prose, two
 * notes' `include::x.adoc[tag=1]` and `[tag=2]` were a "contradiction" of the sweep.
 */
function markIncludeLines(sink: Sink): void {
  const { lines, classes } = sink
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index] as string
    if (classes[index] === 'text' && text.startsWith('include::') && INCLUDE_DIRECTIVE.test(text))
      classes[index] = 'markup'
  }
}
