import { LOG_PATH } from '../corpus.js'
import { FIRST_SUPPORTED_DATE, isoDateKeyAt, LAST_SUPPORTED_DATE } from '../dates.js'
import type { Finding } from '../types.js'
import { ByteIds } from './byte-ids.js'
import { gradeIndex, Interned, ReviewColumns } from './columns.js'
import { dateKeyAt, textBytes, unitsOf } from './log-bytes.js'
import { isBlank, readReview, SharedStrings } from './parse.js'
import type { LogVoid } from './voids.js'

/** A log read into columns: every valid review line in file order, the void lines, the findings. */
export interface ReadLog {
  columns: ReviewColumns
  voids: LogVoid[]
  findings: Finding[]
  /** The '\n' bytes read, and whether the bytes end in one (or are none): the file's `LogFileMark`. */
  newlines: number
  endsWithNewline: boolean
  /** The UTF-16 units of the decoded bytes, when the reader was asked to count them; else -1. */
  units: number
}

/**
 * What a reader had read at the end of its last complete line: the bytes up to and including
 * that '\n', and how much of each list they gave (the lists only grow), so that a reader can be
 * resumed there (`LogReader`'s `from`) over the bytes that follow (the log cache, ADR 0025).
 */
export interface LogCheckpoint {
  bytes: number
  lines: number
  reviews: number
  ids: number
  dates: number
  voids: number
  findings: number
  /** UTF-16 units of the bytes (-1: not counted). */
  units: number
}

// `fatal: false` as the text path's UTF-8 decoding (bad bytes become U+FFFD); `ignoreBOM`
// because a U+FEFF inside the file is text, and only the file's first bytes are a byte-order mark.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })
/** Four ASCII characters as the little-endian 32-bit word `DataView.getInt32(at, true)` reads. */
const word = (s: string): number =>
  s.charCodeAt(0) | (s.charCodeAt(1) << 8) | (s.charCodeAt(2) << 16) | (s.charCodeAt(3) << 24)
const pair = (s: string): number => s.charCodeAt(0) | (s.charCodeAt(1) << 8)
// The fixed parts of a writer's line (format.ts), `{"item":"` … `","date":"` … `","grade":"` … `"}`.
const ITEM_0 = word('{"it')
const ITEM_1 = word('em":')
const DATE_0 = word('","d')
const DATE_1 = word('ate"')
const DATE_2 = pair(':"')
const GRADE_0 = word('","g')
const GRADE_1 = word('rade')
const GRADE_2 = pair('":')
const AGAI = word('agai')
const HARD = word('hard')
const GOOD = word('good')
const EASY = word('easy')
const CLOSE = pair('"}')
const QUOTE = 34
/** From the id's closing quote to the end of the shortest writer's line: `","date":"` 10, date 10, `","grade":"` 11, grade 4, `"}` 2. */
const AFTER_ID = 37
const FIRST_DATE_KEY = isoDateKeyAt(FIRST_SUPPORTED_DATE, 0)
const LAST_DATE_KEY = isoDateKeyAt(LAST_SUPPORTED_DATE, 0)

const viewOf = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

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
  private readonly voids: LogVoid[]
  private readonly findings: Finding[]
  private readonly strings = new SharedStrings()
  private readonly byteIds = new ByteIds()
  private readonly dateByKey = new Map<number, number>()
  // The last date's ten bytes as words, and its index: a log's lines come in runs of one date.
  private lastDate0 = 0
  private lastDate1 = 0
  private lastDate2 = -1
  private lastDate = -1
  private line = 0
  private carry = new Uint8Array(256)
  private carryView = viewOf(this.carry)
  private carried = 0
  private bytesRead = 0
  private newlines = 0
  private units: number

  /**
   * `expectedBytes`: the file's size when known, to size the columns once from the first chunk's
   * lines. `from`: what a reader read before, up to `from.checkpoint` (the bytes pushed here are
   * the ones that follow it); its columns must hold exactly the checkpoint's reviews, ids and dates.
   * `countUnits`: count the UTF-16 units of the text (only a host that appends by text needs them).
   */
  constructor(
    private readonly file: string = LOG_PATH,
    private readonly expectedBytes?: number,
    options: { from?: ResumeFrom; countUnits?: boolean } = {},
  ) {
    const { from } = options
    this.columns = from?.columns ?? new ReviewColumns(new Interned(), 1 << 16)
    this.voids = from?.voids ?? []
    this.findings = from?.findings ?? []
    this.units = options.countUnits ? 0 : -1
    if (from !== undefined) {
      if (options.countUnits && from.checkpoint.units < 0) throw new Error('the checkpoint has no UTF-16 units')
      if (options.countUnits) this.units = from.checkpoint.units
      this.line = from.checkpoint.lines
      this.newlines = from.checkpoint.lines
      this.bytesRead = from.checkpoint.bytes
      if (expectedBytes !== undefined && expectedBytes > this.bytesRead && this.bytesRead > 0)
        this.columns.reserve(Math.ceil((expectedBytes / this.bytesRead) * this.columns.length * 1.02) + 1024)
    }
  }

  push(chunk: Uint8Array): void {
    const first = this.bytesRead === 0
    this.bytesRead += chunk.length
    if (this.units >= 0) this.units += unitsOf(chunk, 0, chunk.length)
    const view = viewOf(chunk)
    let start = 0
    if (this.carried > 0) {
      const end = chunk.indexOf(10)
      this.keep(chunk, 0, end < 0 ? chunk.length : end)
      if (end < 0) return
      this.newlines++
      this.readLine(this.carry, this.carryView, 0, this.carried)
      this.carried = 0
      start = end + 1
    }
    while (start < chunk.length) {
      // The usual line is read where it stands, its end found on the way (no search for the
      // newline first); the first line (a byte-order mark) and any other line take the long way.
      const next = this.line > 0 ? this.writerLine(chunk, view, start, chunk.length, false) : -1
      if (next >= 0) {
        start = next
        continue
      }
      const end = chunk.indexOf(10, start)
      if (end < 0) break
      this.newlines++
      this.readLine(chunk, view, start, end)
      start = end + 1
    }
    if (start < chunk.length) this.keep(chunk, start, chunk.length)
    if (this.expectedBytes !== undefined && first) this.sizeColumns()
  }

  /** Where the last complete line ends, and what had been read there (see `LogCheckpoint`). */
  checkpoint(): LogCheckpoint {
    const { interned } = this.columns
    return {
      bytes: this.bytesRead - this.carried,
      lines: this.line,
      reviews: this.columns.length,
      ids: interned.ids.length,
      dates: interned.dates.length,
      voids: this.voids.length,
      findings: this.findings.length,
      units: this.units < 0 ? -1 : this.units - unitsOf(this.carry, 0, this.carried),
    }
  }

  /** The checkpoint and the lists it counts in (live: the caller copies or views what it keeps). */
  progress(): ResumeFrom {
    return { columns: this.columns, voids: this.voids, findings: this.findings, checkpoint: this.checkpoint() }
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
    const endsWithNewline = this.carried === 0
    this.readLine(this.carry, this.carryView, 0, this.carried)
    this.carried = 0
    return {
      columns: this.columns,
      voids: this.voids,
      findings: this.findings,
      newlines: this.newlines,
      endsWithNewline,
      units: this.units,
    }
  }

  private keep(chunk: Uint8Array, start: number, end: number): void {
    const needed = this.carried + end - start
    if (needed > this.carry.length) {
      const larger = new Uint8Array(Math.max(needed, this.carry.length * 2))
      larger.set(this.carry.subarray(0, this.carried))
      this.carry = larger
      this.carryView = viewOf(larger)
    }
    this.carry.set(chunk.subarray(start, end), this.carried)
    this.carried = needed
  }

  private readLine(bytes: Uint8Array, view: DataView, start: number, end: number): void {
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
    if (this.writerLine(bytes, view, from, to, true) >= 0) return
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
   * before `end`, and the index after that newline is returned (its newline counted). The fixed
   * parts are compared four bytes at a time; the id's hash is taken in the same walk that finds
   * its closing quote.
   */
  private writerLine(bytes: Uint8Array, view: DataView, start: number, end: number, whole: boolean): number {
    if (start + 9 > end || view.getInt32(start, true) !== ITEM_0 || view.getInt32(start + 4, true) !== ITEM_1) return -1
    if (bytes[start + 8] !== QUOTE) return -1
    const itemStart = start + 9
    // The id's closing quote, four bytes at a time (a word holds a quote when word ^ 0x22222222
    // has a zero byte), hashing the words before it and looking for a backslash or a control
    // character (an id with either is read the long way) on the way.
    let i = itemStart
    let hash = 0x811c9dc5
    let found = 0
    let w = 0
    let unsafe = 0
    for (;;) {
      if (i + 4 > end) return -1
      w = view.getInt32(i, true)
      const x = w ^ 0x22222222
      const y = w ^ 0x5c5c5c5c
      found = (x - 0x01010101) & ~x & 0x80808080
      unsafe = ((y - 0x01010101) & ~y) | ((w - 0x20202020) & ~w)
      if (found !== 0) break
      if ((unsafe & 0x80808080) !== 0) return -1
      hash = Math.imul(hash ^ w, 16777619)
      i += 4
    }
    // The lowest flagged byte is the first quote (a flag above a true zero byte may be false, and
    // none is below it); a backslash or control character counts only before it.
    const before = (31 - Math.clz32(found & -found)) >> 3
    const mask = before === 0 ? 0 : 0xffffffff >>> (32 - 8 * before)
    if ((unsafe & 0x80808080 & mask) !== 0) return -1
    hash = Math.imul(hash ^ (w & mask) ^ before, 16777619)
    i += before
    if (i === itemStart || i + AFTER_ID > end) return -1
    if (
      view.getInt32(i, true) !== DATE_0 ||
      view.getInt32(i + 4, true) !== DATE_1 ||
      view.getUint16(i + 8, true) !== DATE_2
    )
      return -1
    const dateStart = i + 10
    const gradeOpening = dateStart + 10
    if (
      view.getInt32(gradeOpening, true) !== GRADE_0 ||
      view.getInt32(gradeOpening + 4, true) !== GRADE_1 ||
      view.getUint16(gradeOpening + 8, true) !== GRADE_2 ||
      bytes[gradeOpening + 10] !== QUOTE
    )
      return -1
    const gradeStart = gradeOpening + 11
    const g = view.getInt32(gradeStart, true)
    let grade: number
    let close = gradeStart + 4
    if (g === GOOD) grade = 2
    else if (g === HARD) grade = 1
    else if (g === EASY) grade = 3
    else if (g === AGAI && close < end && bytes[close] === 110) {
      grade = 0
      close++
    } else return -1
    if (close + 2 > end || view.getUint16(close, true) !== CLOSE) return -1
    const closed = close + 2
    let next: number
    if (whole) next = closed === end ? end : -1
    else if (closed < end && bytes[closed] === 10) next = closed + 1
    else next = closed + 1 < end && bytes[closed] === 13 && bytes[closed + 1] === 10 ? closed + 2 : -1
    if (next < 0) return -1
    const date = this.dateAt(bytes, view, dateStart)
    if (date < 0) return -1
    // FNV's low bits, the ones a table slot is taken from, mix poorly: a finaliser spreads them.
    hash ^= i - itemStart
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
    hash ^= hash >>> 16
    this.columns.push(this.idOf(bytes, itemStart, i, hash), date, grade, ++this.line)
    if (!whole) this.newlines++
    return next
  }

  /** The interned id of a plain id's bytes (no escape, no control character). */
  private idOf(bytes: Uint8Array, start: number, end: number, hash: number): number {
    let item = this.byteIds.find(bytes, start, end, hash)
    if (item < 0) {
      item = this.columns.interned.id(utf8.decode(bytes.subarray(start, end)))
      this.byteIds.add(bytes, start, end, hash, item)
    }
    return item
  }

  /** The interned index of the supported calendar date written at `start`, or -1. */
  private dateAt(bytes: Uint8Array, view: DataView, start: number): number {
    const d0 = view.getInt32(start, true)
    const d1 = view.getInt32(start + 4, true)
    const d2 = view.getUint16(start + 8, true)
    if (d0 === this.lastDate0 && d1 === this.lastDate1 && d2 === this.lastDate2) return this.lastDate
    const key = dateKeyAt(bytes, start)
    if (key < FIRST_DATE_KEY || key > LAST_DATE_KEY) return -1
    let index = this.dateByKey.get(key)
    if (index === undefined) {
      index = this.columns.interned.date(String.fromCharCode(...bytes.subarray(start, start + 10)))
      this.dateByKey.set(key, index)
    }
    this.lastDate0 = d0
    this.lastDate1 = d1
    this.lastDate2 = d2
    this.lastDate = index
    return index
  }
}

/** What a resumed reader starts from: another reader's lists as they were at its checkpoint. */
export interface ResumeFrom {
  columns: ReviewColumns
  voids: LogVoid[]
  findings: Finding[]
  checkpoint: LogCheckpoint
}

/** A log already held as text (a host without byte reads, a merge driver, a test), read as `LogReader` reads bytes. */
export function readLogText(text: string, file: string = LOG_PATH): ReadLog {
  const reader = new LogReader(file, text.length)
  for (const piece of textBytes(text)) reader.push(piece)
  return reader.end()
}
