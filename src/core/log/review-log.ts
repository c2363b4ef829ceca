import { type Aliases, aliasResolver, canonicalId } from '../aliases.js'
import { LOG_PATH } from '../corpus.js'
import type { Finding, Grade, IsoDate, Review } from '../types.js'
import { type LogVoid, unmatchedVoidFinding } from './voids.js'

/**
 * The review log as every operation sees it: the reviews that count (voided ones already taken
 * out, SPEC 1.4), grouped by the id they count for after aliases (SPEC 1.8), with its void lines
 * and findings. One owner for "what the log says": replay, validate, practice's limits, leeches
 * and statistics all ask it, so they cannot disagree about an alias or an undo.
 *
 * A log grows for years, so the everyday paths (replay, practice) ask per item (`historyOf`,
 * `items`) and never for the whole list as objects; `all()` is for the rare whole-log readers
 * (statistics, evaluation, undo, sync) and may build its objects on first use.
 */
export interface ReviewLog {
  /** Whether the log file exists. */
  readonly present: boolean
  /** How many reviews count. */
  readonly size: number
  /** The aliases the reviews were grouped under. */
  readonly aliases: Aliases
  /** The void (undo) lines, in file order. */
  readonly voids: readonly LogVoid[]
  /** `log-malformed` and `log-void-unmatched` findings, in line order. */
  readonly findings: readonly Finding[]
  /** The reviews that count, in file order. */
  all(): readonly Review[]
  /** Every id (after aliases) with at least one review that counts. */
  items(): Iterable<string>
  /** One item's reviews (its id after aliases), in replay order (SPEC 1.5); empty when none. */
  historyOf(id: string): readonly Review[]
  /** The date of the item's latest review in replay order (its latest date), or null: cheap, for "reviewed today" questions. */
  lastDateOf?(id: string): IsoDate | null
  /**
   * The end of `historyOf(id)` dated after `date`, in replay order: validate's future-dated
   * reviews, without the item's whole history as objects (a clock set back half a year makes
   * every item's history long and its future short). Optional.
   */
  reviewsAfter?(id: string, date: IsoDate): readonly Review[]
  /**
   * Folds one item's history (its id after aliases, replay order, the reviews `historyOf` gives)
   * without building the reviews as objects: what a whole replay asks 30,000 times. Optional.
   */
  foldOf?<T>(id: string, start: T, step: (acc: T, grade: Grade, date: IsoDate) => T): T
  /** This log with one more review, the line just appended at its end; the receiver is unchanged. */
  withReview(review: Review): ReviewLog
  /**
   * This log with one more void line, the line just appended at its end (SPEC 1.4): it takes the
   * latest review that counts with the same item (after aliases), date and grade, or, matching
   * none, becomes a `log-void-unmatched` finding. The receiver is unchanged. Optional: without
   * it, an undo reads the log again.
   */
  withVoid?(correction: LogVoid): ReviewLog
}

/**
 * A ReviewLog over reviews already in memory as objects (file order). The simple implementation:
 * tests, small logs, and the merge drivers build logs this way.
 */
export function reviewLogOf(
  reviews: readonly Review[],
  options: { aliases?: Aliases; present?: boolean; voids?: readonly LogVoid[]; findings?: readonly Finding[] } = {},
): ReviewLog {
  return ArrayReviewLog.over(
    [...reviews],
    options.aliases ?? {},
    options.present ?? reviews.length > 0,
    options.voids ?? [],
    options.findings ?? [],
  )
}

/**
 * The reviews array and its grouping by item, shared along a chain of `withReview`: only the
 * newest log of the chain (the owner) reads them as they are, and a review added extends them in
 * place, so a grade costs one item's list, not a copy of a million reviews. An older log of the
 * chain groups its own prefix again if it is ever asked.
 */
interface Shared {
  store: Review[]
  byItem: Map<string, Review[]> | undefined
  owner: ArrayReviewLog | null
}

class ArrayReviewLog implements ReviewLog {
  private own: Map<string, Review[]> | undefined

  private constructor(
    private readonly shared: Shared,
    private readonly length: number,
    readonly aliases: Aliases,
    readonly present: boolean,
    readonly voids: readonly LogVoid[],
    readonly findings: readonly Finding[],
  ) {}

  static over(
    reviews: Review[],
    aliases: Aliases,
    present: boolean,
    voids: readonly LogVoid[],
    findings: readonly Finding[],
    byItem?: Map<string, Review[]>,
  ): ArrayReviewLog {
    const shared: Shared = { store: reviews, byItem, owner: null }
    const log = new ArrayReviewLog(shared, reviews.length, aliases, present, voids, findings)
    shared.owner = log
    return log
  }

  get size(): number {
    return this.length
  }

  all(): readonly Review[] {
    const { store } = this.shared
    return this.length === store.length ? store : store.slice(0, this.length)
  }

  items(): Iterable<string> {
    return this.grouped().keys()
  }

  historyOf(id: string): readonly Review[] {
    return this.grouped().get(id) ?? []
  }

  lastDateOf(id: string): IsoDate | null {
    return this.historyOf(id).at(-1)?.date ?? null
  }

  reviewsAfter(id: string, date: IsoDate): readonly Review[] {
    const history = this.historyOf(id)
    let from = history.length
    while (from > 0 && (history[from - 1] as Review).date > date) from--
    return history.slice(from)
  }

  foldOf<T>(id: string, start: T, step: (acc: T, grade: Grade, date: IsoDate) => T): T {
    let acc = start
    for (const review of this.historyOf(id)) acc = step(acc, review.grade, review.date)
    return acc
  }

  withReview(review: Review): ReviewLog {
    const shared = this.shared
    if (shared.owner !== this || shared.store.length !== this.length) {
      const byItem = this.own === undefined ? undefined : new Map(this.own)
      const next = ArrayReviewLog.over([...this.all()], this.aliases, true, this.voids, this.findings, byItem)
      return next.withReview(review)
    }
    shared.store.push(review)
    const next = new ArrayReviewLog(shared, this.length + 1, this.aliases, true, this.voids, this.findings)
    shared.owner = next
    if (shared.byItem !== undefined) {
      const id = canonicalId(review.item, this.aliases)
      // A new list for that item: one handed out before stays as it was.
      const list = [...(shared.byItem.get(id) ?? [])]
      let at = list.length
      while (at > 0 && (list[at - 1] as Review).date > review.date) at--
      list.splice(at, 0, review)
      shared.byItem.set(id, list)
    }
    return next
  }

  withVoid(correction: LogVoid): ReviewLog {
    const id = canonicalId(correction.item, this.aliases)
    const reviews = this.all()
    let taken = -1
    for (let i = reviews.length - 1; i >= 0 && taken < 0; i--) {
      const review = reviews[i] as Review
      if (review.line < correction.line && review.date === correction.date && review.grade === correction.void)
        if (canonicalId(review.item, this.aliases) === id) taken = i
    }
    const voids = [...this.voids, correction]
    if (taken < 0) {
      const findings = [...this.findings, unmatchedVoidFinding(correction, LOG_PATH)]
      return ArrayReviewLog.over([...reviews], this.aliases, true, voids, findings, this.copyOfGrouping())
    }
    const gone = reviews[taken] as Review
    const byItem = this.copyOfGrouping()
    if (byItem !== undefined) {
      const list = (byItem.get(id) ?? []).filter(review => review !== gone)
      if (list.length > 0) byItem.set(id, list)
      else byItem.delete(id)
    }
    const kept = reviews.filter((_, i) => i !== taken)
    return ArrayReviewLog.over(kept, this.aliases, true, voids, this.findings, byItem)
  }

  private copyOfGrouping(): Map<string, Review[]> | undefined {
    const current = this.shared.owner === this ? this.shared.byItem : this.own
    return current === undefined ? undefined : new Map(current)
  }

  private grouped(): Map<string, Review[]> {
    if (this.shared.owner === this) return (this.shared.byItem ??= group(this.shared.store, this.aliases))
    return (this.own ??= group(this.all(), this.aliases))
  }
}

const byDate = (a: Review, b: Review): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)

function inDateOrder(list: readonly Review[]): boolean {
  for (let i = 1; i < list.length; i++) if ((list[i] as Review).date < (list[i - 1] as Review).date) return false
  return true
}

function group(reviews: readonly Review[], aliases: Aliases): Map<string, Review[]> {
  const byItem = new Map<string, Review[]>()
  const canonicalId = aliasResolver(aliases)
  for (const review of reviews) {
    const id = canonicalId(review.item)
    const list = byItem.get(id)
    if (list) list.push(review)
    else byItem.set(id, [review])
  }
  // Stable: reviews on one date keep their file order. Most lists are in order already.
  for (const list of byItem.values()) if (!inDateOrder(list)) list.sort(byDate)
  return byItem
}
