import type { CacheStore } from '../ports/cache.js'

// How a stored cache checks itself against damage (a torn write, a disk error): the scan
// cache's last four bytes are a 32-bit sum of all before them, of a kind said in its header
// (ADR 0031). Against damage, not against someone forging a cache.

/** 0: `checksum` below, any host; 1: the CRC-32 a host's store computes natively (CacheStore.crc32). */
export type SumKind = 0 | 1

/** The kind a store's caches are written with: its native CRC-32 where it has one. */
export function sumKindOf(store: Pick<CacheStore, 'crc32'> | undefined): SumKind {
  return store?.crc32 ? 1 : 0
}

/**
 * The sum of that kind over `parts` one after another, or null when this host cannot compute it
 * (a file written where the store had a CRC-32, read where it has none): the cache is then
 * not used, and written again in a kind this host has.
 */
export function sumFor(
  kind: number,
  store: Pick<CacheStore, 'crc32'> | undefined,
): ((parts: readonly Uint8Array[]) => number) | null {
  if (kind === 0) return checksum
  const crc32 = store?.crc32
  if (kind === 1 && crc32 !== undefined) return parts => crc32.call(store, parts) >>> 0
  return null
}

/**
 * A 32-bit checksum of `parts` one after another, four bytes at a time (16-22 ms for 20 MB in a
 * fresh process; zlib's CRC-32 takes 5): whole 32-bit words (in the host's byte order) while
 * four bytes remain, then the last bytes one by one. The same for any split of the same bytes.
 */
export function checksum(parts: readonly Uint8Array[]): number {
  let end = 0
  for (const part of parts) end += part.length
  const wordBytes = end - (end % 4)
  let h = 0x811c9dc5 ^ end
  const carry = new Uint8Array(4)
  const carried = new Uint32Array(carry.buffer)
  let held = 0
  let seen = 0
  const mix = (word: number): void => {
    h = Math.imul(h ^ word, 0x01000193)
    h ^= h >>> 13
  }
  for (const part of parts) {
    let i = 0
    // A word begun in the part before, finished from this one's first bytes.
    while (held > 0 && i < part.length && seen < wordBytes) {
      carry[held++] = part[i++] as number
      seen++
      if (held === 4) {
        mix(carried[0] as number)
        held = 0
      }
    }
    const words = Math.min((part.length - i) >> 2, (wordBytes - seen) >> 2)
    if (words > 0) {
      const at = part.byteOffset + i
      const view =
        at % 4 === 0
          ? new Uint32Array(part.buffer, at, words)
          : new Uint32Array(part.slice(i, i + 4 * words).buffer, 0, words)
      // The loop that sees nearly every byte: the mix written out, not called.
      for (let k = 0; k < words; k++) {
        h = Math.imul(h ^ (view[k] as number), 0x01000193)
        h ^= h >>> 13
      }
      i += 4 * words
      seen += 4 * words
    }
    for (; i < part.length; i++, seen++) {
      if (seen < wordBytes) {
        carry[held++] = part[i] as number
        if (held === 4) {
          mix(carried[0] as number)
          held = 0
        }
      } else h = Math.imul(h ^ (part[i] as number), 0x01000193)
    }
  }
  return h >>> 0
}
