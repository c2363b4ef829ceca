// Tables (`|===`, `!===`): their cells are prose for references, and Asciidoctor registers an
// anchor in a table only when a cell's text begins with `[[id]]`, or anywhere in an `a|` cell,
// whose content is a small document of its own (walked as blocks by the caller).

import type { Entry } from './reader.js'
import { classify, registerAnchor, type Sink } from './sink.js'
import { isCommentLine, LEADING_INLINE_ANCHOR } from './syntax.js'

const ASCIIDOC_CELL_SPEC =
  /(?:^|[ \t])(?:(?:\d+(?:\.\d*)?|(?:\d*\.)?\d+)[*+])?(?:[<^>](?:\.[<^>]?)?|(?:[<^>]?\.)?[<^>])?a$/

/** A whole segment that is only a cell spec (`2+`, `^.^`, `a`, or nothing). */
const CELL_SPEC = /^[ \t]*(?:(?:\d+(?:\.\d*)?|(?:\d*\.)?\d+)[*+])?(?:[<^>](?:\.[<^>]?)?|(?:[<^>]?\.)?[<^>])?[a-z]?$/

/**
 * Reads the lines of a table. Text before the first separator of the first line is a cell too
 * (Asciidoctor "recovers" it). An `a|` cell runs to the next line holding a separator.
 */
export function readTable(
  written: Entry[],
  separator: string,
  sink: Sink,
  walkAsciiDocCell: (cell: Entry[]) => void,
): void {
  // Asciidoctor reads a table's lines with `skip_line_comments`: a `//` line is gone before any
  // cell is parsed, so the references in it do not exist (an `a|` cell's included).
  const lines: Entry[] = []
  for (const entry of written) {
    if (isCommentLine(entry.text)) classify(sink, entry.line, 'comment')
    else lines.push(entry)
  }
  let firstCell = true
  let index = 0
  // A table whose first line does not open with a separator is "recovered" by Asciidoctor, and
  // then reads `a|` on later lines as text; only well-formed tables get AsciiDoc cells.
  const first = lines.find(line => line.text !== '')?.text ?? separator
  const recovered = !(first.includes(separator) && CELL_SPEC.test(first.split(separator)[0] ?? ''))
  while (index < lines.length) {
    const entry = lines[index] as Entry
    index++
    if (entry.text === '') continue
    const segments = entry.text.split(separator)
    const opensWithSpec = segments.length > 1 && CELL_SPEC.test(segments[0] ?? '')
    for (let position = firstCell && !opensWithSpec ? 0 : 1; position < segments.length; position++) {
      const segment = segments[position] ?? ''
      const spec = position === 0 ? '' : (segments[position - 1] ?? '')
      if (!recovered && ASCIIDOC_CELL_SPEC.test(spec)) {
        const cell: Entry[] = [{ text: segment.trim(), line: entry.line }]
        if (position === segments.length - 1) {
          while (index < lines.length && !(lines[index] as Entry).text.includes(separator)) {
            cell.push(lines[index] as Entry)
            index++
          }
        }
        walkAsciiDocCell(cell)
        continue
      }
      const anchor = LEADING_INLINE_ANCHOR.exec(segment.trim())
      if (anchor?.[1]) registerAnchor(sink, anchor[1], entry.line, 'inline')
    }
    firstCell = false
  }
}
