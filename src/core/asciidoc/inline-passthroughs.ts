/**
 * Asciidoctor's inline passthroughs, which it takes out before every other substitution: `+++x+++`
 * and `++x++` anywhere, `+x+` constrained (not after a letter, digit, `;`, `:` or `\`, not before
 * a letter or digit), and `pass:[x]`. Their content is shown as written: no markup, no `{name}`.
 * A constrained one is at most 500 characters: every `+` that never closes would otherwise scan
 * to the line's end, and a line of many (`+x +x +x …`, 240 KB) took 12 s.
 */
const PASSTHROUGH =
  /\+\+\+(.*?)\+\+\+|\+\+(.*?)\+\+|\bpass:[a-z,]*\[([^\]]*)\]|(?<![\p{L}\p{N}_;:\\])\+(\S|\S.{0,498}?\S)\+(?![\p{L}\p{N}_])/gu

/** `text` with `outside` applied to what is not a passthrough and `inside` to each passthrough's content (its delimiters dropped). */
export function mapPassthroughs(
  text: string,
  outside: (text: string) => string,
  inside: (content: string) => string,
): string {
  if (!text.includes('+') && !text.includes('pass:')) return outside(text)
  let result = ''
  let at = 0
  for (const match of text.matchAll(PASSTHROUGH)) {
    result += outside(text.slice(at, match.index)) + inside(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '')
    at = match.index + match[0].length
  }
  return result + outside(text.slice(at))
}
