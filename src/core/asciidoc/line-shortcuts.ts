// Shortcuts the scanner takes before asking Asciidoctor's line patterns (syntax.ts): most lines
// are ruled out, or read, on their first characters. Each one says exactly what its pattern
// says (test/asciidoc/line-rules.test.ts); this module imports nothing.

/**
 * `pattern.exec(line)` for the patterns of syntax.ts (no `g` or `y` flag: a match depends on the line
 * alone), remembering the last line asked of each pattern: a list's walk asks the same line
 * twice in a row (is it a sibling? then, read as one, its term and text), and the answer is
 * the same match. Callers only read the match.
 */
export function execOnce(pattern: RegExp, line: string): RegExpExecArray | null {
  if (pattern === lastPattern && line === lastLine) return lastMatch
  lastPattern = pattern
  lastLine = line
  lastMatch = pattern.exec(line)
  return lastMatch
}
let lastPattern: RegExp | null = null
let lastLine = ''
let lastMatch: RegExpExecArray | null = null

/** Index of the first character of `line` that is not a space or a tab. */
export function indentOf(line: string): number {
  let start = 0
  while (line.charCodeAt(start) === 32 || line.charCodeAt(start) === 9) start++
  return start
}

/**
 * Where UNORDERED_LIST's marker (`-`, `*`, `**`, ..., `•`) ends in `line`, -1 when the line is no
 * ulist item: `^[ \t]*(-|\*\**|\u2022)[ \t]+` read without the regex, its match or a copy.
 */
export function unorderedMarkerEnd(line: string, start: number): number {
  const first = line.charCodeAt(start)
  let end = start + 1
  if (first === 42) while (line.charCodeAt(end) === 42) end++
  else if (first !== 45 && first !== 0x2022) return -1
  const after = line.charCodeAt(end)
  return after === 32 || after === 9 ? end : -1
}

/** UNORDERED_LIST.test(line), without the regex. */
export function isUnorderedItem(line: string): boolean {
  return unorderedMarkerEnd(line, indentOf(line)) >= 0
}

/** UNORDERED_LIST.exec(line)'s two groups, the marker and the text, without the regex. */
export function unorderedItem(line: string): { marker: string; text: string } | null {
  const start = indentOf(line)
  const end = unorderedMarkerEnd(line, start)
  if (end < 0) return null
  let text = end + 1
  while (line.charCodeAt(text) === 32 || line.charCodeAt(text) === 9) text++
  return { marker: line.slice(start, end), text: line.slice(text) }
}

/**
 * False for a line ORDERED_LIST cannot match, found on its first two characters after the
 * indent (a marker starts with `.`, a digit or a letter; a letter is followed by `.`, or is a
 * roman numeral): most prose lines are ruled out without the regex.
 */
export function mayBeOrderedItem(line: string): boolean {
  const start = indentOf(line)
  const c = line.charCodeAt(start)
  if (c === 46 || (c >= 48 && c <= 57)) return true
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false
  const next = line.charCodeAt(start + 1)
  return next === 46 || ROMAN.has(c)
}
const ROMAN = new Set([...'IVXivx'].map(c => c.charCodeAt(0)))
