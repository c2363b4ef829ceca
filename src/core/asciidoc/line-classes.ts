// What each line of a note is, as the one scan found it, in the compact form the note model
// carries (NoteModel.lineClasses: one byte per line), so that hygiene and backlinks read prose
// from the model instead of walking every block again. This module imports nothing: the sink,
// the walker and their readers all depend on it, never the other way round.

/** What a line of a note is, as far as references and items are concerned (verbatim.ts lists them). */
export type LineClass =
  | 'text'
  | 'blank'
  | 'comment'
  | 'listing'
  | 'literal'
  | 'passthrough'
  | 'markup'
  | 'attribute-entry'

/** Index = the code stored for the class. */
const CLASSES: readonly LineClass[] = [
  'text',
  'blank',
  'comment',
  'listing',
  'literal',
  'passthrough',
  'markup',
  'attribute-entry',
]
const CODE: Record<LineClass, number> = Object.fromEntries(CLASSES.map((cls, code) => [cls, code])) as Record<
  LineClass,
  number
>
const [TEXT, BLANK, COMMENT, LISTING, LITERAL, PASSTHROUGH] = [0, 1, 2, 3, 4, 5]
/** Set beside the class on a line of the document header: the title and what follows it up to a blank line. */
const HEADER = 0x80
const CLASS_BITS = 0x7f
const DOCUMENT_TITLE = /^[=#]\s+\S/

export function isVerbatim(cls: LineClass | undefined): boolean {
  return cls === 'comment' || cls === 'listing' || cls === 'literal' || cls === 'passthrough'
}

/** What a line is for the checks that compare prose (hygiene) and find mentions (backlinks). */
export type LineKind = 'blank' | 'header' | 'comment' | 'verbatim' | 'markup' | 'prose'

/**
 * The classes of a scan, one byte per line, with the header lines marked: the title and the
 * lines after it up to the first blank line (comments excepted), or such a block that opens
 * with a markup line. The header is not prose.
 */
export function encodeLineClasses(classes: readonly LineClass[], lines: readonly string[]): Uint8Array {
  const codes = new Uint8Array(classes.length)
  for (let i = 0; i < classes.length; i++) codes[i] = CODE[classes[i] as LineClass]
  let index = 0
  while (index < codes.length && (codes[index] === BLANK || codes[index] === COMMENT)) index++
  if (index < codes.length && !DOCUMENT_TITLE.test(lines[index] ?? '') && kindOf(codes[index] as number) !== 'markup')
    return codes
  for (; index < codes.length && codes[index] !== BLANK; index++)
    if (codes[index] !== COMMENT) codes[index] = (codes[index] as number) | HEADER
  return codes
}

/** The scanner's class of the line at `index` (0 is line 1). */
export function lineClassAt(codes: Uint8Array, index: number): LineClass {
  return CLASSES[(codes[index] ?? BLANK) & CLASS_BITS] ?? 'text'
}

/** The kind of the line at `index` (0 is line 1); past the end, blank. */
export function lineKindAt(codes: Uint8Array, index: number): LineKind {
  const code = codes[index] ?? BLANK
  if (code & HEADER) return 'header'
  return kindOf(code)
}

function kindOf(code: number): LineKind {
  if (code === TEXT) return 'prose'
  if (code === BLANK) return 'blank'
  if (code === COMMENT) return 'comment'
  if (code === LISTING || code === LITERAL || code === PASSTHROUGH) return 'verbatim'
  return 'markup'
}

export interface ProseLine {
  /** 1-based. */
  line: number
  text: string
}

/**
 * The prose lines of a note, as written (trailing white space kept), with their 1-based
 * numbers: `lines` are the note's lines (`splitLines`), `codes` its model's `lineClasses`.
 */
export function proseLines(lines: readonly string[], codes: Uint8Array): ProseLine[] {
  const prose: ProseLine[] = []
  for (let index = 0; index < codes.length; index++)
    if (codes[index] === TEXT) prose.push({ line: index + 1, text: lines[index] ?? '' })
  return prose
}
