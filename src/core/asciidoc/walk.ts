// Reads a whole note into a Sink: header first, then the body. Shared by scanNote and classifyLines.

import { walkDocumentBody } from './blocks.js'
import { type Header, readHeader } from './header.js'
import { type Entry, Reader } from './reader.js'
import type { Sink } from './sink.js'

/** Lines as Asciidoctor reads them: no BOM, no `\r`, no trailing white space. */
export function splitLines(text: string): string[] {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text
  const lines = withoutBom.split('\n').map(normalizeLine)
  // A final newline ends the last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '' && withoutBom.endsWith('\n')) lines.pop()
  return lines
}

function normalizeLine(line: string): string {
  return line.replace(/[ \t\r\f\v\u0000]+$/, '')
}

export function buildSink(rawLines: string[]): Sink {
  const lines = rawLines.map((line, index) => normalizeLine(index === 0 && line.startsWith('\uFEFF') ? line.slice(1) : line))
  return {
    classes: lines.map((line) => (line === '' ? 'blank' : 'text')),
    lines,
    sections: [],
    anchors: [],
    registered: new Set(),
    dlistEntries: [],
    topLevelItems: [],
    references: [],
    problems: [],
    attributes: new Map(),
  }
}

export function readNote(sink: Sink): Header {
  const entries: Entry[] = sink.lines.map((text, index) => ({ text, line: index + 1 }))
  const reader = new Reader(entries)
  const header = readHeader(reader, sink)
  walkDocumentBody(reader, sink, header.leftovers)
  return header
}
