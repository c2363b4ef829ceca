/**
 * Word-level difference between what the user produced and the expected response, for marking
 * the response beside the answer. Pure: the modal turns the parts into DOM nodes with textContent.
 * Words compare case-insensitively and without surrounding punctuation, so "Little." matches
 * "little"; the parts keep the text as written.
 */

export type DiffKind = 'same' | 'missing' | 'extra'

export interface DiffPart {
  kind: DiffKind
  text: string
}

function tokens(text: string): string[] {
  return text.split(/\s+/).filter(t => t !== '')
}

function comparable(word: string): string {
  return word.toLowerCase().replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')
}

/**
 * `missing`: in the response, not in the answer; `extra`: in the answer, not in the response.
 * Longest common subsequence over words; answers are short, so O(n·m) is fine (capped below).
 */
export function wordDiff(produced: string, expected: string): DiffPart[] {
  const a = tokens(produced).slice(0, 2000)
  const b = tokens(expected).slice(0, 2000)
  const ka = a.map(comparable)
  const kb = b.map(comparable)
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i]!
    const below = lcs[i + 1]!
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = ka[i] === kb[j] ? below[j + 1]! + 1 : Math.max(below[j]!, row[j + 1]!)
    }
  }
  const parts: DiffPart[] = []
  const push = (kind: DiffKind, text: string) => {
    const last = parts[parts.length - 1]
    if (last && last.kind === kind) last.text += ' ' + text
    else parts.push({ kind, text })
  }
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && ka[i] === kb[j]) {
      push('same', b[j]!)
      i++
      j++
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      push('missing', b[j]!)
      j++
    } else {
      push('extra', a[i]!)
      i++
    }
  }
  return parts
}

/** AsciiDoc source to the words a reader sees, for comparing with a typed answer. */
export function plainWords(asciidoc: string): string {
  return asciidoc
    .replace(/\[\[[^\]]*\]\]/g, ' ')
    .replace(/\b(?:pass|link|xref|image|kbd|footnote):[^\s[]*\[([^\]]*)\]/g, '$1')
    .replace(/<<[^,>]*,?([^>]*)>>/g, '$1')
    .replace(/^\s*(?:\+|----|\.\.\.\.|\+\+\+\+|====|\*\*\*\*)\s*$/gm, ' ')
    .replace(/[*_`#^~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}
