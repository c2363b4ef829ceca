import { type Aliases, aliasResolver } from '../aliases.js'
import type { Finding, Grade, IsoDate, Review } from '../types.js'
import type { LogVoid } from './voids.js'

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
   * Folds one item's history (its id after aliases, replay order, the reviews `historyOf` gives)
   * without building the reviews as objects: what a whole replay asks 30,000 times. Optional.
   */
  foldOf?<T>(id: string, start: T, step: (acc: T, grade: Grade, date: IsoDate) => T): T
  /** This log with one more review, the line just appended at its end; the receiver is unchanged. */
  withReview(review: Review): ReviewLog
}

/**
 * A ReviewLog over reviews already in memory as objects (file order). The simple implementation:
 * tests, small logs, and the merge drivers build logs this way.
 */
export function reviewLogOf(
  reviews: readonly Review[],
  options: { aliases?: Aliases; present?: boolean; voids?: readonly LogVoid[]; findings?: readonly Finding[] } = {},
): ReviewLog {
  return new ArrayReviewLog(
    [...reviews],
    options.aliases ?? {},
    options.present ?? reviews.length > 0,
    options.voids ?? [],
    options.findings ?? [],
  )
}

class ArrayReviewLog implements ReviewLog {
  private byItem: Map<string, Review[]> | undefined

  constructor(
    private readonly reviews: readonly Review[],
    readonly aliases: Aliases,
    readonly present: boolean,
    readonly voids: readonly LogVoid[],
    readonly findings: readonly Finding[],
  ) {}

  get size(): number {
    return this.reviews.length
  }

  all(): readonly Review[] {
    return this.reviews
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

  foldOf<T>(id: string, start: T, step: (acc: T, grade: Grade, date: IsoDate) => T): T {
    let acc = start
    for (const review of this.historyOf(id)) acc = step(acc, review.grade, review.date)
    return acc
  }

  withReview(review: Review): ReviewLog {
    return new ArrayReviewLog([...this.reviews, review], this.aliases, true, this.voids, this.findings)
  }

  private grouped(): Map<string, Review[]> {
    if (this.byItem === undefined) {
      const byItem = new Map<string, Review[]>()
      const canonicalId = aliasResolver(this.aliases)
      for (const review of this.reviews) {
        const id = canonicalId(review.item)
        const list = byItem.get(id)
        if (list) list.push(review)
        else byItem.set(id, [review])
      }
      // Stable: reviews on one date keep their file order. Most lists are in order already.
      for (const list of byItem.values()) if (!inDateOrder(list)) list.sort(byDate)
      this.byItem = byItem
    }
    return this.byItem
  }
}

const byDate = (a: Review, b: Review): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)

function inDateOrder(list: readonly Review[]): boolean {
  for (let i = 1; i < list.length; i++) if ((list[i] as Review).date < (list[i - 1] as Review).date) return false
  return true
}
