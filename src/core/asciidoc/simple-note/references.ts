// The references in a note's prose: `xref:` and `<<...>>` read here from the characters, and
// prose holding anything more handed to the full walker's reference finder.

import type { NoteModel, Reference } from '../../types.js'
import type { LineClass } from '../line-classes.js'
import { substituteTargets } from '../model-parts.js'
import { findReferences } from '../refs.js'
import { giveUp, isAsciiWord, LETTER_COLON, type Note, RICH, TEXT, XREF } from './note.js'

/** The first character of an xref's target (`[\p{Alphabetic}\p{N}\p{Pc}#/.:{]`); gives up on one beyond ASCII. */
function xrefFirst(c: number): boolean {
  if (c > 0x7f) giveUp('xref target beyond ASCII')
  return isAsciiWord(c) || c === 35 || c === 47 || c === 46 || c === 58
}

/** The xrefs of one prose line: `xref:target[text]` and `<<id>>`, `<<id,text>>`, as the reference finder reads them. */
function xrefsOf(note: Note, index: number, out: Reference[]): void {
  const text = note.text
  const start = note.starts[index] as number
  const end = note.ends[index] as number
  if (!note.holds(index, XREF)) return
  let from = start
  for (;;) {
    // Each search goes on past the line's end: its answer is kept for the lines below.
    if (note.nextShorthand !== -1 && note.nextShorthand < from) note.nextShorthand = text.indexOf('<<', from)
    if (note.nextMacro !== -1 && note.nextMacro < from) note.nextMacro = text.indexOf('xref:', from)
    const shorthand = note.nextShorthand >= 0 && note.nextShorthand < end ? note.nextShorthand : -1
    const macro = note.nextMacro >= 0 && note.nextMacro < end ? note.nextMacro : -1
    if (shorthand < 0 && macro < 0) return
    const at = shorthand < 0 ? macro : macro < 0 ? shorthand : Math.min(shorthand, macro)
    if (at === shorthand) {
      const target = at + 2
      const close = text.indexOf('>>', target)
      if (!xrefFirst(text.charCodeAt(target))) {
        from = at + 1
        continue
      }
      // Closed on a later line of the paragraph, or not at all: the reference finder reads runs of lines.
      if (close < 0 || close >= end) giveUp('open shorthand')
      if (close - target > 1024) giveUp('long')
      const raw = text.slice(target, close)
      const comma = raw.indexOf(',')
      out.push({
        kind: 'xref',
        target: (comma < 0 ? raw : raw.slice(0, comma)).trim(),
        line: index + 1,
        shorthand: true,
      })
      from = close + 2
    } else {
      const target = at + 5
      const open = text.indexOf('[', target)
      if (!xrefFirst(text.charCodeAt(target))) {
        from = at + 1
        continue
      }
      if (open < 0 || open >= end) giveUp('open xref')
      let close = open + 1
      if (text.charCodeAt(close) !== 93) {
        close = text.indexOf(']', open + 2)
        if (close < 0 || close >= end) giveUp('open xref text')
      }
      if (close - target > 1024) giveUp('long')
      out.push({ kind: 'xref', target: text.slice(target, open).trim(), line: index + 1 })
      from = close + 1
    }
  }
}

/**
 * The references in prose (`text` lines). Where the prose holds only `xref:` and `<<...>>`, they
 * are read here; where it holds more (URLs, other macros, passthroughs, escapes, attribute
 * references), the full walker's reference finder reads them, from the same lines and classes.
 */
export function referencesOf(note: Note, docname: string, headerAttributes: NoteModel['attributes']): Reference[] {
  let rich = false
  for (let line = 0; line < note.count && !rich; line++)
    rich = note.classes[line] === TEXT && note.holds(line, RICH | LETTER_COLON)
  if (rich) {
    const lines = new Array<string>(note.count)
    const classes = new Array<LineClass>(note.count)
    for (let line = 0; line < note.count; line++) {
      lines[line] = note.line(line)
      // Only prose lines are read by the finder: any other class stands for all of them.
      classes[line] = note.classes[line] === TEXT ? 'text' : 'markup'
    }
    const found = findReferences(lines, classes).sort((a, b) => a.line - b.line)
    return substituteTargets(found, note.sink.attributeLog, docname, headerAttributes)
  }
  const references: Reference[] = []
  for (let line = 0; line < note.count; line++) if (note.classes[line] === TEXT) xrefsOf(note, line, references)
  return references
}
