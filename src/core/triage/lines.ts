// A note's text as lines that remember their own line ending, so that an edit can move,
// insert and delete whole lines and give back every untouched byte exactly as it was
// (`\r\n` files stay `\r\n`; a missing final newline stays missing where it can).

export interface TextLine {
  /** The line without its ending. */
  text: string
  /** `\n`, `\r\n`, or '' for a last line without a newline. */
  eol: string
  /** 1-based line number in the text it was split from; 0 for a line an edit made. */
  origin: number
}

export interface SplitText {
  lines: TextLine[]
  /** The ending new lines get: the one most lines of the file use (`\n` on a tie or when none). */
  eol: string
  endsWithNewline: boolean
}

// Lines end at `\n` only, as Asciidoctor reads them; a `\r` before it belongs to the ending.
export function splitText(text: string): SplitText {
  const lines: TextLine[] = []
  let start = 0
  let crlf = 0
  let lf = 0
  while (start < text.length) {
    const end = text.indexOf('\n', start)
    if (end < 0) {
      lines.push({ text: text.slice(start), eol: '', origin: lines.length + 1 })
      break
    }
    const isCrlf = end > start && text[end - 1] === '\r'
    if (isCrlf) crlf++
    else lf++
    lines.push({
      text: text.slice(start, isCrlf ? end - 1 : end),
      eol: isCrlf ? '\r\n' : '\n',
      origin: lines.length + 1,
    })
    start = end + 1
  }
  return { lines, eol: crlf > lf ? '\r\n' : '\n', endsWithNewline: text === '' || text.endsWith('\n') }
}

/**
 * Joins edited lines. A line that was last and lacked a newline gets one when it is no longer
 * last; the new last line loses its newline when the file had none, unless it is blank (a blank
 * line without an ending would vanish, and lines are never dropped silently).
 */
export function joinText(lines: readonly TextLine[], source: SplitText): string {
  let out = ''
  lines.forEach((line, index) => {
    const last = index === lines.length - 1
    let eol = line.eol === '' ? source.eol : line.eol
    if (last && !source.endsWithNewline && !isBlankLine(line.text)) eol = ''
    out += line.text + eol
  })
  return out
}

/** Asciidoctor treats a line of only spaces or tabs as blank. */
export function isBlankLine(text: string): boolean {
  return /^[ \t]*$/.test(text)
}

export function newLine(text: string, eol: string): TextLine {
  return { text, eol, origin: 0 }
}
