import { splitLines } from '../asciidoc/walk.js'
import { wordsOf } from './prose.js'

// What of a description list is prose a person defines, for the same-term and same-prompt
// candidates (contradictions.ts). Code tabs (`[tabs]` blocks: `Java::` and `Kotlin::` over a
// listing each) made 980,000 of the million warnings on real documentation (issue 9): the
// same tab name over different code is not two definitions that disagree.

const TABS_STYLE = /^\[tabs(?:[,#%.][^\]]*)?\]\s*$/
const OPEN_DELIMITER = /^(={4,}|\*{4,}|_{4,}|-{2})\s*$/

/**
 * Whether a line (1-based) is inside a `[tabs]` block of the note: the delimited block right
 * after a `[tabs]` line (block attribute and anchor lines may stand between), to the line
 * that closes it.
 */
export function tabLines(text: string): (line: number) => boolean {
  if (!text.includes('[tabs')) return () => false
  const lines = splitLines(text)
  const ranges: [number, number][] = []
  for (let i = 0; i < lines.length; i++) {
    if (!TABS_STYLE.test(lines[i] as string)) continue
    let open = i + 1
    while (open < lines.length && /^\[.*\]\s*$/.test(lines[open] as string)) open++
    const delimiter = OPEN_DELIMITER.exec(lines[open] ?? '')?.[1]
    if (delimiter === undefined) continue
    let close = open + 1
    while (close < lines.length && (lines[close] as string).trimEnd() !== delimiter) close++
    ranges.push([open + 1, close + 1])
    i = close
  }
  return line => ranges.some(([from, to]) => line > from && line < to)
}

/** A term with at least one word that begins with a letter (not `=>`, `*0*`, `--`). */
export function isProseTerm(term: string): boolean {
  return wordsOf(term).some(word => /^\p{L}/u.test(word))
}

const VERBATIM_DELIMITER = /^(-{4,}|\.{4,}|\+{4,}|\/{4,}|`{3,})\s*$/
const MARKUP_LINE = /^(?:\+|\[.*\]|\/\/.*|(?:include|image|video|audio|toc)::.*|\..+|:[\w-]+!?:.*)\s*$/

/**
 * The prose of an item's response or a term's description as written: its listing, literal,
 * passthrough and comment blocks, continuation marks, block attributes, titles and block
 * macros left out, so that two definitions are compared on what they say.
 */
export function proseOfBody(body: string): string {
  const kept: string[] = []
  let closing: string | null = null
  for (const raw of splitLines(body)) {
    const line = raw.trim()
    if (closing !== null) {
      if (line === closing) closing = null
      continue
    }
    const delimiter = VERBATIM_DELIMITER.exec(line)?.[1]
    if (delimiter !== undefined) closing = delimiter
    else if (line !== '' && !MARKUP_LINE.test(line)) kept.push(line)
  }
  // An attribute reference (`{url-repo}`) stands for a value defined elsewhere: not prose.
  return kept.join('\n').replace(/\{[\w-]+\}/g, ' ')
}
