/**
 * The ids already seen, found by their UTF-8 bytes without decoding them: an open-addressing
 * table of byte strings kept in one pool. Two byte strings may decode to one id (invalid UTF-8
 * becomes U+FFFD), so each maps to the interned id, not to its own. A hit is always confirmed by
 * comparing every byte: the hash only picks the slot.
 *
 * A look-up is made for every line of the log, over tens of thousands of ids in no order, so it
 * is bound by memory, not by arithmetic: a slot holds all it needs (hash, id, where its bytes
 * are, how many) in 16 bytes, so a probe touches one slot's cache line and then the bytes.
 */
export class ByteIds {
  private pool = new Uint8Array(1 << 16)
  private pooled = 0
  private count = 0
  /** Per slot: [hash, id + 1 (0: empty), start in pool, length]. */
  private slots = new Int32Array(4 * 2048)

  /** The interned id of `bytes[start..end)`, or -1 when those bytes were not seen. */
  find(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const slots = this.slots
    const mask = (slots.length >> 2) - 1
    const length = end - start
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2
      const id = (slots[at + 1] as number) - 1
      if (id < 0) return -1
      if (slots[at] === hash && slots[at + 3] === length && this.equal(slots[at + 2] as number, bytes, start, length))
        return id
    }
  }

  add(bytes: Uint8Array, start: number, end: number, hash: number, id: number): void {
    const length = end - start
    if (this.pooled + length > this.pool.length) this.pool = grown(this.pool, this.pooled + length)
    this.pool.set(bytes.subarray(start, end), this.pooled)
    this.place(this.slots, hash, id, this.pooled, length)
    this.pooled += length
    this.count++
    if (this.count * 2 > this.slots.length >> 2) this.rehash()
  }

  private equal(at: number, bytes: Uint8Array, start: number, length: number): boolean {
    const pool = this.pool
    for (let i = 0; i < length; i++) if (pool[at + i] !== bytes[start + i]) return false
    return true
  }

  private place(slots: Int32Array, hash: number, id: number, start: number, length: number): void {
    const mask = (slots.length >> 2) - 1
    let slot = hash & mask
    while (slots[(slot << 2) + 1] !== 0) slot = (slot + 1) & mask
    const at = slot << 2
    slots[at] = hash
    slots[at + 1] = id + 1
    slots[at + 2] = start
    slots[at + 3] = length
  }

  private rehash(): void {
    const old = this.slots
    const slots = new Int32Array(old.length * 2)
    for (let at = 0; at < old.length; at += 4)
      if (old[at + 1] !== 0)
        this.place(slots, old[at] as number, (old[at + 1] as number) - 1, old[at + 2] as number, old[at + 3] as number)
    this.slots = slots
  }
}

export function grown<T extends Uint8Array | Int32Array>(array: T, atLeast: number): T {
  const larger = new (array.constructor as new (size: number) => T)(Math.max(atLeast, array.length * 2))
  larger.set(array)
  return larger
}
