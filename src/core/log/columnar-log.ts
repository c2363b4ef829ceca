import { type Aliases, aliasResolver } from '../aliases.js'
import { LOG_PATH } from '../corpus.js'
import { type Finding, GRADES, type Grade, type IsoDate, type Review } from '../types.js'
import { gradeIndex, type Interned, type ReviewColumns } from './columns.js'
import type { ReadLog } from './log-reader.js'
import type { ReviewLog } from './review-log.js'
import { type LogVoid, unmatchedVoidFinding } from './voids.js'

/**
 * The ReviewLog of a log read into columns (log-reader.ts): the voids applied (SPEC 1.4, the rule
 * of voids.ts), the reviews grouped by the id they count for after aliases, each group in replay
 * order (SPEC 1.5). The reviews stay columns; `historyOf` builds objects for one item only, and
 * `all()` for the rare whole-log readers.
 */
export function columnarReviewLog(read: ReadLog, aliases: Aliases, file: string = LOG_PATH): ReviewLog {
  const canon = new Canon(read.columns.interned, aliases)
  let columns = read.columns
  let grouping = groupByItem(columns, columns.length, canon)
  const unmatched = read.voids.length > 0 ? takeVoided(columns, grouping, canon, read.voids) : null
  if (unmatched !== null && unmatched.taken.some(t => t === 1)) {
    const taken = unmatched.taken
    columns = columns.filter(i => taken[i] === 0)
    grouping = groupByItem(columns, columns.length, canon)
  }
  const findings = [...read.findings, ...(unmatched?.voids ?? []).map(v => unmatchedVoidFinding(v, file))]
  return new ColumnarReviewLog(columns, columns.length, grouping, canon, aliases, true, read.voids, findings)
}

/** Reviews appended to a log before its groups are worked out again (a long-lived process grades for hours). */
const REGROUP_AFTER = 4096

/** Which interned id each id's reviews count for; grows with the ids (append-only, shared by grown logs). */
class Canon {
  private readonly of: number[] = []
  private readonly resolve: (id: string) => string

  constructor(
    private readonly interned: Interned,
    aliases: Aliases,
  ) {
    this.resolve = aliasResolver(aliases)
  }

  /** The interned id the reviews of interned id `id` count for. */
  get(id: number): number {
    const { interned } = this
    for (let next = this.of.length; next <= id; next = this.of.length) {
      const raw = interned.ids[next] as string
      const canonical = this.resolve(raw)
      this.of.push(canonical === raw ? next : interned.id(canonical))
    }
    return this.of[id] as number
  }

  /** The interned id the reviews of `id` count for, when the log knows it. */
  ofId(id: string): number | undefined {
    // Not `get` of it: the id may not be interned yet (resolving is idempotent, aliases.ts).
    return this.interned.knownId(this.resolve(id))
  }
}

/** Reviews [0, count) by the id they count for: group c is order[offsets[c] .. offsets[c + 1]). */
interface Grouping {
  count: number
  offsets: Int32Array
  order: Int32Array
}

function groupByItem(columns: ReviewColumns, count: number, canon: Canon): Grouping {
  const { item } = columns
  // Each id's group once (not once per review); resolving may add alias targets to the ids.
  const known = columns.interned.ids.length
  const groupOf = new Int32Array(known)
  for (let id = 0; id < known; id++) groupOf[id] = canon.get(id)
  const groups = columns.interned.ids.length
  const offsets = new Int32Array(groups + 1)
  for (let i = 0; i < count; i++) {
    const slot = (groupOf[item[i] as number] as number) + 1
    offsets[slot] = (offsets[slot] as number) + 1
  }
  for (let c = 0; c < groups; c++) offsets[c + 1] = (offsets[c + 1] as number) + (offsets[c] as number)
  const next = offsets.slice(0, groups)
  // The order alone, not the grades and dates copied into it: the copies were 5 MB at a million
  // reviews, for as long as the log lives, and a replay reading the columns through `order`
  // measured no slower (docs/perf.md (14)).
  const order = new Int32Array(count)
  // One pass in file order: the columns are read in order, only the writes land all over.
  for (let i = 0; i < count; i++) {
    const c = groupOf[item[i] as number] as number
    const k = next[c] as number
    next[c] = k + 1
    order[k] = i
  }
  const grouping = { count, offsets, order }
  const rank = dateRanks(columns)
  for (let c = 0; c < groups; c++)
    sortIntoReplayOrder(grouping, offsets[c] as number, offsets[c + 1] as number, columns, rank)
  return grouping
}

/** Each interned date's place in calendar order (`YYYY-MM-DD` strings sort as dates). */
function dateRanks(columns: ReviewColumns): Int32Array {
  const { dates } = columns.interned
  const byDate = dates.map((_, index) => index).sort((a, b) => ((dates[a] as string) < (dates[b] as string) ? -1 : 1))
  const rank = new Int32Array(dates.length)
  byDate.forEach((index, place) => {
    rank[index] = place
  })
  return rank
}

/**
 * Sorts group [from, to) (file order) into replay order: by date, file order within a date.
 * Only when needed: a log is written day after day, so its groups are nearly always in order.
 */
function sortIntoReplayOrder(grouping: Grouping, from: number, to: number, columns: ReviewColumns, rank: Int32Array) {
  const { order } = grouping
  const { date } = columns
  let sorted = true
  for (let k = from + 1; k < to && sorted; k++)
    sorted =
      (rank[date[order[k] as number] as number] as number) >= (rank[date[order[k - 1] as number] as number] as number)
  if (sorted) return
  const members = Array.from(order.subarray(from, to))
  members.sort((a, b) => (rank[date[a] as number] as number) - (rank[date[b] as number] as number) || a - b)
  order.set(members, from)
}

/**
 * SPEC 1.4's matching, as voids.ts's `applyVoids` does it: each void (in file order) takes the
 * latest review above it with the same item after aliases, date and grade that no earlier void
 * took. Groups are in file order here, so that review is found walking the void's group backwards.
 */
function takeVoided(
  columns: ReviewColumns,
  grouping: Grouping,
  canon: Canon,
  voids: readonly LogVoid[],
): { taken: Uint8Array; voids: LogVoid[] } {
  const taken = new Uint8Array(columns.length)
  const unmatched: LogVoid[] = []
  const { offsets, order } = grouping
  // The groups were put in replay order; the walk needs file order, so it sorts each group it visits.
  const visited = new Map<number, Int32Array>()
  for (const correction of [...voids].sort((a, b) => a.line - b.line)) {
    const c = canon.ofId(correction.item) ?? -1
    const date = columns.interned.knownDate(correction.date) ?? -1
    let found = -1
    if (c >= 0 && c + 1 < offsets.length && date >= 0) {
      let members = visited.get(c)
      if (members === undefined) {
        members = order.slice(offsets[c] as number, offsets[c + 1] as number).sort()
        visited.set(c, members)
      }
      const grade = gradeIndex(correction.void)
      for (let k = members.length - 1; k >= 0 && found < 0; k--) {
        const i = members[k] as number
        if (
          columns.lineOf(i) < correction.line &&
          taken[i] === 0 &&
          columns.date[i] === date &&
          columns.grade[i] === grade
        )
          found = i
      }
    }
    if (found < 0) unmatched.push(correction)
    else taken[found] = 1
  }
  return { taken, voids: unmatched }
}

class ColumnarReviewLog implements ReviewLog {
  private built: WeakRef<readonly Review[]> | undefined

  constructor(
    private readonly store: ReviewColumns,
    readonly size: number,
    private readonly grouping: Grouping,
    private readonly canon: Canon,
    readonly aliases: Aliases,
    readonly present: boolean,
    readonly voids: readonly LogVoid[],
    readonly findings: readonly Finding[],
  ) {}

  all(): readonly Review[] {
    // Built on demand and kept only while someone holds it: a million objects are 150 MB.
    const kept = this.built?.deref()
    if (kept !== undefined) return kept
    const reviews = new Array<Review>(this.size)
    for (let i = 0; i < this.size; i++) reviews[i] = this.store.review(i)
    this.built = new WeakRef(reviews)
    return reviews
  }

  *items(): Iterable<string> {
    const { offsets } = this.grouping
    const ids = this.store.interned.ids
    const seen = new Set<number>()
    for (let c = 0; c + 1 < offsets.length; c++) {
      if ((offsets[c + 1] as number) > (offsets[c] as number)) {
        seen.add(c)
        yield ids[c] as string
      }
    }
    for (let i = this.grouping.count; i < this.size; i++) {
      const c = this.canon.get(this.store.item[i] as number)
      if (!seen.has(c)) {
        seen.add(c)
        yield ids[c] as string
      }
    }
  }

  historyOf(id: string): readonly Review[] {
    const raw = this.store.interned.knownId(id)
    if (raw === undefined) return []
    const history: Review[] = []
    const { offsets, order } = this.grouping
    if (raw + 1 < offsets.length) {
      const end = offsets[raw + 1] as number
      for (let k = offsets[raw] as number; k < end; k++) history.push(this.store.review(order[k] as number))
    }
    const grouped = history.length
    for (let i = this.grouping.count; i < this.size; i++) {
      if (this.canon.get(this.store.item[i] as number) === raw) history.push(this.store.review(i))
    }
    if (history.length > grouped) {
      // Stable: a review appended after the groups were made goes after those of its date.
      history.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    }
    return history
  }

  foldOf<T>(id: string, start: T, step: (acc: T, grade: Grade, date: IsoDate) => T): T {
    const raw = this.store.interned.knownId(id)
    let acc = start
    if (raw === undefined) return acc
    if (this.size > this.grouping.count) {
      // Reviews appended since the grouping: their place in replay order is worked out by historyOf.
      for (const review of this.historyOf(id)) acc = step(acc, review.grade, review.date)
      return acc
    }
    const { offsets, order } = this.grouping
    if (raw + 1 >= offsets.length) return acc
    const { grade, date } = this.store
    const dates = this.store.interned.dates
    const end = offsets[raw + 1] as number
    for (let k = offsets[raw] as number; k < end; k++) {
      const i = order[k] as number
      acc = step(acc, GRADES[grade[i] as number] as Grade, dates[date[i] as number] as IsoDate)
    }
    return acc
  }

  lastDateOf(id: string): IsoDate | null {
    const raw = this.store.interned.knownId(id)
    if (raw === undefined) return null
    // Grouped, an item's reviews are in replay order (by date): its last one has the latest date.
    // Validate asks this of every item in the log; no review object is built for it.
    if (this.size <= this.grouping.count) {
      const { offsets, order } = this.grouping
      if (raw + 1 >= offsets.length) return null
      const end = offsets[raw + 1] as number
      if (end === offsets[raw]) return null
      return this.store.interned.dates[this.store.date[order[end - 1] as number] as number] as IsoDate
    }
    return this.historyOf(id).at(-1)?.date ?? null
  }

  reviewsAfter(id: string, after: IsoDate): readonly Review[] {
    // Grouped, an item's reviews are in replay order (by date): the ones after `after` are the
    // group's last ones, and only those become objects.
    if (this.size > this.grouping.count) {
      const history = this.historyOf(id)
      let from = history.length
      while (from > 0 && (history[from - 1] as Review).date > after) from--
      return history.slice(from)
    }
    const raw = this.store.interned.knownId(id)
    const { offsets, order } = this.grouping
    if (raw === undefined || raw + 1 >= offsets.length) return []
    const { date } = this.store
    const dates = this.store.interned.dates
    const first = offsets[raw] as number
    let from = offsets[raw + 1] as number
    while (from > first && (dates[date[order[from - 1] as number] as number] as string) > after) from--
    const reviews: Review[] = []
    for (let k = from; k < (offsets[raw + 1] as number); k++) reviews.push(this.store.review(order[k] as number))
    return reviews
  }

  withVoid(correction: LogVoid): ReviewLog {
    // The matching of load time (takeVoided), over the reviews that count now: groups that
    // cover every one of them first (a grown log may have appended past its groups).
    const grouping = this.grouping.count === this.size ? this.grouping : groupByItem(this.store, this.size, this.canon)
    const { taken, voids: unmatched } = takeVoided(this.store, grouping, this.canon, [correction])
    const voids = [...this.voids, correction]
    if (unmatched.length > 0) {
      const findings = [...this.findings, unmatchedVoidFinding(correction, LOG_PATH)]
      return new ColumnarReviewLog(this.store, this.size, grouping, this.canon, this.aliases, true, voids, findings)
    }
    // An undo is rare: copying the columns without the voided review (13 bytes a review) and
    // grouping them again costs far less than reading the log again.
    const size = this.size
    const kept = this.store.filter(i => i < size && taken[i] === 0)
    const regrouped = groupByItem(kept, kept.length, this.canon)
    return new ColumnarReviewLog(kept, kept.length, regrouped, this.canon, this.aliases, true, voids, this.findings)
  }

  withReview(review: Review): ReviewLog {
    // Sharing the buffers is safe while this log ends where they do; a second branch copies.
    const store = this.store.length === this.size ? this.store : this.store.prefix(this.size, this.size * 2)
    const { interned } = store
    store.push(interned.id(review.item), interned.date(review.date), gradeIndex(review.grade), review.line)
    const size = this.size + 1
    const grouping = size - this.grouping.count > REGROUP_AFTER ? groupByItem(store, size, this.canon) : this.grouping
    return new ColumnarReviewLog(store, size, grouping, this.canon, this.aliases, true, this.voids, this.findings)
  }
}
