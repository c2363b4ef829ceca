// Candidate pairs of similar word sets for the sentence check of the contradiction sweep
// (docs/adr/0006). An exact pair-prefix filter: order every word by rarity over the whole
// corpus; two sets with Jaccard >= t share at least ceil(t·|A|) words, so the first two words
// they share (in that order) both lie in A's first |A| - ceil(t·|A|) + 2 words, and likewise in
// B's. Bucketing each set under every pair of words of that prefix therefore puts every similar
// pair in a common bucket, and rare words make the buckets small. No pair list is ever built:
// each probing set walks its own buckets, and a stamp per set stops a pair being seen twice.

/** A bucket holding more sets than this (a pair of words that boilerplate shares) is skipped. */
export const MAX_BUCKET = 256

/**
 * Each list of distinct words as a sorted Int32Array of word ranks, rank 0 the rarest word of
 * all the lists (ties by first appearance, so the order does not depend on hashing).
 */
export function rankWords(wordLists: readonly (readonly string[])[]): Int32Array[] {
  const ids = new Map<string, number>()
  const counts: number[] = []
  const idLists = wordLists.map((words) => {
    const list = new Int32Array(words.length)
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string
      let id = ids.get(word)
      if (id === undefined) {
        id = counts.length
        ids.set(word, id)
        counts.push(0)
      }
      counts[id] = (counts[id] as number) + 1
      list[i] = id
    }
    return list
  })
  const order = Int32Array.from(counts.keys()).sort((a, b) => (counts[a] as number) - (counts[b] as number) || a - b)
  const rank = new Int32Array(counts.length)
  for (let r = 0; r < order.length; r++) rank[order[r] as number] = r
  return idLists.map((list) => list.map((id) => rank[id] as number).sort())
}

/** Exact Jaccard similarity of two sorted arrays of distinct ranks. */
export function jaccardOfRanks(a: Int32Array, b: Int32Array): number {
  let i = 0
  let j = 0
  let shared = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x === y) {
      shared++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  const union = a.length + b.length - shared
  return union === 0 ? 0 : shared / union
}

/**
 * Calls `visit(x, y)` (x < y) once for every pair of sets that may have Jaccard >= `threshold`,
 * of which at least one is a probe (`isProbe`): every such pair, except those whose only shared
 * prefix word pairs fall in buckets over MAX_BUCKET. The caller confirms each pair exactly.
 * Work is at most (probe sets) × (prefix pairs per set) × MAX_BUCKET.
 */
export function similarSetPairs(sets: readonly Int32Array[], threshold: number, isProbe: (index: number) => boolean, visit: (x: number, y: number) => void): void {
  const buckets = new Map<number, number[]>()
  // Probes open buckets; the other sets only join buckets a probe opened.
  for (const probes of [true, false]) {
    for (let index = 0; index < sets.length; index++) {
      if (isProbe(index) !== probes) continue
      forEachPrefixKey(sets[index] as Int32Array, threshold, (key) => {
        const bucket = buckets.get(key)
        if (bucket) {
          if (bucket[bucket.length - 1] !== index) bucket.push(index)
        } else if (probes) buckets.set(key, [index])
      })
    }
  }
  const stamp = new Int32Array(sets.length).fill(-1)
  for (let x = 0; x < sets.length; x++) {
    if (!isProbe(x)) continue
    const size = (sets[x] as Int32Array).length
    forEachPrefixKey(sets[x] as Int32Array, threshold, (key) => {
      const bucket = buckets.get(key) as number[]
      if (bucket.length > MAX_BUCKET) return
      for (const y of bucket) {
        if (y === x || stamp[y] === x) continue
        stamp[y] = x
        // Both probes: the pair is visited from the smaller index only.
        if (y < x && isProbe(y)) continue
        const other = (sets[y] as Int32Array).length
        // Length filter: a set much larger than the other cannot reach the threshold.
        if (Math.min(size, other) < threshold * Math.max(size, other) - 1e-9) continue
        if (x < y) visit(x, y)
        else visit(y, x)
      }
    })
  }
}

/** Minimum shared words for Jaccard >= t with a set of `size` words (the float guard keeps 0.6 × 10 at 6). */
function minimumOverlap(size: number, threshold: number): number {
  return Math.ceil(threshold * size - 1e-9)
}

function forEachPrefixKey(set: Int32Array, threshold: number, use: (key: number) => void): void {
  const prefix = Math.min(set.length, set.length - minimumOverlap(set.length, threshold) + 2)
  for (let i = 0; i < prefix; i++) {
    const first = Math.imul((set[i] as number) + 1, 0x9e3779b1)
    // A 30-bit key stays a small integer for the Map; a collision only adds a candidate.
    for (let j = i + 1; j < prefix; j++) use((first ^ Math.imul((set[j] as number) + 1, 0x85ebca6b)) >>> 2)
  }
}
