import { ByteReader, type ByteWriter } from './byte-io.js'

/**
 * A writer whose strings go to one pool (`parts`, joined when the writer is done) and whose
 * other values and string lengths go to `rows`: reading them back is one decode of the pool and
 * a `slice` per string (PoolReader), where a decode per string costs several times as much.
 */
export class PoolWriter {
  parts: string[] = []
  constructor(readonly rows: ByteWriter) {}
  u8(value: number): void {
    this.rows.u8(value)
  }
  uint(value: number): void {
    this.rows.uint(value)
  }
  string(value: string): void {
    this.parts.push(value)
    this.rows.uint(value.length)
  }
  stringOrNull(value: string | null): void {
    if (value === null) this.rows.u8(0)
    else {
      this.rows.u8(1)
      this.string(value)
    }
  }
  /** Writes the pool, then the rows, to `out`, and empties this writer for the next field. */
  flush(out: ByteWriter): void {
    const parts = this.parts
    // No strings (an empty list, most fields of most notes): the empty pool, without a join.
    if (parts.length === 0) out.u8(0)
    else out.string(parts.length === 1 ? (parts[0] as string) : parts.join(''))
    out.raw(this.rows.bytes.subarray(0, this.rows.at))
    // Emptied in place: the next field reuses the array.
    parts.length = 0
    this.rows.at = 0
  }
}

/** Reads what a PoolWriter flushed: the pool first, then the rows; a string is a slice of the pool. */
export class PoolReader {
  private readonly pool: string
  private next = 0
  private readonly r: ByteReader
  constructor(bytes: Uint8Array, at: number, end: number) {
    this.r = new ByteReader(bytes, at, end)
    this.pool = this.r.string()
  }
  u8(): number {
    return this.r.u8()
  }
  uint(): number {
    return this.r.uint()
  }
  string(): string {
    const length = this.r.uint()
    const start = this.next
    this.next = start + length
    if (this.next > this.pool.length) throw new RangeError('past the end of the pool')
    return this.pool.slice(start, this.next)
  }
  stringOrNull(): string | null {
    return this.r.u8() === 0 ? null : this.string()
  }
  f64(): number {
    return this.r.f64()
  }
  /** The bytes the rows are read from. */
  get bytes(): Uint8Array {
    return this.r.bytes
  }
  /** Where the rows are read next; `skip` passes over bytes the caller takes as they are. */
  get at(): number {
    return this.r.at
  }
  skip(count: number): void {
    this.r.skip(count)
  }
}
