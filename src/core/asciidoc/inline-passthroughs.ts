/**
 * Asciidoctor's inline passthroughs, which it takes out before every other substitution: `+++x+++`,
 * `$$x$$` and `++x++` anywhere, `+x+` constrained (not after a letter, digit, `;`, `:` or `\`, not before
 * a letter or digit), and `pass:[x]`. Their content is shown as written: no markup, no `{name}`.
 * A constrained one is at most 500 characters: every `+` that never closes would otherwise scan
 * to the line's end, and a line of many (`+x +x +x …`, 240 KB) took 12 s. So is the content of a
 * `pass:[x]` bounded, to 1,000 characters: a line of `pass:[` (40 KB) took 0.4 s.
 *
 * As in Asciidoctor, in two passes: the unconstrained ones and `pass:[]` first, then the
 * constrained ones in what is left. A backslash escapes one (`\+x+`, `\++x++`, `\pass:[x]`): it is
 * dropped and the rest stays text, which the second pass reads again, so `\++x++` shows `+x+`
 * (its inner `++x+` is a constrained passthrough of `+x`), as Asciidoctor shows it.
 */
const UNCONSTRAINED = /(\\?)(?:(\+\+\+?|\$\$)(.*?)\2|\bpass:[a-z,]*\[([^\]]{0,1000})\])/g
const CONSTRAINED = /(?:(\\)|(?<![\p{L}\p{N}_;:\\]))\+(\S|\S.{0,498}?\S)\+(?![\p{L}\p{N}_])/gu

/** `text` with `outside` applied to what is not a passthrough and `inside` to each passthrough's content (its delimiters dropped). */
export function mapPassthroughs(
  text: string,
  outside: (text: string) => string,
  inside: (content: string) => string,
): string {
  if (!text.includes('+') && !text.includes('pass:') && !text.includes('$$')) return outside(text)
  let result = ''
  let rest = ''
  let at = 0
  for (const match of text.matchAll(UNCONSTRAINED)) {
    rest += text.slice(at, match.index)
    at = match.index + match[0].length
    if (match[1] === '\\') rest += match[0].slice(1)
    else {
      result += constrained(rest, outside, inside) + inside(match[3] ?? match[4] ?? '')
      rest = ''
    }
  }
  return result + constrained(rest + text.slice(at), outside, inside)
}

function constrained(text: string, outside: (text: string) => string, inside: (content: string) => string): string {
  if (!text.includes('+')) return outside(text)
  // The pieces first, the callbacks after: the pattern's position is no callback's to move.
  const contents: string[] = []
  const between: string[] = []
  let shown = ''
  let at = 0
  CONSTRAINED.lastIndex = 0
  for (let match = CONSTRAINED.exec(text); match !== null; match = CONSTRAINED.exec(text)) {
    // Asciidoctor's pattern takes the character before the `+` as part of the match, so one
    // cannot open right where the previous one closed (`+++z+++` escaped is `++z` and `++`).
    if (match[1] !== '\\' && match.index === at && at > 0) {
      CONSTRAINED.lastIndex = match.index + 1
      continue
    }
    shown += text.slice(at, match.index)
    at = match.index + match[0].length
    if (match[1] === '\\') shown += match[0].slice(1)
    else {
      between.push(shown)
      contents.push(match[2] ?? '')
      shown = ''
    }
  }
  let result = ''
  contents.forEach((content, k) => {
    result += outside(between[k] as string) + inside(content)
  })
  return result + outside(shown + text.slice(at))
}
