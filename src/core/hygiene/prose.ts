// Which lines of a note are prose a person wrote, as opposed to the header, markup lines,
// comments and verbatim content (listing, literal, passthrough blocks). The hygiene checks
// compare prose only, and backlinks count file-name mentions only in prose: a path in a code
// sample is not a reference to the note.

import { classifyLines as classifyAsciiDocLines, isVerbatim } from '../asciidoc/verbatim.js'
import { splitLines } from '../asciidoc/walk.js'

export type LineKind = 'blank' | 'header' | 'comment' | 'verbatim' | 'markup' | 'prose'

/**
 * One kind per line (index 0 is line 1), from the scanner's own block reading, so that the
 * hygiene checks and backlinks agree with the scanner on what is a listing or a comment. The
 * header (title and attribute entries up to the first blank line) is set apart: it is not prose.
 */
export function classifyLines(text: string): LineKind[] {
  const lines = splitLines(text)
  const kinds = classifyAsciiDocLines(lines).map((cls): LineKind => {
    if (cls === 'text') return 'prose'
    if (cls === 'blank') return 'blank'
    if (cls === 'comment') return 'comment'
    if (isVerbatim(cls)) return 'verbatim'
    return 'markup'
  })
  markHeader(lines, kinds)
  return kinds
}

function markHeader(lines: string[], kinds: LineKind[]): void {
  let index = 0
  while (index < lines.length && (kinds[index] === 'blank' || kinds[index] === 'comment')) index++
  const first = lines[index] ?? ''
  if (!/^[=#]\s+\S/.test(first) && kinds[index] !== 'markup') return
  for (; index < lines.length && kinds[index] !== 'blank'; index++) if (kinds[index] !== 'comment') kinds[index] = 'header'
}

/** The prose lines of a note with their 1-based numbers. */
export function proseLines(text: string): { line: number; text: string }[] {
  const lines = splitLines(text)
  const kinds = classifyLines(text)
  const prose: { line: number; text: string }[] = []
  kinds.forEach((kind, index) => {
    if (kind === 'prose') prose.push({ line: index + 1, text: lines[index] ?? '' })
  })
  return prose
}

// Numbers keep their inner dots and commas (`3.5`, `1,000`) and ISO dates stay whole, so that
// the contradiction check can compare them as values.
const WORD = /\d{4}-\d{2}-\d{2}|\d+(?:[.,]\d+)*|[\p{L}][\p{L}\p{M}\p{N}'’]*/gu

/** Lower-cased words of a line of AsciiDoc prose; markup characters fall away. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((word) => word.replace(/’/g, "'"))
}
