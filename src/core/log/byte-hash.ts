/**
 * A 64-bit hash of a byte stream, fed in chunks of any size (the same bytes give the same hash
 * however they are cut): two independent 32-bit lanes of xxHash32's round over little-endian
 * words, finished with its avalanche. Not cryptographic: it tells a log file's bytes from the
 * bytes a cache was made from (ADR 0025), where a change is an edit, a merge or a truncation,
 * never an attack. Pure and host-free, so the CLI and the plugin compute it alike.
 */
export class ByteHash {
  private a = 0x2545f491
  private b = 0x6a09e667
  private pending = 0
  private pendingBytes = 0
  private length = 0

  update(bytes: Uint8Array): this {
    const n = bytes.length
    this.length += n
    let i = 0
    while (this.pendingBytes > 0 && i < n) {
      this.pending |= (bytes[i++] as number) << (8 * this.pendingBytes++)
      if (this.pendingBytes === 4) {
        this.mix(this.pending)
        this.pending = 0
        this.pendingBytes = 0
      }
    }
    let a = this.a
    let b = this.b
    // Aligned words are read through an Int32Array (faster than a DataView), in the host's order:
    // on a big-endian host the hash would depend on the cut into chunks (a mismatch, only ever a
    // cold read), so it takes the DataView there.
    if (LITTLE_ENDIAN && ((bytes.byteOffset + i) & 3) === 0) {
      const words = new Int32Array(bytes.buffer, bytes.byteOffset + i, (n - i) >> 2)
      for (let k = 0; k < words.length; k++) {
        const w = words[k] as number
        a = a + Math.imul(w, PRIME_2)
        a = Math.imul((a << 13) | (a >>> 19), PRIME_1)
        b = b + Math.imul(w, PRIME_3)
        b = Math.imul((b << 17) | (b >>> 15), PRIME_4)
      }
      i += words.length * 4
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, n)
    for (; i + 4 <= n; i += 4) {
      const w = view.getInt32(i, true)
      a = a + Math.imul(w, PRIME_2)
      a = Math.imul((a << 13) | (a >>> 19), PRIME_1)
      b = b + Math.imul(w, PRIME_3)
      b = Math.imul((b << 17) | (b >>> 15), PRIME_4)
    }
    this.a = a
    this.b = b
    for (; i < n; i++) this.pending |= (bytes[i] as number) << (8 * this.pendingBytes++)
    return this
  }

  /** The hash of the bytes so far, as 16 hex digits; more bytes may follow. */
  digest(): string {
    let a = this.a
    let b = this.b
    if (this.pendingBytes > 0) {
      a = Math.imul(a ^ Math.imul(this.pending, PRIME_5), PRIME_1)
      b = Math.imul(b ^ Math.imul(this.pending, PRIME_2), PRIME_4)
    }
    // The length (up to 2^53) in both lanes, so a stream and its zero-padded extension differ.
    const low = this.length >>> 0
    const high = Math.floor(this.length / 0x100000000)
    a = avalanche(a ^ low ^ Math.imul(high, PRIME_3))
    b = avalanche(b ^ Math.imul(low, PRIME_5) ^ high)
    return hex(a) + hex(b)
  }

  private mix(w: number): void {
    let a = this.a + Math.imul(w, PRIME_2)
    this.a = Math.imul((a << 13) | (a >>> 19), PRIME_1)
    a = this.b + Math.imul(w, PRIME_3)
    this.b = Math.imul((a << 17) | (a >>> 15), PRIME_4)
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
const PRIME_1 = 0x9e3779b1 | 0
const PRIME_2 = 0x85ebca77 | 0
const PRIME_3 = 0xc2b2ae3d | 0
const PRIME_4 = 0x27d4eb2f | 0
const PRIME_5 = 0x165667b1 | 0

function avalanche(h: number): number {
  let x = h ^ (h >>> 15)
  x = Math.imul(x, PRIME_2)
  x ^= x >>> 13
  x = Math.imul(x, PRIME_3)
  return x ^ (x >>> 16)
}

const hex = (x: number): string => (x >>> 0).toString(16).padStart(8, '0')
