// The scan cache's byte form (docs/adr/0026): unsigned integers as LEB128 varints, strings as
// their UTF-8 bytes after their byte length, floats as 8 bytes. One writer and one reader, used
// by the model codec and the cache file alike.

const encoder = new TextEncoder()
// Not `fatal`: that doubles the cost of each call, and a stored cache's bytes are checked by its
// checksum. `ignoreBOM`: a string that begins with U+FEFF keeps it (the default drops it, and a
// title or term starting with one came back from the cache one character short).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

/** A growing byte buffer. */
export class ByteWriter {
  bytes = new Uint8Array(1 << 12)
  at = 0
  private view: DataView | null = null

  /**
   * Writes on into `bytes` from `at` (what is before `at` is left as it is): a model is encoded
   * straight into the block it will be kept in. Past the end of `bytes`, the writer goes on in a
   * larger copy of them, as it always grows.
   */
  over(bytes: Uint8Array<ArrayBuffer>, at: number): void {
    this.bytes = bytes
    this.at = at
    this.view = null
  }

  private room(count: number): void {
    if (this.at + count <= this.bytes.length) return
    let size = Math.max(this.bytes.length * 2, 16)
    while (size < this.at + count) size *= 2
    const grown = new Uint8Array(size)
    grown.set(this.bytes.subarray(0, this.at))
    this.bytes = grown
    this.view = null
  }

  u8(value: number): void {
    this.room(1)
    this.bytes[this.at++] = value
  }

  /** A non-negative integer below 2^53 (callers check: see `isCount`). */
  uint(value: number): void {
    this.room(8)
    while (value >= 0x80) {
      this.bytes[this.at++] = (value % 0x80) | 0x80
      value = Math.floor(value / 0x80)
    }
    this.bytes[this.at++] = value
  }

  f64(value: number): void {
    this.room(8)
    this.view ??= new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)
    this.view.setFloat64(this.at, value, true)
    this.at += 8
  }

  /**
   * A string: a varint of its byte length times 2, plus 1 when the bytes are UTF-16 code units
   * (a string with a lone surrogate, which UTF-8 cannot hold), then the bytes (UTF-8 otherwise).
   */
  string(value: string): void {
    const length = value.length
    if (length >= 32) {
      this.longString(value)
      return
    }
    // A short ASCII string, the usual case, is copied by hand: TextEncoder's call costs more.
    this.room(length + 8)
    const start = this.at
    let at = start + varintSize(length * 2)
    let i = 0
    for (; i < length; i++) {
      const code = value.charCodeAt(i)
      if (code >= 0x80) break
      this.bytes[at++] = code
    }
    this.at = start
    if (i === length) {
      this.uint(length * 2)
      this.at = at
    } else if (LONE_SURROGATE.test(value)) this.utf16(value)
    else {
      const bytes = encoder.encode(value)
      this.uint(bytes.length * 2)
      this.raw(bytes)
    }
  }

  /** A long string through TextEncoder (native, many characters a step), its length written before it once known. */
  private longString(value: string): void {
    if (LONE_SURROGATE.test(value)) {
      this.utf16(value)
      return
    }
    const most = value.length * 3
    const head = varintSize(most * 2)
    this.room(head + most)
    const start = this.at
    const { written } = encoder.encodeInto(value, this.bytes.subarray(start + head, start + head + most))
    const need = varintSize(written * 2)
    if (need < head) this.bytes.copyWithin(start + need, start + head, start + head + written)
    this.uint(written * 2)
    this.at = start + need + written
  }

  private utf16(value: string): void {
    const length = value.length
    this.uint(length * 4 + 1)
    this.room(length * 2)
    for (let k = 0; k < length; k++) {
      const code = value.charCodeAt(k)
      this.bytes[this.at++] = code & 0xff
      this.bytes[this.at++] = code >>> 8
    }
  }

  /** `value` or null: a 0 byte for null, else 1 and the string. */
  stringOrNull(value: string | null): void {
    if (value === null) this.u8(0)
    else {
      this.u8(1)
      this.string(value)
    }
  }

  /** Writes a 32-bit unsigned integer at `at` (little-endian), inside what was written already. */
  setU32(at: number, value: number): void {
    this.bytes[at] = value & 0xff
    this.bytes[at + 1] = (value >>> 8) & 0xff
    this.bytes[at + 2] = (value >>> 16) & 0xff
    this.bytes[at + 3] = value >>> 24
  }

  raw(bytes: Uint8Array): void {
    this.room(bytes.length)
    this.bytes.set(bytes, this.at)
    this.at += bytes.length
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.at)
  }
}

/** Reads what a ByteWriter wrote; throws RangeError past the end (a damaged entry). */
export class ByteReader {
  private view: DataView | null = null
  constructor(
    readonly bytes: Uint8Array,
    public at = 0,
    readonly end = bytes.length,
  ) {}

  u8(): number {
    if (this.at >= this.end) throw new RangeError('past the end')
    return this.bytes[this.at++] as number
  }

  uint(): number {
    let value = 0
    let scale = 1
    for (;;) {
      const byte = this.u8()
      value += (byte & 0x7f) * scale
      if (byte < 0x80) return value
      scale *= 0x80
    }
  }

  f64(): number {
    if (this.at + 8 > this.end) throw new RangeError('past the end')
    this.view ??= new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)
    const value = this.view.getFloat64(this.at, true)
    this.at += 8
    return value
  }

  string(): string {
    const header = this.uint()
    const length = Math.floor(header / 2)
    const start = this.at
    const end = start + length
    if (end > this.end) throw new RangeError('past the end')
    this.at = end
    if (header % 2 === 1) {
      let text = ''
      for (let i = start; i + 1 < end; i += 2)
        text += String.fromCharCode((this.bytes[i] as number) | ((this.bytes[i + 1] as number) << 8))
      return text
    }
    if (length <= 12) {
      let ascii = ''
      for (let i = start; i < end; i++) {
        const byte = this.bytes[i] as number
        if (byte >= 0x80) return decoder.decode(this.bytes.subarray(start, end))
        ascii += String.fromCharCode(byte)
      }
      return ascii
    }
    return decoder.decode(this.bytes.subarray(start, end))
  }

  stringOrNull(): string | null {
    return this.u8() === 0 ? null : this.string()
  }

  skip(count: number): void {
    if (this.at + count > this.end) throw new RangeError('past the end')
    this.at += count
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function varintSize(value: number): number {
  let size = 1
  while (value >= 0x80) {
    value = Math.floor(value / 0x80)
    size++
  }
  return size
}

/** The 32-bit unsigned integer at `at` of `bytes` (little-endian). */
export function u32At(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0
  )
}

/** A number a varint can hold exactly: an integer from 0 to 2^53 - 1. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}
