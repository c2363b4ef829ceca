// Which lines of a note are prose a person wrote, as opposed to the header, markup lines,
// comments and verbatim content (listing, literal, passthrough blocks). The hygiene checks
// compare prose only, and backlinks count file-name mentions only in prose: a path in a code
// sample is not a reference to the note.

export type LineKind = 'blank' | 'header' | 'comment' | 'verbatim' | 'markup' | 'prose'

const VERBATIM_DELIMITER = /^(-{4,}|\.{4,}|\+{4,}|`{3,}.*)$/
const COMMENT_DELIMITER = /^\/{4,}$/
const COMPOUND_DELIMITER = /^(={4,}|\*{4,}|_{4,}|--|\|={3,}|!={3,}|\+)$/
const ATTRIBUTE_ENTRY = /^:!?[\w][\w-]*!?:(\s|$)/
const BLOCK_ATTRIBUTES = /^\[[^\]]*\]$/
const BLOCK_TITLE = /^\.[^.\s]/
// Styles that make the next block verbatim (or a comment) even without a verbatim delimiter.
const VERBATIM_STYLE = /^\[\s*(source|listing|literal|pass|stem|latexmath|asciimath|comment)\b/

/** One kind per line (index 0 is line 1). */
export function classifyLines(text: string): LineKind[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const kinds: LineKind[] = new Array<LineKind>(lines.length).fill('prose')
  let index = markHeader(lines, kinds)
  let closing: string | null = null // the delimiter that ends the open verbatim or comment block
  let closingKind: LineKind = 'verbatim'
  let styledBlock = false // the previous block attribute line asked for a verbatim block
  let styledParagraph = false
  let literalParagraph = false
  let previousBlank = true
  for (; index < lines.length; index++) {
    const line = lines[index] ?? ''
    const trimmed = line.trimEnd()
    if (closing !== null) {
      kinds[index] = closingKind
      if (trimmed === closing || (closing.startsWith('```') && trimmed === '```')) closing = null
      continue
    }
    if (trimmed === '') {
      kinds[index] = 'blank'
      styledParagraph = literalParagraph = false
      previousBlank = true
      continue
    }
    if (styledParagraph || literalParagraph) {
      kinds[index] = 'verbatim'
    } else if (COMMENT_DELIMITER.test(trimmed)) {
      kinds[index] = 'comment'
      closing = trimmed
      closingKind = 'comment'
    } else if (/^\/\/(?!\/)/.test(trimmed) || trimmed === '//') {
      kinds[index] = 'comment'
    } else if (VERBATIM_DELIMITER.test(trimmed) || (styledBlock && trimmed === '--')) {
      kinds[index] = 'verbatim'
      closing = trimmed.startsWith('```') ? '```' : trimmed
      closingKind = 'verbatim'
    } else if (BLOCK_ATTRIBUTES.test(trimmed)) {
      kinds[index] = 'markup'
      styledBlock = VERBATIM_STYLE.test(trimmed)
      previousBlank = false
      continue
    } else if (COMPOUND_DELIMITER.test(trimmed) || ATTRIBUTE_ENTRY.test(trimmed) || BLOCK_TITLE.test(trimmed)) {
      kinds[index] = 'markup'
      previousBlank = false
      continue
    } else if (styledBlock) {
      kinds[index] = 'verbatim'
      styledParagraph = true
    } else if (previousBlank && /^[ \t]/.test(line)) {
      kinds[index] = 'verbatim'
      literalParagraph = true
    }
    styledBlock = false
    previousBlank = false
  }
  return kinds
}

/** Marks the document header (title and attribute entries up to the first blank line); returns where the body starts. */
function markHeader(lines: string[], kinds: LineKind[]): number {
  let index = 0
  while (index < lines.length && ((lines[index] ?? '').trim() === '' || /^\/\/(?!\/)/.test(lines[index] ?? ''))) {
    kinds[index] = (lines[index] ?? '').trim() === '' ? 'blank' : 'comment'
    index++
  }
  const first = lines[index] ?? ''
  if (!/^=\s+\S/.test(first) && !ATTRIBUTE_ENTRY.test(first)) return index
  while (index < lines.length && (lines[index] ?? '').trim() !== '') {
    kinds[index] = /^\/\/(?!\/)/.test(lines[index] ?? '') ? 'comment' : 'header'
    index++
  }
  return index
}

/** The prose lines of a note with their 1-based numbers. */
export function proseLines(text: string): { line: number; text: string }[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
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
