import { LOG_PATH } from '../corpus.js'
import { daysInMonth, FIRST_SUPPORTED_DATE, isoDateKeyAt, LAST_SUPPORTED_DATE } from '../dates.js'
import { type Finding, GRADES } from '../types.js'
import { gradeIndex, Interned, ReviewColumns } from './columns.js'
import { isBlank, readReview, SharedStrings } from './parse.js'
import type { LogVoid } from './voids.js'

/** A log read into columns: every valid review line in file order, the void lines, the findings. */
export interface ReadLog {
  columns: ReviewColumns
  voids: LogVoid[]
  findings: Finding[]
}

// `fatal: false` as the text path's UTF-8 decoding (bad bytes become U+FFFD); `ignoreBOM`
// because a U+FEFF inside the file is text, and only the file's first bytes are a byte-order mark.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })
const ascii = (s: string): Uint8Array => Uint8Array.from(s, c => c.charCodeAt(0))
const ITEM_OPENING = ascii('{"item":"')
const DATE_OPENING = ascii('","date":"')
const GRADE_OPENING = ascii('","grade":"')
const GRADE_BYTES = GRADES.map(ascii)
const FIRST_DATE_KEY = isoDateKeyAt(FIRST_SUPPORTED_DATE, 0)
const LAST_DATE_KEY = isoDateKeyAt(LAST_SUPPORTED_DATE, 0)

/**
 * Reads `log.jsonl` (SPEC 1.4) from its bytes, chunk by chunk, straight into columns: the whole
 * text is never held, and a line exactly as the writers write it (format.ts) costs no string and
 * no object; an id is decoded once, the first time its bytes are seen. Any other line is decoded
 * and read by parse.ts's `readReview`, so it gives exactly what `parseLog` gives (a property
 * test holds the two to that). A line may span chunks; chunks may be reused by the caller once
 * `push` returns.
 */
export class LogReader {
  private readonly columns: ReviewColumns
  private readonly voids: LogVoid[] = []
  private readonly findings: Finding[] = []
  private readonly strings = new SharedStrings()
  private readonly byteIds = new ByteIds()
  private readonly dateByKey = new Map<number, number>()
  private lastDateKey = -1
  private lastDate = -1
  private line = 0
  private carry = new Uint8Array(256)
  private carried = 0

  private bytesRead = 0

  /** `expectedBytes`: the file's size when known, to size the columns once from the first chunk's lines. */
  constructor(
    private readonly file: string = LOG_PATH,
    private readonly expectedBytes?: number,
  ) {
    this.columns = new ReviewColumns(new Interned(), 1 << 16)
  }

  push(chunk: Uint8Array): void {
    let start = 0
    if (this.carried > 0) {
      const end = chunk.indexOf(10)
      this.keep(chunk, 0, end < 0 ? chunk.length : end)
      if (end < 0) return
      this.readLine(this.carry, 0, this.carried)
      this.carried = 0
      start = end + 1
    }
    while (start < chunk.length) {
      // The usual line is read where it stands, its end found on the way (no search for the
      // newline first); the first line (a byte-order mark) and any other line take the long way.
      const next = this.line > 0 ? this.writerLine(chunk, start, chunk.length, false) : -1
      if (next >= 0) {
        start = next
        continue
      }
      const end = chunk.indexOf(10, start)
      if (end < 0) break
      this.readLine(chunk, start, end)
      start = end + 1
    }
    if (start < chunk.length) this.keep(chunk, start, chunk.length)
    this.bytesRead += chunk.length
    if (this.expectedBytes !== undefined && this.bytesRead === chunk.length) this.sizeColumns()
  }

  /**
   * Room for the whole log, reckoned from the first chunk's bytes per review: growing by
   * doubling would hold two copies at the switch and leave up to half the room unused.
   */
  private sizeColumns(): void {
    const reviews = this.columns.length
    if (reviews === 0 || this.expectedBytes === undefined) return
    this.columns.reserve(Math.ceil(((this.expectedBytes / this.bytesRead) * reviews * 1.02) | 0) + 1024)
  }

  /** The log read so far, its last line taken as complete (a log need not end in a newline). */
  end(): ReadLog {
    this.readLine(this.carry, 0, this.carried)
    this.carried = 0
    return { columns: this.columns, voids: this.voids, findings: this.findings }
  }

  private keep(chunk: Uint8Array, start: number, end: number): void {
    const needed = this.carried + end - start
    if (needed > this.carry.length) {
      const larger = new Uint8Array(Math.max(needed, this.carry.length * 2))
      larger.set(this.carry.subarray(0, this.carried))
      this.carry = larger
    }
    this.carry.set(chunk.subarray(start, end), this.carried)
    this.carried = needed
  }

  private readLine(bytes: Uint8Array, start: number, end: number): void {
    let from = start
    if (
      this.line === 0 &&
      end - start >= 3 &&
      bytes[start] === 0xef &&
      bytes[start + 1] === 0xbb &&
      bytes[start + 2] === 0xbf
    )
      from += 3
    // A '\r' before the '\n' belongs to the line end, not to the line.
    const to = end > from && bytes[end - 1] === 13 ? end - 1 : end
    if (this.writerLine(bytes, from, to, true) >= 0) return
    const line = ++this.line
    const raw = utf8.decode(bytes.subarray(from, to))
    if (isBlank(raw)) return
    const result = readReview(raw, line, this.strings)
    if (typeof result === 'string') {
      this.findings.push({
        rule: 'log-malformed',
        severity: 'error',
        file: this.file,
        line,
        message: `not a valid review: ${result}`,
      })
    } else if ('void' in result) {
      this.voids.push(result)
    } else {
      const { interned } = this.columns
      this.columns.push(interned.id(result.item), interned.date(result.date), gradeIndex(result.grade), line)
    }
  }

  /**
   * The writer's line (`{"item":"…","date":"…","grade":"…"}`, an id without escapes) at `start`,
   * pushed, or -1 (nothing done) when it is not one. `whole`: the line is exactly
   * `bytes[start..end)`, and `end` is returned; otherwise the line must end in `\n` or `\r\n`
   * before `end`, and the index after that newline is returned.
   */
  private writerLine(bytes: Uint8Array, start: number, end: number, whole: boolean): number {
    if (!startsWith(bytes, start, end, ITEM_OPENING)) return -1
    const itemStart = start + ITEM_OPENING.length
    // The id ends at the next quote (found natively). Whether it holds an escape or a control
    // character is asked only of an id not seen before: a known id's bytes were found clean.
    const i = bytes.indexOf(34, itemStart)
    if (i <= itemStart || i >= end || !startsWith(bytes, i, end, DATE_OPENING)) return -1
    const dateStart = i + DATE_OPENING.length
    const dateKey = dateStart + 10 <= end ? dateKeyAt(bytes, dateStart) : -1
    if (dateKey < FIRST_DATE_KEY || dateKey > LAST_DATE_KEY || !startsWith(bytes, dateStart + 10, end, GRADE_OPENING))
      return -1
    const gradeStart = dateStart + 10 + GRADE_OPENING.length
    const grade = gradeAt(bytes, gradeStart, end)
    if (grade < 0) return -1
    const closed = gradeStart + (GRADE_BYTES[grade] as Uint8Array).length + 2
    let next: number
    if (whole) next = closed === end ? end : -1
    else if (bytes[closed] === 10 && closed < end) next = closed + 1
    else next = bytes[closed] === 13 && bytes[closed + 1] === 10 && closed + 1 < end ? closed + 2 : -1
    if (next < 0) return -1
    const hash = hashOf(bytes, itemStart, i)
    let item = this.byteIds.find(bytes, itemStart, i, hash)
    if (item < 0) {
      if (!plainId(bytes, itemStart, i)) return -1
      item = this.columns.interned.id(utf8.decode(bytes.subarray(itemStart, i)))
      this.byteIds.add(bytes, itemStart, i, hash, item)
    }
    this.columns.push(item, this.dateIndex(dateKey, bytes, dateStart), grade, ++this.line)
    return next
  }

  private dateIndex(key: number, bytes: Uint8Array, start: number): number {
    if (key === this.lastDateKey) return this.lastDate
    let index = this.dateByKey.get(key)
    if (index === undefined) {
      index = this.columns.interned.date(String.fromCharCode(...bytes.subarray(start, start + 10)))
      this.dateByKey.set(key, index)
    }
    this.lastDateKey = key
    this.lastDate = index
    return index
  }
}

/** No escape (it changes what the characters mean) and no raw control character (JSON refuses them). */
function plainId(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = bytes[i] as number
    if (c === 92 || c < 32) return false
  }
  return true
}

/** Whether `prefix` stands at `at`, wholly before `end`. */
function startsWith(bytes: Uint8Array, at: number, end: number, prefix: Uint8Array): boolean {
  if (at + prefix.length > end) return false
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false
  return true
}

/** The grade's index when one is written at `start`, followed by `"}` before `end`; -1 otherwise. */
function gradeAt(bytes: Uint8Array, start: number, end: number): number {
  for (let g = 0; g < GRADE_BYTES.length; g++) {
    const grade = GRADE_BYTES[g] as Uint8Array
    const close = start + grade.length
    if (bytes[start] === grade[0] && startsWith(bytes, start, end, grade) && close + 2 <= end)
      return bytes[close] === 34 && bytes[close + 1] === 125 ? g : -1
  }
  return -1
}

/**
 * A hash of an id's bytes from its length and its last bytes: ids of one corpus share long
 * prefixes (the note's path) and differ at the end, and reading fewer bytes is what makes it
 * cheap. Equal bytes are still compared in full before an id is taken as known.
 */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let hash = Math.imul(0x811c9dc5 ^ (end - start), 16777619)
  for (let i = Math.max(start, end - 12); i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), 16777619)
  // FNV's low bits, the ones a table slot is taken from, mix poorly: a finaliser spreads them.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
  return hash ^ (hash >>> 16)
}

/** `isoDateKeyAt` (dates.ts) on ASCII bytes: YYYYMMDD, or -1 when the ten bytes are not a calendar date. */
function dateKeyAt(bytes: Uint8Array, start: number): number {
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

/**
 * The ids already seen, found by their UTF-8 bytes without decoding them: an open-addressing
 * table of byte strings kept in one pool. Two byte strings may decode to one id (invalid UTF-8
 * becomes U+FFFD), so each maps to the interned id, not to its own.
 */
class ByteIds {
  private pool = new Uint8Array(1 << 16)
  private pooled = 0
  private starts = new Int32Array(1024)
  private lengths = new Int32Array(1024)
  private hashes = new Int32Array(1024)
  private ids = new Int32Array(1024)
  private count = 0
  private slots = new Int32Array(2048) // entry + 1; 0 is empty

  find(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1
    const length = end - start
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = (this.slots[slot] as number) - 1
      if (entry < 0) return -1
      if (this.hashes[entry] === hash && this.lengths[entry] === length && this.equal(entry, bytes, start, length))
        return this.ids[entry] as number
    }
  }

  add(bytes: Uint8Array, start: number, end: number, hash: number, id: number): void {
    const length = end - start
    if (this.pooled + length > this.pool.length) this.pool = grown(this.pool, this.pooled + length)
    this.pool.set(bytes.subarray(start, end), this.pooled)
    if (this.count === this.ids.length) {
      const size = this.count * 2
      this.starts = grown(this.starts, size)
      this.lengths = grown(this.lengths, size)
      this.hashes = grown(this.hashes, size)
      this.ids = grown(this.ids, size)
    }
    const entry = this.count++
    this.starts[entry] = this.pooled
    this.lengths[entry] = length
    this.hashes[entry] = hash
    this.ids[entry] = id
    this.pooled += length
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2)
    else this.place(entry)
  }

  private equal(entry: number, bytes: Uint8Array, start: number, length: number): boolean {
    const at = this.starts[entry] as number
    for (let i = 0; i < length; i++) if (this.pool[at + i] !== bytes[start + i]) return false
    return true
  }

  private place(entry: number): void {
    const mask = this.slots.length - 1
    let slot = (this.hashes[entry] as number) & mask
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask
    this.slots[slot] = entry + 1
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size)
    for (let entry = 0; entry < this.count; entry++) this.place(entry)
  }
}

function grown<T extends Uint8Array | Int32Array>(array: T, atLeast: number): T {
  const larger = new (array.constructor as new (size: number) => T)(Math.max(atLeast, array.length * 2))
  larger.set(array)
  return larger
}

/** Characters of text encoded at a time by `readLogText`: its bytes are never all held at once. */
const TEXT_PIECE = 1 << 20

/** A log already held as text (a host without byte reads, a merge driver, a test), read as `LogReader` reads bytes. */
export function readLogText(text: string, file: string = LOG_PATH): ReadLog {
  const reader = new LogReader(file, text.length)
  const encoder = new TextEncoder()
  const buffer = new Uint8Array(TEXT_PIECE * 3)
  for (let start = 0; start < text.length; ) {
    // Pieces end after a '\n' (a very long line makes a longer piece), so no character is cut in two.
    let end = Math.min(text.length, start + TEXT_PIECE)
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1)
      end = newline >= start ? newline + 1 : text.indexOf('\n', end) + 1 || text.length
    }
    const piece = text.slice(start, end)
    const buffered = piece.length * 3 <= buffer.length ? buffer : new Uint8Array(piece.length * 3)
    const { written } = encoder.encodeInto(piece, buffered)
    reader.push(buffered.subarray(0, written))
    start = end
  }
  return reader.end()
}
