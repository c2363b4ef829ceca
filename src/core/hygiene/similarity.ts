// Small lexical similarity measures shared by the hygiene checks.

/**
 * Jaccard similarity of two sorted runs of distinct hashes, `a[aFrom..aTo)` and `b[bFrom..bTo)`
 * (0 for two empty runs). One merge walk, no set built: near-duplicates compare whole notes'
 * shingles with it, the sentence check slices of its packed sets.
 */
export function sortedJaccard(
  a: ArrayLike<number>,
  aFrom: number,
  aTo: number,
  b: ArrayLike<number>,
  bFrom: number,
  bTo: number,
): number {
  const shared = sortedShared(a, aFrom, aTo, b, bFrom, bTo)
  const union = aTo - aFrom + (bTo - bFrom) - shared
  return union === 0 ? 0 : shared / union
}

/** Dice coefficient on word bigrams (on single words when either side has fewer than two). */
export function diceOnBigrams(a: readonly string[], b: readonly string[]): number {
  const unigrams = a.length < 2 || b.length < 2
  const setA = unigrams ? new Set(a) : bigrams(a)
  const setB = unigrams ? new Set(b) : bigrams(b)
  if (setA.size === 0 && setB.size === 0) return 1
  let shared = 0
  for (const gram of setA) if (setB.has(gram)) shared++
  return (2 * shared) / (setA.size + setB.size)
}

function bigrams(words: readonly string[]): Set<string> {
  const grams = new Set<string>()
  for (let i = 0; i + 1 < words.length; i++) grams.add(`${words[i]} ${words[i + 1]}`)
  return grams
}

/** A prompt or term as a person would recognise it: no inline markup, case, extra spaces or final punctuation. */
export function normaliseLabel(text: string): string {
  return text
    .replace(/\[\[[^\]]*\]\]/g, '')
    .replace(/[*_`#^~+]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.:;,]+$/, '')
    .trim()
}

/** Naive de-pluralisation of the last word, so that `gerunds` and `gerund` are the same term. */
export function singularLabel(label: string): string {
  return label.replace(/(\w{3,}?)(?:ies)$/, '$1y').replace(/(\w{3,}[^s])s$/, '$1')
}

/** How many hashes the sorted distinct runs `a[aFrom..aTo)` and `b[bFrom..bTo)` share: one merge walk. */
export function sortedShared(
  a: ArrayLike<number>,
  aFrom: number,
  aTo: number,
  b: ArrayLike<number>,
  bFrom: number,
  bTo: number,
): number {
  let i = aFrom
  let j = bFrom
  let shared = 0
  while (i < aTo && j < bTo) {
    const x = a[i] as number
    const y = b[j] as number
    if (x === y) {
      shared++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return shared
}
