// 32-bit hashing for the hygiene checks, all through Math.imul so that no step loses bits in
// floating point.

/** The murmur3 32-bit finaliser (unsigned result). */
export function mix(value: number): number {
  let h = value | 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** FNV-1a over UTF-16 code units (’ read as ', as words are), then mixed. */
export function hashString(text: string): number {
  return hashRange(text, 0, text.length)
}

/**
 * hashString of `text.slice(start, end)` with ’ read as ' (as `wordsOf` folds it), without
 * making the slice: the sweep hashes every word of the corpus.
 */
export function hashRange(text: string, start: number, end: number): number {
  let h = 0x811c9dc5
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i)
    h = Math.imul(h ^ (code === 0x2019 ? 0x27 : code), 0x01000193)
  }
  return mix(h)
}
