// One note as the simple path reads it (ADR 0033): its lines, where each starts and ends, a class
// per line and what each line holds (marks), all found from the text's character codes; and the
// way to give up on a note, caught once in scanSimpleNote.

import type { Sink } from '../sink.js'
import { newSink } from '../walk.js'

/** Thrown to give up on a note; caught once, in scanSimpleNote. */
export class NotSimple {
  constructor(readonly why: string) {}
}
export const giveUp = (why: string): never => {
  throw new NotSimple(why)
}

// The line-class codes of line-classes.ts (written here directly, one byte per line).
export const TEXT = 0
export const BLANK = 1
export const COMMENT = 2
export const LISTING = 3
export const LITERAL = 4
export const MARKUP = 6
export const ATTRIBUTE_ENTRY = 7
export const HEADER = 0x80

/** One note being read: the text, where its lines start and end, and what was found. */
export class Note {
  readonly starts: number[] = []
  /** End of each line, its trailing white space left out (as Asciidoctor reads lines). */
  readonly ends: number[] = []
  classes: Uint8Array = new Uint8Array(0)
  /** What each line holds, found by one regular expression pass over the text (MARKS). */
  marks: Uint8Array = new Uint8Array(0)
  /** Where the next `<<` and `xref:` are, from where xrefsOf last looked: each found once per note. */
  nextShorthand = -2
  nextMacro = -2
  /** What the full walker's helpers used here (metadata lines, section ids, anchors) write into. */
  readonly sink: Sink
  /** Top-level list items are kept for track notes only (their one reader, SPEC 1.3). */
  readonly keepTopLevel: boolean
  constructor(
    readonly text: string,
    docname: string,
    folder: string | null,
  ) {
    this.keepTopLevel = folder === 'track'
    this.sink = newSink([], [], docname)
  }
  get count(): number {
    return this.starts.length
  }
  line(index: number): string {
    return this.text.slice(this.starts[index] as number, this.ends[index] as number)
  }
  isBlank(index: number): boolean {
    return this.starts[index] === this.ends[index]
  }
  first(index: number): number {
    const start = this.starts[index] as number
    return start < (this.ends[index] as number) ? this.text.charCodeAt(start) : -1
  }
  length(index: number): number {
    return (this.ends[index] as number) - (this.starts[index] as number)
  }
  last(index: number): number {
    const end = this.ends[index] as number
    return end > (this.starts[index] as number) ? this.text.charCodeAt(end - 1) : -1
  }
  holds(index: number, mark: number): boolean {
    return ((this.marks[index] as number) & mark) !== 0
  }
  classify(index: number, code: number): void {
    this.classes[index] = code
  }
}

/** A preprocessor directive or an include at `start`: the full walker applies them. */
function isDirective(text: string, start: number): boolean {
  const at = text.charCodeAt(start) === 92 ? start + 1 : start
  return (
    text.startsWith('ifdef::', at) ||
    text.startsWith('ifndef::', at) ||
    text.startsWith('ifeval::', at) ||
    text.startsWith('endif::', at) ||
    text.startsWith('include::', at)
  )
}

/** Line starts and ends, as splitLines and buildSink make them; false for a text they would change otherwise. */
export function splitInto(note: Note): boolean {
  const text = note.text
  if (text.charCodeAt(0) === 0xfeff) return false
  const starts = note.starts
  const ends = note.ends
  let start = 0
  const length = text.length
  for (;;) {
    let newline = text.indexOf('\n', start)
    if (newline < 0) newline = length
    let end = newline
    for (;;) {
      const c = text.charCodeAt(end - 1)
      if (end > start && (c === 32 || c === 9 || c === 13 || c === 12 || c === 11 || c === 0)) end--
      else break
    }
    const first = text.charCodeAt(start)
    if ((first === 105 || first === 101 || first === 92) && isDirective(text, start)) return false
    starts.push(start)
    ends.push(end)
    if (newline >= length) break
    start = newline + 1
    // A final newline ends the last line; it does not start an empty one.
    if (start === length) break
  }
  const classes = new Uint8Array(starts.length)
  for (let i = 0; i < classes.length; i++) if (starts[i] === ends[i]) classes[i] = BLANK
  note.classes = classes
  note.marks = new Uint8Array(starts.length)
  return markLines(note)
}

// What a line may hold, found once per note: searching each line for each of them (an indexOf
// from a line's start runs on past its end) is what made a walk over lines slow.
export const COLONS = 1 // ::
export const SEMICOLONS = 2 // ;;
export const XREF = 4 // << xref:
export const RICH = 8 // + $ \ {: passthroughs, escapes, attribute references (the reference finder's)
export const LETTER_COLON = 16 // a letter before `:`: a macro (`image:`, `link:`, ...) or a URL's scheme
export const ANCHOR = 32 // [[
// One character class, the character after each match read here: a regular expression of one
// class is the engine's fastest scan (alternatives, and a lookahead for a letter before a colon,
// were tried at every position and cost most of the scan).
const MARKS = /[<[;+$\\{:\r\u2028\u2029]/g

/**
 * Fills `note.marks`; false when a line holds `\r`, U+2028 or U+2029 before its end, which
 * Asciidoctor's patterns (`.`) do not read across.
 */
function markLines(note: Note): boolean {
  const marks = note.marks
  let plain = true
  const text = note.text
  const starts = note.starts
  let line = 0
  MARKS.lastIndex = 0
  // `test`, not `exec`: no match object for each of the million marks of 10,000 notes.
  while (MARKS.test(text)) {
    const at = MARKS.lastIndex - 1
    while (line + 1 < starts.length && (starts[line + 1] as number) <= at) line++
    const c = text.charCodeAt(at)
    const next = text.charCodeAt(at + 1)
    let mark = 0
    if (c === 60) mark = next === 60 ? XREF : 0
    else if (c === 91) mark = next === 91 ? ANCHOR : 0
    else if (c === 59) mark = next === 59 ? SEMICOLONS : 0
    else if (c === 58) {
      // `xref::x[]` is an xref too (a target may start with a colon).
      const xref = text.startsWith('xref', at - 4) ? XREF : 0
      if (next === 58) {
        mark = COLONS | xref
        // The second colon is no mark of its own.
        MARKS.lastIndex = at + 2
      } else if (xref !== 0) mark = XREF
      else {
        const before = text.charCodeAt(at - 1)
        if ((before >= 65 && before <= 90) || (before >= 97 && before <= 122)) mark = LETTER_COLON
      }
    } else if (c === 13 || c === 0x2028 || c === 0x2029) {
      // A `\r` before the line's end is part of its trailing white space (a CRLF file): left out.
      if (at < (note.ends[line] as number)) plain = false
    } else mark = RICH
    marks[line] = (marks[line] as number) | mark
  }
  return plain
}

export const isSpace = (c: number): boolean => c === 32 || c === 9
export const isAsciiWord = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95
