// Whether two notes are about the same subject, for the contradiction candidates that compare
// passages across notes (same term, sentence flips). The measure is an overlap coefficient of
// their prose vocabularies, shared / min(A, B), so that a short note inside the subject of a
// long one scores high, where Jaccard would call them unrelated for the long one's size.
//
// Counting plain words made any short note look related to any long one: a long note holds
// nearly every common word, so on the real corpus the AsciiDoc `ifeval` page and a Lua post
// overlapped 0.58, the HTML stylesheet page and the Envers guide 0.53. So the words are
// weighed by how rare they are in the corpus, log(1 + N / df) (a word in every note weighs
// log 2, one in a single note of 800 about 6.7), and function words (function-words.ts) are
// left out: what two notes must share is subject words. The smoothing keeps shared words
// worth something in a corpus of a few notes, where every word is in half of them.
//
// Measured (docs/adr/0006, docs/perf.md): the pairs worth a look score 0.31 (the example
// corpus's planted HTTP pair, in its corpus of 21 notes) to 0.76; of the 7 labelled false
// alarms the old measure let through, 3 fall below 0.30 (a Lua post against Strimzi, two
// AsciiDoc backends, an icon macro against the stylesheet), 4 stay at 0.30 to 0.42 (the Lua
// post against the ifeval page among them: both are about types and comparisons). A higher
// threshold would lose the HTTP pair.

import { FUNCTION_WORDS } from './function-words.js'
import { hashString } from './hashing.js'

/** Notes whose weighted prose vocabularies overlap less than this are about different things. */
export const RELATED_NOTES = 0.3

const FUNCTION_WORD_HASHES = new Set(FUNCTION_WORDS.map(word => hashString(word)))

/** Each note's distinct prose word hashes, sorted: memory proportional to the corpus's vocabulary per note. */
export class Vocabulary {
  private readonly words = new Map<string, Uint32Array>()
  // Derived from all the notes when first asked, after the last `add`.
  private weights: Map<number, number> | null = null
  private readonly totals = new Map<string, number>()

  /** The note's words: the first `count` of `hashes`, in any order, repeats allowed. */
  add(file: string, hashes: ArrayLike<number>, count = hashes.length): void {
    const all = new Uint32Array(count)
    for (let i = 0; i < count; i++) all[i] = hashes[i] as number
    all.sort()
    let distinct = 0
    for (let i = 0; i < all.length; i++)
      if ((i === 0 || all[i] !== all[i - 1]) && !FUNCTION_WORD_HASHES.has(all[i] as number))
        all[distinct++] = all[i] as number
    this.words.set(file, all.slice(0, distinct))
    this.weights = null
    this.totals.clear()
  }

  /** True unless both notes are known and their weighted vocabularies overlap less than RELATED_NOTES. */
  related(a: string, b: string): boolean {
    const first = this.words.get(a)
    const second = this.words.get(b)
    if (first === undefined || second === undefined) return true
    return this.overlap(a, first, b, second) >= RELATED_NOTES
  }

  /** The weight shared / the smaller note's weight (1 when either has no words: nothing to tell them apart). */
  private overlap(a: string, first: Uint32Array, b: string, second: Uint32Array): number {
    if (first.length === 0 || second.length === 0) return 1
    const weights = this.weightsOfWords()
    const weight = (hash: number): number => weights.get(hash) as number
    let shared = 0
    for (let i = 0, j = 0; i < first.length && j < second.length; ) {
      const x = first[i] as number
      const y = second[j] as number
      if (x === y) {
        shared += weight(x)
        i++
        j++
      } else if (x < y) i++
      else j++
    }
    return shared / Math.min(this.total(a, first, weight), this.total(b, second, weight))
  }

  private total(file: string, words: Uint32Array, weight: (hash: number) => number): number {
    let total = this.totals.get(file)
    if (total === undefined) {
      total = 0
      for (const hash of words) total += weight(hash)
      this.totals.set(file, total)
    }
    return total
  }

  private weightsOfWords(): Map<number, number> {
    if (this.weights !== null) return this.weights
    const notesWith = new Map<number, number>()
    for (const words of this.words.values())
      for (const hash of words) notesWith.set(hash, (notesWith.get(hash) ?? 0) + 1)
    const notes = this.words.size
    const weights = new Map<number, number>()
    for (const [hash, count] of notesWith) weights.set(hash, Math.log(1 + notes / count))
    this.weights = weights
    return weights
  }
}
