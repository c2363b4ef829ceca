import type { LogCheckpoint } from '../core/log/log-reader.js'
import type { LogVoid } from '../core/log/voids.js'
import { type Finding, GRADES } from '../core/types.js'
import type { FileStamp } from './scan-cache.js'

/**
 * What the log cache keeps of one log (ADR 0025): the reader's lists at its last checkpoint, and
 * what proves them to be the file's: the stamp the file had before it was read, when it was read
 * (`checkedAt`), and a hash of every byte read (`hashed` of them, the whole file then).
 */
export interface LogEntry {
  stamp: FileStamp | null
  checkedAt: number
  hashed: number
  hash: string
  checkpoint: LogCheckpoint
  ids: string[]
  dates: string[]
  item: Int32Array
  date: Int32Array
  grade: Uint8Array
  /** `ReviewColumns.lineBreaks` of these reviews. */
  lineBreaks: number[]
  voids: LogVoid[]
  findings: Finding[]
}

/**
 * Bumped with any change of the stored form or of what the log reader gives for the same bytes.
 * 3: a line with both `grade` and `void` is `log-malformed` (version 2 counted it as a review).
 * 4: a git conflict marker's finding says what it is (3 stored "not valid JSON" for it).
 * 5: that finding names `notekeeper git setup`, the command (4 said `notekeeper git`).
 */
export const LOG_CACHE_VERSION = 5
const FORMAT = 'notekeeper-log-cache'
const MAGIC = 0x4b4c4e31 // "1NLK" read little-endian: the file's first four bytes
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

interface Header {
  format: string
  version: number
  key: string
  littleEndian: boolean
  stamp: [number, number, number | null] | null
  checkedAt: number
  hashed: number
  hash: string
  checkpoint: LogCheckpoint
  ids: string[]
  dates: string[]
  lineBreaks: number[]
  voids: LogVoid[]
  findings: Finding[]
  /** `bodySum` of every byte after the header: a damaged file is never taken for a log. */
  body: string
}

/**
 * `[magic u32][header length u32][header JSON][padding to 4][item i32 × n][date i32 × n][grade u8 × n]`,
 * the columns in the host's byte order (said in the header): read back as views, not parsed.
 * Given as parts (CacheStore.writeBytes): the header, then views of the three columns as they
 * are in memory, so that a million reviews are not copied twice more to be written.
 */
export function encodeLogEntry(key: string, entry: LogEntry): Uint8Array[] {
  const n = entry.checkpoint.reviews
  const body = [
    new Uint8Array(entry.item.buffer, entry.item.byteOffset, n * 4),
    new Uint8Array(entry.date.buffer, entry.date.byteOffset, n * 4),
    entry.grade.subarray(0, n),
  ]
  const { stamp } = entry
  const header: Header = {
    format: FORMAT,
    version: LOG_CACHE_VERSION,
    key,
    littleEndian,
    stamp: stamp === null ? null : [stamp.size, stamp.mtimeMs, stamp.ctimeMs ?? null],
    checkedAt: entry.checkedAt,
    hashed: entry.hashed,
    hash: entry.hash,
    checkpoint: entry.checkpoint,
    ids: entry.ids,
    dates: entry.dates,
    lineBreaks: entry.lineBreaks,
    voids: entry.voids,
    findings: entry.findings,
    body: bodySum(body),
  }
  const json = new TextEncoder().encode(JSON.stringify(header))
  const start = (8 + json.length + 3) & ~3
  const head = new Uint8Array(start)
  const view = new DataView(head.buffer)
  view.setUint32(0, MAGIC, true)
  view.setUint32(4, json.length, true)
  head.set(json, 8)
  return [head, ...body]
}

/** The entry stored in `bytes`, or a sentence saying why it cannot be used. */
export function decodeLogEntry(key: string, bytes: Uint8Array): LogEntry | string {
  if (bytes.length < 8) return 'is truncated'
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(0, true) !== MAGIC) return 'is not a log cache'
  const headerLength = view.getUint32(4, true)
  if (8 + headerLength > bytes.length) return 'is truncated'
  let header: Header
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Header
  } catch {
    return 'has a damaged header'
  }
  if (typeof header !== 'object' || header === null || header.format !== FORMAT) return 'is not a log cache'
  if (header.version !== LOG_CACHE_VERSION) return `was written by version ${String(header.version)}`
  if (header.key !== key) return 'belongs to another corpus'
  if (header.littleEndian !== littleEndian) return 'was written on a host of the other byte order'
  const cp = header.checkpoint
  const n = cp?.reviews
  const start = (8 + headerLength + 3) & ~3
  if (!Number.isInteger(n) || n < 0 || bytes.length !== start + n * 9) return 'is truncated'
  if (!Array.isArray(header.ids) || header.ids.length !== cp.ids || !header.ids.every(id => typeof id === 'string'))
    return 'has damaged ids'
  if (!Array.isArray(header.dates) || header.dates.length !== cp.dates) return 'has damaged dates'
  const breaks = header.lineBreaks
  if (!Array.isArray(breaks) || breaks.length % 2 !== 0 || !breaks.every(Number.isInteger)) return 'has damaged lines'
  for (let k = 2; k < breaks.length; k += 2)
    if ((breaks[k] as number) <= (breaks[k - 2] as number)) return 'has damaged lines'
  if (!Array.isArray(header.voids) || header.voids.length !== cp.voids) return 'has damaged voids'
  if (!Array.isArray(header.findings) || header.findings.length !== cp.findings) return 'has damaged findings'
  if (typeof header.hash !== 'string' || !Number.isInteger(header.hashed) || header.hashed < cp.bytes)
    return 'has a damaged hash'
  // A copy when the stored bytes are not aligned for 32-bit views (a host may hand any offset).
  const body = (bytes.byteOffset + start) % 4 === 0 ? bytes.subarray(start) : bytes.slice(start)
  if (bodySum([body]) !== header.body) return 'is damaged'
  const item = new Int32Array(body.buffer, body.byteOffset, n)
  const date = new Int32Array(body.buffer, body.byteOffset + n * 4, n)
  const grade = body.subarray(n * 8, n * 9)
  for (let i = 0; i < n; i++) {
    if (
      (item[i] as number) >>> 0 >= cp.ids ||
      (date[i] as number) >>> 0 >= cp.dates ||
      (grade[i] as number) >= GRADES.length
    )
      return 'is damaged'
  }
  const s = header.stamp
  const stamp: FileStamp | null =
    s === null ? null : s[2] === null ? { size: s[0], mtimeMs: s[1] } : { size: s[0], mtimeMs: s[1], ctimeMs: s[2] }
  return {
    stamp,
    checkedAt: header.checkedAt,
    hashed: header.hashed,
    hash: header.hash,
    checkpoint: cp,
    ids: header.ids,
    dates: header.dates,
    item,
    date,
    grade,
    lineBreaks: breaks,
    voids: header.voids,
    findings: header.findings,
  }
}

/**
 * A checksum of the stored columns (Fletcher's, over 32-bit words of a 4-aligned body, the
 * columns' byte count being 9 per review): every word changed or moved changes it. Against
 * damage, not against someone forging a cache, so two additions a word, not a hash: it is read
 * at every warm load (measured: a ByteHash of the 14 MB of a million reviews took 0.3 s there).
 */
function bodySum(parts: readonly Uint8Array[]): string {
  let a = 0
  let b = 0
  for (const part of parts) b += part.length
  b |= 0
  parts.forEach((part, index) => {
    // Only the last part may end inside a word: the columns before it are 4 bytes a review.
    if (index < parts.length - 1 && part.length % 4 !== 0)
      throw new RangeError('a column of a length not a multiple of 4')
    const words =
      part.byteOffset % 4 === 0
        ? new Int32Array(part.buffer, part.byteOffset, part.length >> 2)
        : new Int32Array(part.slice(0, part.length & ~3).buffer)
    for (let i = 0; i < words.length; i++) {
      a = (a + (words[i] as number)) | 0
      b = (b + a) | 0
    }
    for (let i = words.length * 4; i < part.length; i++) {
      a = (a + (part[i] as number)) | 0
      b = (b + a) | 0
    }
  })
  return `${(a >>> 0).toString(16)}-${(b >>> 0).toString(16)}`
}
