// Candidate pairs for the sentence check of the contradiction sweep (docs/adr/0006). A flip is
// two sentences that say the same thing but for a date, a number or a negation, so each
// sentence is reduced to its *skeleton*: its distinct words without those flip tokens. Two
// sentences are candidates when their skeletons are the same or one word apart (one word
// added, dropped or replaced). That is a deletion neighbourhood: a skeleton S is filed under
// the key of S and under the key of S minus each of its words; a replaced word makes
// S - {old} = S' - {new}, an added one makes S = S' - {new}. A key is the mixed sum of the word
// hashes, so it costs one addition per word and no sorting or string building.

import { sortedJaccard } from './similarity.js'

/**
 * A bucket whose sentences would make more pairs than this (pairs of different kinds: a
 * sentence repeated in hundreds of notes with hundreds of different numbers) is skipped.
 * Repeating one sentence costs nothing: sentences of one kind are never paired with each other.
 */
export const MAX_BUCKET_PAIRS = 1 << 16

/**
 * Sets of 32-bit hashes stored end to end (one buffer for all, no small arrays: the sweep
 * makes hundreds of thousands of them). Set k is `hashes[start[k] .. start[k + 1])`, sorted.
 */
export class HashSets {
  hashes = new Int32Array(1 << 16)
  readonly start: number[] = [0]
  private size = 0

  get count(): number {
    return this.start.length - 1
  }

  /**
   * Adds the distinct values among the first `length` of `values` (which it sorts in place) as
   * the next set; returns its size. A scratch buffer the caller reuses, so that reading hundreds
   * of thousands of sentences allocates nothing per sentence.
   */
  add(values: Int32Array, length: number): number {
    // Insertion sort: sentences are short, and a comparator callback would cost more.
    for (let i = 1; i < length; i++) {
      const value = values[i] as number
      let j = i - 1
      while (j >= 0 && (values[j] as number) > value) {
        values[j + 1] = values[j] as number
        j--
      }
      values[j + 1] = value
    }
    if (this.size + length > this.hashes.length) {
      const grown = new Int32Array(Math.max(this.hashes.length * 2, this.size + length))
      grown.set(this.hashes)
      this.hashes = grown
    }
    const hashes = this.hashes
    let size = this.size
    for (let i = 0; i < length; i++) if (i === 0 || values[i] !== values[i - 1]) hashes[size++] = values[i] as number
    const added = size - this.size
    this.size = size
    this.start.push(size)
    return added
  }

  /** Drops the last set added. */
  pop(): void {
    this.start.pop()
    this.size = this.start[this.start.length - 1] as number
  }
}

/** Exact Jaccard similarity of set a of `first` and set b of `second`. */
export function jaccardBetween(first: HashSets, a: number, second: HashSets, b: number): number {
  return sortedJaccard(
    first.hashes,
    first.start[a] as number,
    first.start[a + 1] as number,
    second.hashes,
    second.start[b] as number,
    second.start[b + 1] as number,
  )
}

/**
 * Calls `visit(x, y)` (x < y) for every pair of skeletons that are equal or one word apart and
 * whose `kinds` differ (a kind stands for a sentence's dates, numbers and negation; 0 means it
 * has none, so two sentences of kind 0 are never paired), unless all their shared keys fall in
 * buckets of more than MAX_BUCKET_PAIRS such pairs. A pair that shares several keys is visited once per key: such pairs
 * are nearly the same sentence, rare, and the caller keeps one finding per pair. Work: sorting
 * the keys of the probes (kind != 0) plus at most MAX_BUCKET_PAIRS per bucket.
 */
export function oneWordApartPairs(skeletons: HashSets, kinds: Int32Array, visit: (x: number, y: number) => void): void {
  if (skeletons.count >= SENTENCE_LIMIT) throw new RangeError(`more than ${SENTENCE_LIMIT} sentences`)
  const isProbe = (index: number) => kinds[index] !== 0
  const { keys, start } = neighbourhoodKeys(skeletons)
  // A bit per key (mod 2^24) that some probe has: most other sentences share no key with a
  // probe, and this keeps them out of the sort below.
  const probeKeys = new Uint8Array(1 << 21)
  let entries = 0
  for (let index = 0; index < skeletons.count; index++) {
    if (!isProbe(index)) continue
    for (let k = start[index] as number; k < (start[index + 1] as number); k++) {
      const key = keys[k] as number
      probeKeys[(key >>> 3) & 0x1fffff] = (probeKeys[(key >>> 3) & 0x1fffff] as number) | (1 << (key & 7))
      entries++
    }
  }
  const hasProbeKey = (key: number) => ((probeKeys[(key >>> 3) & 0x1fffff] as number) & (1 << (key & 7))) !== 0
  for (let index = 0; index < skeletons.count; index++) {
    if (isProbe(index)) continue
    for (let k = start[index] as number; k < (start[index + 1] as number); k++)
      if (hasProbeKey(keys[k] as number)) entries++
  }
  // Buckets without a Map: (key, sentence) packed into one double each (28 + 24 bits), sorted,
  // so that each bucket is a run of equal keys.
  const packed = new Float64Array(entries)
  let at = 0
  for (let index = 0; index < skeletons.count; index++) {
    const probe = isProbe(index)
    for (let k = start[index] as number; k < (start[index + 1] as number); k++) {
      const key = keys[k] as number
      if (probe || hasProbeKey(key)) packed[at++] = key * SENTENCE_LIMIT + index
    }
  }
  packed.sort()
  for (let from = 0; from < packed.length; ) {
    const key = Math.floor((packed[from] as number) / SENTENCE_LIMIT)
    let to = from + 1
    while (to < packed.length && Math.floor((packed[to] as number) / SENTENCE_LIMIT) === key) to++
    if (to - from > 1) visitBucket(packed, from, to, kinds, visit)
    from = to
  }
}

/** More sentences than this in one sweep would not fit the packed bucket entries. */
const SENTENCE_LIMIT = 2 ** 24

function visitBucket(
  packed: Float64Array,
  from: number,
  to: number,
  kinds: Int32Array,
  visit: (x: number, y: number) => void,
): void {
  // Members grouped by kind: only pairs across two groups, one of them probes, can flip.
  const members: number[] = []
  for (let i = from; i < to; i++) members.push((packed[i] as number) % SENTENCE_LIMIT)
  members.sort((a, b) => (kinds[a] as number) - (kinds[b] as number) || a - b)
  const groups: [number, number][] = []
  for (let i = 0; i < members.length; ) {
    let j = i + 1
    while (j < members.length && kinds[members[j] as number] === kinds[members[i] as number]) j++
    groups.push([i, j])
    i = j
  }
  if (groups.length < 2) return
  let pairs = (members.length * members.length) / 2
  for (const [i, j] of groups) pairs -= ((j - i) * (j - i)) / 2
  if (pairs > MAX_BUCKET_PAIRS) return
  for (let g = 0; g < groups.length; g++) {
    for (let h = g + 1; h < groups.length; h++) {
      const [gFrom, gTo] = groups[g] as [number, number]
      const [hFrom, hTo] = groups[h] as [number, number]
      for (let i = gFrom; i < gTo; i++) {
        for (let j = hFrom; j < hTo; j++) {
          const x = members[i] as number
          const y = members[j] as number
          if (x === y) continue
          if (x < y) visit(x, y)
          else visit(y, x)
        }
      }
    }
  }
}

/** Every set's keys: the key of the set, then the key of the set minus each of its words. */
function neighbourhoodKeys(sets: HashSets): { keys: Int32Array; start: Int32Array } {
  const keys = new Int32Array((sets.start[sets.count] as number) + sets.count)
  const start = new Int32Array(sets.count + 1)
  let at = 0
  for (let index = 0; index < sets.count; index++) {
    start[index] = at
    const from = sets.start[index] as number
    const to = sets.start[index + 1] as number
    let sum = 0
    for (let i = from; i < to; i++) sum = (sum + spread(sets.hashes[i] as number)) | 0
    // Keys are kept to 28 bits to pack beside a sentence number; a collision only adds a candidate.
    keys[at++] = finish(sum)
    for (let i = from; i < to; i++) keys[at++] = finish((sum - spread(sets.hashes[i] as number)) | 0)
  }
  start[sets.count] = at
  return { keys, start }
}

/** A second hash of a word hash, so that sums of different word sets rarely meet. */
function spread(hash: number): number {
  let h = Math.imul(hash ^ 0x5bd1e995, 0x9e3779b1)
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  return h ^ (h >>> 13)
}

function finish(sum: number): number {
  const h = Math.imul(sum ^ (sum >>> 16), 0xc2b2ae35)
  return (h ^ (h >>> 13)) >>> 4
}
