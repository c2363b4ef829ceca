// Small lexical similarity measures shared by the contradiction checks.

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
