import { daysInMonth } from '../dates.js'

// The byte-level helpers of the log reader (log-reader.ts): dates and UTF-16 units read from
// UTF-8 bytes, and a text turned into bytes a piece at a time.

/** UTF-16 units of the decoded bytes: one per character (every byte but a continuation), two outside the BMP. */
export function unitsOf(bytes: Uint8Array, start: number, end: number): number {
  let units = 0
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number
    if ((byte & 0xc0) !== 0x80) units++
    if (byte >= 0xf0) units++
  }
  return units
}

/** `isoDateKeyAt` (dates.ts) on ASCII bytes: YYYYMMDD, or -1 when the ten bytes are not a calendar date. */
export function dateKeyAt(bytes: Uint8Array, start: number): number {
  if (bytes[start + 4] !== 45 || bytes[start + 7] !== 45) return -1
  const year = digits(bytes, start, 4)
  const month = digits(bytes, start + 5, 2)
  const day = digits(bytes, start + 8, 2)
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return -1
  return year * 10000 + month * 100 + day
}

function digits(bytes: Uint8Array, start: number, count: number): number {
  let value = 0
  for (let i = start; i < start + count; i++) {
    const d = (bytes[i] as number) - 48
    if (d < 0 || d > 9) return -1
    value = value * 10 + d
  }
  return value
}

/** Characters of text encoded at a time by `textBytes`: a text's bytes are never all held at once. */
const TEXT_PIECE = 1 << 20

/**
 * A text's UTF-8 bytes, a megabyte of characters at a time through one reused buffer. Pieces end
 * after a '\n' (a very long line makes a longer piece), so no character is cut in two.
 */
export function* textBytes(text: string): Generator<Uint8Array> {
  const encoder = new TextEncoder()
  const buffer = new Uint8Array(TEXT_PIECE * 3)
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + TEXT_PIECE)
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1)
      end = newline >= start ? newline + 1 : text.indexOf('\n', end) + 1 || text.length
    }
    const piece = text.slice(start, end)
    const buffered = piece.length * 3 <= buffer.length ? buffer : new Uint8Array(piece.length * 3)
    const { written } = encoder.encodeInto(piece, buffered)
    yield buffered.subarray(0, written)
    start = end
  }
}
