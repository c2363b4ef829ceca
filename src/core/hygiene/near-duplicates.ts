import type { Finding } from '../types.js'
import { Clusters } from './clusters.js'
import { mix } from './hashing.js'
import { forEachWord, type ProseLine } from './prose.js'
import { nearDuplicateScore } from './rank.js'
import { sortedJaccard } from './similarity.js'

// Near-duplicate notes (SPEC 2.2 `near-duplicate`; decision record docs/adr/0006). Word
// 3-shingles of the prose, MinHash signatures (one permutation hashing, see `signature`), LSH
// banding for candidate pairs, then the exact Jaccard similarity of the candidates decides. Every hash goes through Math.imul so that no
// step loses bits in floating point.

/** Signature length: bins of one permutation hashing, each standing for one MinHash permutation. */
export const PERMUTATIONS = 128
/** Fewer shingles than this (a stub, a heading and a line) say nothing about duplication. */
export const MIN_SHINGLES = 5

export interface ShingledNote {
  path: string
  /** Line of the first prose line (where the compared text begins). */
  line: number
  /** Sorted, distinct 32-bit shingle hashes. */
  shingles: Uint32Array
}

export interface SimilarPair {
  /** Index into the shingled notes, a < b. */
  a: number
  b: number
  similarity: number
}

export function shingleNote(path: string, prose: readonly ProseLine[]): ShingledNote {
  const words: number[] = []
  const hashWord = (_lower: string, _start: number, _end: number, hash: number) => words.push(hash)
  for (const line of prose) forEachWord(line.text, hashWord)
  return { path, line: prose[0]?.line ?? 1, shingles: shinglesOf(words) }
}

/** Sorted, distinct shingle hashes of a note's word hashes (its first `count` prose words, in order). */
export function shinglesOf(words: ArrayLike<number>, count = words.length): Uint32Array {
  // A shingle's hash combines its three word hashes (order matters, hence three different
  // multipliers), so no shingle string is ever built.
  const all = new Uint32Array(Math.max(0, count - 2))
  for (let i = 0; i < all.length; i++) {
    const first = Math.imul(words[i] as number, 0x9e3779b1)
    const second = Math.imul(words[i + 1] as number, 0x85ebca6b)
    all[i] = mix(first ^ second ^ Math.imul(words[i + 2] as number, 0xc2b2ae35))
  }
  all.sort()
  let distinct = 0
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[distinct++] = all[i] as number
  return all.slice(0, distinct)
}

/** Exact Jaccard similarity of two sorted distinct hash arrays. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  return sortedJaccard(a, 0, a.length, b, 0, b.length)
}

/**
 * Rows per band: the most selective banding (fewest chance candidates) that still makes a pair
 * at the threshold a candidate with probability >= 0.98. 0.5 gives 42 bands of 3 rows.
 */
export function bandingFor(threshold: number): { bands: number; rows: number } {
  for (let rows = 8; rows > 1; rows--) {
    const bands = Math.floor(PERMUTATIONS / rows)
    if (1 - (1 - threshold ** rows) ** bands >= 0.98) return { bands, rows }
  }
  return { bands: PERMUTATIONS, rows: 1 }
}

/** Candidate pairs through MinHash + LSH, confirmed by exact Jaccard >= threshold. Sub-quadratic. */
export function lshPairs(notes: readonly ShingledNote[], threshold: number): SimilarPair[] {
  const eligible = notes
    .map((note, index) => ({ note, index }))
    .filter(({ note }) => note.shingles.length >= MIN_SHINGLES)
  const pairs: SimilarPair[] = []
  for (const [x, y] of lshCandidates(
    eligible.map(({ note }) => note.shingles),
    threshold,
  )) {
    const first = eligible[x] as { note: ShingledNote; index: number }
    const second = eligible[y] as { note: ShingledNote; index: number }
    const similarity = jaccard(first.note.shingles, second.note.shingles)
    if (similarity >= threshold) pairs.push(ordered(first.index, second.index, similarity))
  }
  return pairs.sort((p, q) => p.a - q.a || p.b - q.b)
}

/**
 * The pairs of sets (indices, x < y) that share an LSH bucket in at least one band: likely
 * similar at `threshold` or above, to be confirmed by the caller. Holds every candidate pair:
 * for the benchmark and the tests; the sweep uses `forEachLshCandidate`.
 */
export function lshCandidates(sets: readonly Uint32Array[], threshold: number): [number, number][] {
  const seen = new Set<number>()
  const candidates: [number, number][] = []
  forEachLshCandidate(sets, threshold, (x, y) => {
    const code = x * sets.length + y
    if (seen.has(code)) return
    seen.add(code)
    candidates.push([x, y])
  })
  return candidates
}

/**
 * Calls `visit(x, y)` (x < y) for the pairs of sets that share an LSH bucket, once per band
 * they share: nothing is kept per pair, so the memory is the signatures' whatever the pairs.
 */
export function forEachLshCandidate(
  sets: readonly Uint32Array[],
  threshold: number,
  visit: (x: number, y: number) => void,
): void {
  if (sets.length >= NOTE_LIMIT) throw new RangeError(`more than ${NOTE_LIMIT} notes`)
  const signatures = sets.map(signature)
  const { bands, rows } = bandingFor(threshold)
  // Buckets without a Map per band: (band key, note) packed into one double (26 + 26 bits) and
  // sorted, so that each bucket is a run of equal keys. A key cut to 26 bits only adds chance
  // candidates, which the exact Jaccard removes.
  const packed = new Float64Array(signatures.length)
  for (let band = 0; band < bands; band++) {
    for (let k = 0; k < signatures.length; k++) {
      const sig = signatures[k] as Uint32Array
      let key = band
      for (let r = 0; r < rows; r++) key = mix(Math.imul(key, 0x01000193) ^ (sig[band * rows + r] as number))
      packed[k] = (key >>> 6) * NOTE_LIMIT + k
    }
    packed.sort()
    for (let from = 0; from < packed.length; ) {
      const key = Math.floor((packed[from] as number) / NOTE_LIMIT)
      let to = from + 1
      while (to < packed.length && Math.floor((packed[to] as number) / NOTE_LIMIT) === key) to++
      for (let i = from; i < to; i++)
        for (let j = i + 1; j < to; j++) visit((packed[i] as number) % NOTE_LIMIT, (packed[j] as number) % NOTE_LIMIT)
      from = to
    }
  }
}

/** More notes than this would not fit the packed bucket entries. */
const NOTE_LIMIT = 2 ** 26

/** Every pair compared exactly: the reference the benchmark measures LSH recall against. Quadratic. */
export function exactAllPairs(notes: readonly ShingledNote[], threshold: number): SimilarPair[] {
  const pairs: SimilarPair[] = []
  for (let a = 0; a < notes.length; a++) {
    const first = notes[a] as ShingledNote
    if (first.shingles.length < MIN_SHINGLES) continue
    for (let b = a + 1; b < notes.length; b++) {
      const second = notes[b] as ShingledNote
      if (second.shingles.length < MIN_SHINGLES) continue
      const similarity = jaccard(first.shingles, second.shingles)
      if (similarity >= threshold) pairs.push({ a, b, similarity })
    }
  }
  return pairs
}

/** `near-duplicate` findings, one per cluster of notes (see `nearDuplicateFindings`). */
export function nearDuplicates(
  notes: readonly { path: string; prose: readonly ProseLine[] }[],
  threshold: number,
): Finding[] {
  return nearDuplicateFindings(
    notes.map(note => shingleNote(note.path, note.prose)),
    threshold,
  )
}

/**
 * One `near-duplicate` finding per cluster of notes linked by pairs at `threshold` or above
 * (a note and its three copies are one finding with four members), on the first file in path
 * order, with the second as `other`, every member in `members`, the highest similarity of a
 * pair in the cluster and a `score` to rank it (clusters.ts, rank.ts). A pair whose notes are
 * in one cluster already is not compared again, and nothing is kept per pair.
 */
export function nearDuplicateFindings(notes: readonly ShingledNote[], threshold: number): Finding[] {
  const eligible = [...notes]
    .filter(note => note.shingles.length >= MIN_SHINGLES)
    .sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0))
  const clusters = new Clusters(eligible.length)
  const best = new Float64Array(eligible.length)
  forEachLshCandidate(
    eligible.map(note => note.shingles),
    threshold,
    (x, y) => {
      if (clusters.find(x) === clusters.find(y)) return
      const similarity = jaccard((eligible[x] as ShingledNote).shingles, (eligible[y] as ShingledNote).shingles)
      if (similarity < threshold) return
      const most = Math.max(similarity, best[clusters.find(x)] as number, best[clusters.find(y)] as number)
      best[clusters.union(x, y)] = most
    },
  )
  return clusters.groups().map(group => {
    const members = group.map(k => eligible[k] as ShingledNote)
    const [first, second] = members as [ShingledNote, ShingledNote]
    const similarity = Math.round((best[clusters.find(group[0] as number)] as number) * 100) / 100
    const others = members.length > 2 ? ` and ${members.length - 2} other note${members.length > 3 ? 's' : ''}` : ''
    const shown = `similarity ${members.length > 2 ? 'up to ' : ''}${similarity.toFixed(2)}`
    return {
      rule: 'near-duplicate',
      severity: 'warning',
      file: first.path,
      line: first.line,
      message: `nearly the same text as ${second.path}${others} (${shown}): merge them or make the difference clear`,
      other: { file: second.path, line: second.line },
      members: members.map(note => ({ file: note.path, line: note.line })),
      similarity,
      score: nearDuplicateScore(similarity, members.length),
    }
  })
}

function ordered(x: number, y: number, similarity: number): SimilarPair {
  return x < y ? { a: x, b: y, similarity } : { a: y, b: x, similarity }
}

// One permutation hashing with optimal densification (Shrivastava, ICML 2017) instead of 128
// independent permutations: the shingle hashes are already uniform, so the top 7 bits choose
// one of 128 bins and the other 25 bits are the value whose minimum the bin keeps. A bin no
// shingle fell into borrows the value of the first non-empty bin along a pseudo-random probe
// sequence that depends on the bin alone (the same for every note), which keeps
// P(bins agree) = Jaccard. One pass over the shingles instead of 128.
const EMPTY = 0xffffffff
const BIN_SHIFT = 32 - Math.log2(PERMUTATIONS)
const VALUE_MASK = (1 << BIN_SHIFT) - 1

function signature(shingles: Uint32Array): Uint32Array {
  const sig = new Uint32Array(PERMUTATIONS).fill(EMPTY)
  for (let s = 0; s < shingles.length; s++) {
    const x = shingles[s] as number
    const bin = x >>> BIN_SHIFT
    const value = x & VALUE_MASK
    if (value < (sig[bin] as number)) sig[bin] = value
  }
  if (shingles.length === 0) return sig
  const filled = sig.slice()
  for (let bin = 0; bin < PERMUTATIONS; bin++) {
    if (filled[bin] !== EMPTY) continue
    let from = bin
    for (let attempt = 1; filled[from] === EMPTY; attempt++) {
      // After 64 pseudo-random tries (a note with very few shingles), walk the bins in order.
      from = attempt <= 64 ? mix(Math.imul(bin + 1, 0x9e3779b1) + attempt) % PERMUTATIONS : (from + 1) % PERMUTATIONS
    }
    sig[bin] = filled[from] as number
  }
  return sig
}
