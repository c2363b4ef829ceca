// Candidate pairs for the sentence check of the contradiction sweep (docs/adr/0006). A flip is
// two sentences that say the same thing but for a date, a number or a negation, so each
// sentence is reduced to its *skeleton*: its distinct words without those flip tokens. Two
// sentences are candidates when their skeletons are the same or one word apart (one word
// added, dropped or replaced). That is a deletion neighbourhood: a skeleton S is filed under
// the key of S and under the key of S minus each of its words; a replaced word makes
// S - {old} = S' - {new}, an added one makes S = S' - {new}. A key is the mixed sum of the word
// hashes, so it costs one addition per word and no sorting or string building.

/** A bucket holding more sentences than this (boilerplate repeated across notes) is skipped. */
export const MAX_BUCKET = 512

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

  /** Adds the distinct values of `values` (which it sorts in place) as the next set; returns its size. */
  add(values: number[]): number {
    // Insertion sort: sentences are short, and a comparator callback would cost more.
    for (let i = 1; i < values.length; i++) {
      const value = values[i] as number
      let j = i - 1
      while (j >= 0 && (values[j] as number) > value) {
        values[j + 1] = values[j] as number
        j--
      }
      values[j + 1] = value
    }
    if (this.size + values.length > this.hashes.length) {
      const grown = new Int32Array(Math.max(this.hashes.length * 2, this.size + values.length))
      grown.set(this.hashes)
      this.hashes = grown
    }
    const before = this.size
    for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[i - 1]) this.hashes[this.size++] = values[i] as number
    this.start.push(this.size)
    return this.size - before
  }

  /** Drops the last set added. */
  pop(): void {
    this.start.pop()
    this.size = this.start[this.start.length - 1] as number
  }

  /** Exact Jaccard similarity of sets a and b. */
  jaccard(a: number, b: number): number {
    const h = this.hashes
    let i = this.start[a] as number
    let j = this.start[b] as number
    const endA = this.start[a + 1] as number
    const endB = this.start[b + 1] as number
    const sizes = endA - i + (endB - j)
    let shared = 0
    while (i < endA && j < endB) {
      const x = h[i] as number
      const y = h[j] as number
      if (x === y) {
        shared++
        i++
        j++
      } else if (x < y) i++
      else j++
    }
    const union = sizes - shared
    return union === 0 ? 0 : shared / union
  }
}

/**
 * Calls `visit(x, y)` (x < y) once for every pair of skeletons that are equal or one word
 * apart, of which at least one is a probe, unless all their shared keys fall in buckets over
 * MAX_BUCKET. Work: (probes) × (skeleton words + 1) × MAX_BUCKET at most.
 */
export function oneWordApartPairs(skeletons: HashSets, isProbe: Uint8Array, visit: (x: number, y: number) => void): void {
  const { keys, start } = neighbourhoodKeys(skeletons)
  const buckets = new Map<number, number[]>()
  // A bit per key (mod 2^24) that some probe has: most other sentences share no key with a
  // probe, and this spares them the Map look-ups.
  const probeKeys = new Uint8Array(1 << 21)
  for (let index = 0; index < skeletons.count; index++) {
    if (isProbe[index] !== 1) continue
    for (let k = start[index] as number; k < (start[index + 1] as number); k++) {
      const key = keys[k] as number
      probeKeys[(key >>> 3) & 0x1fffff] = (probeKeys[(key >>> 3) & 0x1fffff] as number) | (1 << (key & 7))
      const bucket = buckets.get(key)
      if (bucket === undefined) buckets.set(key, [index])
      else if (bucket[bucket.length - 1] !== index) bucket.push(index)
    }
  }
  for (let index = 0; index < skeletons.count; index++) {
    if (isProbe[index] === 1) continue
    for (let k = start[index] as number; k < (start[index + 1] as number); k++) {
      const key = keys[k] as number
      if (((probeKeys[(key >>> 3) & 0x1fffff] as number) & (1 << (key & 7))) === 0) continue
      const bucket = buckets.get(key)
      if (bucket !== undefined && bucket[bucket.length - 1] !== index) bucket.push(index)
    }
  }
  const stamp = new Int32Array(skeletons.count).fill(-1)
  for (let x = 0; x < skeletons.count; x++) {
    if (isProbe[x] !== 1) continue
    for (let k = start[x] as number; k < (start[x + 1] as number); k++) {
      const bucket = buckets.get(keys[k] as number) as number[]
      if (bucket.length > MAX_BUCKET) continue
      for (const y of bucket) {
        if (y === x || stamp[y] === x) continue
        stamp[y] = x
        // Both probes: the pair is visited from the smaller index only.
        if (y < x && isProbe[y] === 1) continue
        if (x < y) visit(x, y)
        else visit(y, x)
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
    // Keys are kept to 30 bits so that the Map sees small integers; a collision only adds a candidate.
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
  return (h ^ (h >>> 13)) >>> 2
}
