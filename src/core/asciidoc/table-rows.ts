// A table's rows and cells as a reader sees them, for the plain-text views of a prompt or
// response (the terminal card and the answer check). Reduced from Asciidoctor 4.1's
// `Parser.parseTable`, `Parser.parseCellspec` and `Table.ParserContext`: the cell specs
// (`2+|`, `.2+|`, `3*|`, `^.>h|`) and their styles, escaped separators (`\|`), cells over several
// lines, the column count from `cols` or from the first line, the implicit header (a first line
// followed by a blank one), `%header` / `%noheader`, a column's style from `cols` (`[cols="1,2a"]`:
// each cell of the second column is AsciiDoc, where a nested `!===` table is read), and the csv,
// dsv and tsv formats (quotes in a csv cell read simply). As in Asciidoctor, a header row's cells
// take no style, their own or their column's. Not read: footers, and `separator=`.

import { isCommentLine } from './syntax.js'

export interface TableCell {
  /** The cell's text, its lines as written (trimmed); a blank line between paragraphs kept. */
  text: string
  colspan: number
  /** The cell's style letter (`a` AsciiDoc, `l` literal, `m` monospace, `h` header, `s` strong, `e` emphasis, …) or ''. */
  style: string
  /** A place another row's cell covers (`.2+|`): no text of its own. */
  spanned?: true
}

export interface TableRow {
  header: boolean
  cells: TableCell[]
}

export interface TableOptions {
  /** The `cols` attribute as written. */
  cols?: string | undefined
  /** true for `%header`, false for `%noheader`, undefined for neither (the implicit header applies). */
  header?: boolean | undefined
  /** The `format` attribute (psv, csv, dsv, tsv). */
  format?: string | undefined
}

interface CellSpec {
  colspan: number
  rowspan: number
  repeat: number
  style: string
}

/**
 * The most cell places a table is read to (its columns, spans and repeats included; a card shows
 * no more). A count written in the note (`[cols=99999999]`, `99999999*|a`, `99999999+|a`) must not
 * decide what is allocated: the first took 40 s and 8 GB, the second ran out of memory.
 */
export const MAX_TABLE_CELLS = 100_000

const NO_SPEC: CellSpec = { colspan: 1, rowspan: 1, repeat: 1, style: '' }
const SPEC = String.raw`(?:(\d+(?:\.\d*)?|(?:\d*\.)?\d+)([*+]))?([<^>](?:\.[<^>]?)?|(?:[<^>]?\.)?[<^>])?([a-z])?`
const SPEC_START = new RegExp(String.raw`^[ \t]*${SPEC}$`)
// Only from the first blank of a run (the lookbehind): tried from each blank of a long run, the
// run was scanned again from every one of them, and a cell of 10,000 spaces took seconds.
const SPEC_END = new RegExp(String.raw`(?<![ \t])[ \t]+${SPEC}$`)
const STYLES = new Set(['a', 'd', 'e', 'h', 'l', 'm', 's', 'v'])

function specOf(match: RegExpExecArray): CellSpec {
  const spec = { ...NO_SPEC }
  if (match[1] !== undefined) {
    const [columns, rows] = match[1].split('.')
    const count = columns ? Math.min(Number.parseInt(columns, 10), MAX_TABLE_CELLS) : 1
    if (match[2] === '+') {
      spec.colspan = count
      spec.rowspan = rows ? Number.parseInt(rows, 10) : 1
    } else spec.repeat = count
  }
  if (match[4] !== undefined && STYLES.has(match[4])) spec.style = match[4]
  return spec
}

/** A column spec (Asciidoctor's ColumnSpecRx): a repeat (`2*`), an alignment, a width, a style letter. */
const COLUMN_SPEC = /^(?:(\d+)\*)?([<^>](?:\.[<^>]?)?|(?:[<^>]?\.)?[<^>])?(\d+%?|~)?([a-z])?$/

/**
 * The columns `cols` declares (`3`, `1,2a`, `2*,3m`), as the style letter of each ('' for none);
 * none when it declares none. As Asciidoctor's `parseColspecs`: a record that is no spec declares
 * no column. At most MAX_TABLE_CELLS, whatever the counts written.
 */
export function columnStyles(cols: string | undefined): string[] {
  const written = (cols ?? '').replace(/ /g, '')
  if (written === '') return []
  if (/^\d+$/.test(written)) return new Array<string>(Math.min(Number.parseInt(written, 10), MAX_TABLE_CELLS)).fill('')
  const styles: string[] = []
  for (const part of written.split(written.includes(',') ? ',' : ';')) {
    const spec = COLUMN_SPEC.exec(part)
    if (spec === null) continue
    const style = spec[4] !== undefined && STYLES.has(spec[4]) ? spec[4] : ''
    const repeat = spec[1] !== undefined ? Number.parseInt(spec[1], 10) : 1
    for (let k = 0; k < repeat && styles.length < MAX_TABLE_CELLS; k++) styles.push(style)
  }
  return styles
}

interface Cell {
  lines: string[]
  spec: CellSpec
}

/** `line` split at each separator not escaped with a backslash; an escaped one stays in the text, without its backslash. */
function splitCells(line: string, separator: string): string[] {
  const cells: string[] = []
  // A cell's pieces between escaped separators, joined once: the cell was rebuilt at each escaped
  // one, and a cell of many (`a\|a\|…`) cost its length squared.
  let pieces: string[] = []
  for (const part of line.split(separator)) {
    const last = pieces.length - 1
    if (pieces[last]?.endsWith('\\')) {
      pieces[last] = (pieces[last] as string).slice(0, -1)
      pieces.push(part)
    } else {
      if (pieces.length > 0) cells.push(pieces.join(separator))
      pieces = [part]
    }
  }
  cells.push(pieces.join(separator))
  return cells
}

/** The cells of a psv table (`|===`, or `!===` inside an `a|` cell), in order, and how many the first line begins. */
function psvCells(lines: readonly string[], separator: string): { cells: Cell[]; firstLine: number } {
  const cells: Cell[] = []
  let open: Cell | null = null
  let firstLine = -1
  for (const line of lines) {
    if (line.trim() === '') {
      if (open !== null && open.lines.length > 0) open.lines.push('')
      continue
    }
    const parts = splitCells(line, separator)
    const before = cells.length + (open !== null ? 1 : 0)
    let next = NO_SPEC
    const start = parts.length > 1 && beginsCell(line, separator) ? SPEC_START.exec(parts[0] as string) : null
    if (start !== null) {
      if (open !== null) cells.push(open)
      open = null
      next = specOf(start)
    } else {
      // Text before the line's first separator goes on with the open cell (or begins one).
      open ??= { lines: [], spec: NO_SPEC }
      if (parts.length === 1) {
        open.lines.push(line)
        continue
      }
      const end = SPEC_END.exec(parts[0] as string)
      open.lines.push(end ? (parts[0] as string).slice(0, end.index) : (parts[0] as string))
      cells.push(open)
      open = null
      if (end) next = specOf(end)
    }
    for (let k = 1; k < parts.length; k++) {
      const part = parts[k] as string
      if (k === parts.length - 1) {
        open = { lines: [part], spec: next }
        break
      }
      const end = SPEC_END.exec(part)
      cells.push({ lines: [end ? part.slice(0, end.index) : part], spec: next })
      next = end ? specOf(end) : NO_SPEC
    }
    if (firstLine < 0) {
      firstLine = 0
      const begun = [...cells, ...(open !== null ? [open] : [])].slice(before)
      for (const cell of begun) firstLine += cell.spec.colspan * cell.spec.repeat
    }
  }
  if (open !== null) cells.push(open)
  return { cells, firstLine: Math.max(firstLine, 0) }
}

/** The cells of a csv, tsv or dsv table: a record a line (a csv quote may hold separators and lines). */
function delimitedCells(lines: readonly string[], format: string): { cells: Cell[]; firstLine: number } {
  const separator = format === 'csv' ? ',' : format === 'tsv' ? '\t' : ':'
  const cells: Cell[] = []
  let firstLine = -1
  let field = ''
  let quoted = false
  for (const line of lines) {
    if (!quoted && line.trim() === '') continue
    const before = cells.length
    for (let k = 0; k < line.length; k++) {
      const c = line[k] as string
      if (format === 'csv' && c === '"') {
        if (quoted && line[k + 1] === '"') {
          field += '"'
          k++
        } else quoted = !quoted
      } else if (format === 'dsv' && c === '\\' && line[k + 1] === separator) {
        field += separator
        k++
      } else if (c === separator && !quoted) {
        cells.push({ lines: [field], spec: NO_SPEC })
        field = ''
      } else field += c
    }
    if (quoted) {
      field += '\n'
      continue
    }
    cells.push({ lines: [field], spec: NO_SPEC })
    field = ''
    if (firstLine < 0) firstLine = cells.length - before
  }
  if (quoted) cells.push({ lines: [field], spec: NO_SPEC })
  return { cells, firstLine: Math.max(firstLine, 0) }
}

/** The content lines of a table (between its delimiters) as rows of cells. */
export function tableRows(written: readonly string[], delimiter: string, options: TableOptions = {}): TableRow[] {
  const lines = written.filter(line => !isCommentLine(line))
  const first = lines.findIndex(line => line.trim() !== '')
  if (first < 0) return []
  const format = options.format ?? (delimiter.startsWith(',') ? 'csv' : delimiter.startsWith(':') ? 'dsv' : 'psv')
  const separator = delimiter.startsWith('!') ? '!' : '|'
  const { cells, firstLine } =
    format === 'psv' ? psvCells(lines.slice(first), separator) : delimitedCells(lines.slice(first), format)
  // The implicit header: no blank line before the first, one after it, and the line after that
  // beginning a cell of its own (Asciidoctor drops the header when the first cell goes on there).
  const afterBlank = lines.slice(first + 1).findIndex(line => line.trim() !== '') + first + 1
  const implicit =
    first === 0 &&
    lines[1] !== undefined &&
    lines[1].trim() === '' &&
    afterBlank > first + 1 &&
    (format !== 'psv' || beginsCell(lines[afterBlank] ?? '', separator))
  const header = options.header ?? implicit
  const styles = columnStyles(options.cols)
  const columns = Math.min(styles.length || firstLine || 1, MAX_TABLE_CELLS)
  return intoRows(cells, columns, header, styles)
}

/** Whether a psv line begins a cell: a separator, after nothing or after a cell spec only. */
function beginsCell(line: string, separator: string): boolean {
  const at = line.indexOf(separator)
  if (at < 0) return false
  const spec = line.slice(0, at)
  return SPEC_START.test(spec) && !(spec !== '' && spec.trim() === '')
}

/** `styles`: each column's style from `cols`, for a cell that has none of its own. */
function intoRows(cells: readonly Cell[], columns: number, header: boolean, styles: readonly string[]): TableRow[] {
  const rows: TableRow[] = []
  // Rows still to come that a cell above covers, by column.
  let pending = new Array<number>(columns).fill(0)
  let row: TableCell[] = []
  let column = 0
  // The places read so far, each cell's span and each covered place: no more than MAX_TABLE_CELLS.
  let places = 0
  const skipCovered = (covered: readonly boolean[]) => {
    while (column < columns && covered[column] === true) {
      row.push({ text: '', colspan: 1, style: '', spanned: true })
      column++
      places++
    }
  }
  let covered = pending.map(() => false)
  /** `overfull`: a cell spans past the last column; Asciidoctor drops the whole row (with an error). */
  const endRow = (overfull: boolean) => {
    if (!overfull) rows.push({ header: header && rows.length === 0, cells: row })
    row = []
    column = 0
    covered = pending.map(rest => rest > 0)
    pending = pending.map(rest => Math.max(rest - 1, 0))
    skipCovered(covered)
  }
  for (const cell of cells) {
    const text = cell.lines
      .map(line => line.trim())
      .join('\n')
      .trim()
    for (let copy = 0; copy < cell.spec.repeat; copy++) {
      if (places >= MAX_TABLE_CELLS) return rows
      places += cell.spec.colspan
      const style = header && rows.length === 0 ? '' : cell.spec.style || (styles[column] ?? '')
      row.push({ text, colspan: cell.spec.colspan, style })
      for (let k = column; k < Math.min(column + cell.spec.colspan, columns); k++)
        pending[k] = Math.max(pending[k] ?? 0, cell.spec.rowspan - 1)
      column += cell.spec.colspan
      skipCovered(covered)
      if (column >= columns) endRow(column > columns)
    }
  }
  // Cells that do not fill a last row are dropped, as Asciidoctor drops them (with an error).
  return rows
}
