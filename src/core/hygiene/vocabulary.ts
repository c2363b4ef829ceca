// Whether two notes are about the same subject, for the contradiction candidates that compare
// passages across notes (same term, sentence flips). The measure is the overlap coefficient of
// their prose vocabularies, |A ∩ B| / min(|A|, |B|): a short note inside the subject of a long
// one scores high, where Jaccard would call them unrelated for the long one's size. On the
// labelled real pairs (docs/adr/0006) every pair worth a look scored 0.61 or more, the
// example corpus's HTTP notes 0.47, and 9 of the 31 false alarms below 0.45: "number" in a
// Lua post and in the AsciiDoc manual, a term in a course and in its translation, the
// defaults of two products.

import { sortedShared } from './similarity.js'

/** Notes whose prose vocabularies overlap less than this are about different things. */
export const RELATED_NOTES = 0.45

/** Each note's distinct prose word hashes, sorted: memory proportional to the corpus's vocabulary per note. */
export class Vocabulary {
  private readonly words = new Map<string, Uint32Array>()

  /** The note's words: the first `count` of `hashes`, in any order, repeats allowed. */
  add(file: string, hashes: ArrayLike<number>, count = hashes.length): void {
    const all = new Uint32Array(count)
    for (let i = 0; i < count; i++) all[i] = hashes[i] as number
    all.sort()
    let distinct = 0
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[distinct++] = all[i] as number
    this.words.set(file, all.slice(0, distinct))
  }

  /** True unless both notes are known and their vocabularies overlap less than RELATED_NOTES. */
  related(a: string, b: string): boolean {
    const first = this.words.get(a)
    const second = this.words.get(b)
    if (first === undefined || second === undefined) return true
    return overlap(first, second) >= RELATED_NOTES
  }
}

/** |a ∩ b| / min(|a|, |b|) of two sorted distinct arrays (1 when either is empty: nothing to tell them apart). */
export function overlap(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 || b.length === 0) return 1
  const shared = sortedShared(a, 0, a.length, b, 0, b.length)
  return shared / Math.min(a.length, b.length)
}
