import { GRADES, type Grade, type Review } from '../types.js'

/**
 * The distinct ids and dates of a log, each one string, numbered in the order first seen.
 * Append-only, so an index means the same string for the log and for every log grown from it.
 */
export class Interned {
  readonly ids: string[] = []
  readonly dates: string[] = []
  private readonly idIndex = new Map<string, number>()
  private readonly dateIndex = new Map<string, number>()

  id(id: string): number {
    let index = this.idIndex.get(id)
    if (index === undefined) {
      index = this.ids.length
      this.ids.push(id)
      this.idIndex.set(id, index)
    }
    return index
  }

  date(date: string): number {
    let index = this.dateIndex.get(date)
    if (index === undefined) {
      index = this.dates.length
      this.dates.push(date)
      this.dateIndex.set(date, index)
    }
    return index
  }

  knownId(id: string): number | undefined {
    return this.idIndex.get(id)
  }

  knownDate(date: string): number | undefined {
    return this.dateIndex.get(date)
  }
}

export const gradeIndex = (grade: Grade): number => GRADES.indexOf(grade)

/**
 * Reviews as three typed columns rather than objects: a million reviews are about 9 MB here,
 * where a million `{item, date, grade, line}` objects take well over 100 MB (measured, issue 13).
 * Review i is (ids[item[i]], dates[date[i]], GRADES[grade[i]], lineOf(i)). A log's lines are
 * nearly all reviews, so a review's line is its index + 1 + the shift of the last `lineBreaks`
 * entry at or before it (blank, malformed and void lines make the breaks): 4 bytes a review
 * saved. Only ever appended to: a log that ends at `length` may share the buffers (and the
 * breaks) with logs grown from it.
 */
export class ReviewColumns {
  item: Int32Array
  date: Int32Array
  grade: Uint8Array
  /** `[index, shift, index, shift, …]`, indices ascending: from review `index` on, line = index + 1 + shift. */
  lineBreaks: number[] = []
  length = 0
  private shift = 0

  constructor(
    readonly interned: Interned,
    capacity = 1024,
  ) {
    this.item = new Int32Array(capacity)
    this.date = new Int32Array(capacity)
    this.grade = new Uint8Array(capacity)
  }

  /**
   * Columns over arrays of exactly `item.length` reviews (a stored cache's, ADR 0025). They are
   * full, so the first push copies them: the arrays themselves are never written.
   */
  static over(
    interned: Interned,
    item: Int32Array,
    date: Int32Array,
    grade: Uint8Array,
    lineBreaks: readonly number[],
  ): ReviewColumns {
    const columns = new ReviewColumns(interned, 0)
    columns.item = item
    columns.date = date
    columns.grade = grade
    columns.lineBreaks = [...lineBreaks]
    columns.shift = lineBreaks.length > 0 ? (lineBreaks[lineBreaks.length - 1] as number) : 0
    columns.length = item.length
    return columns
  }

  push(item: number, date: number, grade: number, line: number): void {
    const at = this.length
    if (at === this.item.length) this.grow(at * 2)
    this.item[at] = item
    this.date[at] = date
    this.grade[at] = grade
    if (line !== at + 1 + this.shift) {
      this.shift = line - at - 1
      this.lineBreaks.push(at, this.shift)
    }
    this.length = at + 1
  }

  /** The log line review `i` was read from. */
  lineOf(i: number): number {
    const breaks = this.lineBreaks
    if (breaks.length === 0 || i < (breaks[0] as number)) return i + 1
    // The last break at or before i (breaks at or after a sharing log's end are never reached).
    let low = 0
    let high = breaks.length / 2 - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((breaks[2 * middle] as number) <= i) low = middle
      else high = middle - 1
    }
    return i + 1 + (breaks[2 * low + 1] as number)
  }

  /** The breaks of the first `length` reviews. */
  breaksBefore(length: number): number[] {
    const breaks = this.lineBreaks
    let end = 0
    while (end < breaks.length && (breaks[end] as number) < length) end += 2
    return breaks.slice(0, end)
  }

  /** Review `i` as an object (the ids and dates are the shared strings). */
  review(i: number): Review {
    return {
      item: this.interned.ids[this.item[i] as number] as string,
      date: this.interned.dates[this.date[i] as number] as string,
      grade: GRADES[this.grade[i] as number] as Grade,
      line: this.lineOf(i),
    }
  }

  /** The first `length` reviews in buffers of their own (same interned strings). */
  prefix(length: number, capacity = length + 16): ReviewColumns {
    const copy = new ReviewColumns(this.interned, Math.max(capacity, 16))
    copy.item.set(this.item.subarray(0, length))
    copy.date.set(this.date.subarray(0, length))
    copy.grade.set(this.grade.subarray(0, length))
    copy.lineBreaks = this.breaksBefore(length)
    copy.shift = copy.lineBreaks.length > 0 ? (copy.lineBreaks[copy.lineBreaks.length - 1] as number) : 0
    copy.length = length
    return copy
  }

  /** The reviews whose index `keep` says, in their order, in buffers of their own. */
  filter(keep: (index: number) => boolean): ReviewColumns {
    const kept = new ReviewColumns(this.interned, Math.max(this.length, 16))
    for (let i = 0; i < this.length; i++) {
      if (keep(i)) kept.push(this.item[i] as number, this.date[i] as number, this.grade[i] as number, this.lineOf(i))
    }
    return kept
  }

  /** Room for `capacity` reviews (never less than those held). */
  reserve(capacity: number): void {
    if (capacity !== this.item.length) this.grow(Math.max(capacity, this.length))
  }

  private grow(capacity: number): void {
    const size = Math.max(capacity, 16)
    const item = new Int32Array(size)
    const date = new Int32Array(size)
    const grade = new Uint8Array(size)
    item.set(this.item.subarray(0, this.length))
    date.set(this.date.subarray(0, this.length))
    grade.set(this.grade.subarray(0, this.length))
    this.item = item
    this.date = date
    this.grade = grade
  }
}
