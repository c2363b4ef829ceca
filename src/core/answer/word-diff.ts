import { isWord, type Word } from './words.js'

/**
 * `same`: the answer has the response's word; `near`: it has it misspelt (one or two letters
 * off, or its accents wrong or missing; `typed` holds what was typed); `missing`: in the response, not in the answer; `extra`: in
 * the answer, not in the response.
 */
export type DiffKind = 'same' | 'near' | 'missing' | 'extra'

export interface DiffPart {
  kind: DiffKind
  /** The words as the reader sees them (the response's, or the answer's for `extra`). */
  text: string
  /** For `near`: what the answer has instead. */
  typed?: string
}

/** One step of the alignment: a response word (index into the response) and how the answer met it. */
export interface Alignment {
  /** For each response token (punctuation included): 'same', 'near' or 'missing'. */
  response: ('same' | 'near' | 'missing')[]
  /** For each response token: met by a word that differs from it in its accents only (a `near`). */
  accentOnly: boolean[]
  /** Answer words that match no response word (punctuation tokens not counted). */
  extra: number
  /** The diff, in reading order, runs of one kind joined. */
  parts: DiffPart[]
}

/** Words of the answer and of the response aligned (an O(n·m) table); the rest of a longer text is shown as missing or extra. */
const MAX_WORDS = 500

/**
 * The scores of a match. Punctuation tokens are aligned too, so the diff can show them in place,
 * but a punctuation match scores less than all the punctuation of a text together could weigh
 * against half a word: the words aligned are exactly those the alignment of the words alone
 * would align, and the punctuation only settles ties.
 */
const PUNCTUATION = 1
const NEAR = MAX_WORDS + 1
const SAME = 2 * NEAR

/**
 * The word alignment of an answer with a response: a longest common subsequence in which a
 * misspelt word (`near`) counts half. Both the diff the user sees and the grade suggestion read
 * this one alignment, so the words shown as recalled are exactly the words the suggestion counted.
 */
export function alignWords(answer: readonly Word[], response: readonly Word[]): Alignment {
  const a = answer.slice(0, MAX_WORDS)
  const b = response.slice(0, MAX_WORDS)
  // score[i][j]: best score aligning a[i..] with b[j..] (SAME, NEAR, PUNCTUATION per match).
  const score: Int32Array[] = Array.from({ length: a.length + 1 }, () => new Int32Array(b.length + 1))
  const match = (i: number, j: number): number => {
    const x = a[i] as Word
    const y = b[j] as Word
    if (!isWord(x) || !isWord(y)) return !isWord(x) && !isWord(y) && x.key === y.key ? PUNCTUATION : 0
    // Accents count: "tu" for "tú" is another word to a learner of Spanish, so one that differs
    // from the response's in its accents only is near (shown, half a word), not the same.
    if (x.key === y.key) return x.spelled === y.spelled ? SAME : NEAR
    return isNear(x.key, y.key) ? NEAR : 0
  }
  for (let i = a.length - 1; i >= 0; i--) {
    const row = score[i] as Int32Array
    const below = score[i + 1] as Int32Array
    for (let j = b.length - 1; j >= 0; j--) {
      const m = match(i, j)
      const take = m > 0 ? (below[j + 1] as number) + m : 0
      row[j] = Math.max(take, below[j] as number, row[j + 1] as number)
    }
  }
  const responseKinds: ('same' | 'near' | 'missing')[] = new Array(response.length).fill('missing')
  const accentOnly: boolean[] = new Array(response.length).fill(false)
  const parts: DiffPart[] = []
  const push = (kind: DiffKind, text: string, typed?: string) => {
    const last = parts[parts.length - 1]
    if (last && last.kind === kind && kind !== 'near') last.text += ` ${text}`
    else parts.push(typed === undefined ? { kind, text } : { kind, text, typed })
  }
  let extra = 0
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    const here = i < a.length && j < b.length ? (score[i] as Int32Array)[j] : 0
    const m = i < a.length && j < b.length ? match(i, j) : 0
    if (m > 0 && here === (score[i + 1] as Int32Array)[j + 1]! + m) {
      const kind = m === NEAR ? 'near' : 'same'
      responseKinds[j] = kind
      if (kind === 'near' && (a[i] as Word).key === (b[j] as Word).key) accentOnly[j] = true
      if (kind === 'same') push('same', (b[j] as Word).text)
      else push('near', (b[j] as Word).text, (a[i] as Word).text)
      i++
      j++
    } else if (j < b.length && (i >= a.length || here === (score[i] as Int32Array)[j + 1])) {
      push('missing', (b[j] as Word).text)
      j++
    } else {
      push('extra', (a[i] as Word).text)
      if (isWord(a[i] as Word)) extra++
      i++
    }
  }
  for (const word of response.slice(MAX_WORDS)) push('missing', word.text)
  for (const word of answer.slice(MAX_WORDS)) {
    push('extra', word.text)
    if (isWord(word)) extra++
  }
  return { response: responseKinds, accentOnly, extra, parts }
}

/** A misspelling rather than another word: one edit apart for words of 4+ letters, two for 8+. */
export function isNear(x: string, y: string): boolean {
  const shorter = Math.min(x.length, y.length)
  if (shorter < 4) return false
  const allowed = shorter >= 8 ? 2 : 1
  if (Math.abs(x.length - y.length) > allowed) return false
  return editDistance(x, y, allowed) <= allowed
}

/** Damerau-Levenshtein (adjacent swaps count one), stopping early once past `limit`. */
function editDistance(x: string, y: string, limit: number): number {
  let before = new Array<number>(y.length + 1).fill(0)
  let previous = Array.from({ length: y.length + 1 }, (_, k) => k)
  for (let i = 1; i <= x.length; i++) {
    const current = new Array<number>(y.length + 1).fill(0)
    current[0] = i
    let best = i
    for (let k = 1; k <= y.length; k++) {
      const cost = x[i - 1] === y[k - 1] ? 0 : 1
      let d = Math.min(previous[k]! + 1, current[k - 1]! + 1, previous[k - 1]! + cost)
      if (i > 1 && k > 1 && x[i - 1] === y[k - 2] && x[i - 2] === y[k - 1]) d = Math.min(d, before[k - 2]! + 1)
      current[k] = d
      best = Math.min(best, d)
    }
    if (best > limit) return best
    before = previous
    previous = current
  }
  return previous[y.length]!
}
