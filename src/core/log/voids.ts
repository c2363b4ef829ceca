import type { Finding, Grade, IsoDate, Review } from '../types.js'

/** A correction line of the log (SPEC 1.4): the review of `item` on `date` graded `void` does not count. */
export interface LogVoid {
  item: string
  date: IsoDate
  void: Grade
  /** 1-based line of the log it was read from. */
  line: number
}

export interface VoidOutcome {
  /** The reviews that count, in file order: every review line no void took. */
  counted: Review[]
  /** The reviews the voids took, in file order. */
  voided: Review[]
  /** Voids that matched no review, in file order (`log-void-unmatched`). */
  unmatched: LogVoid[]
}

/**
 * The matching rule of SPEC 1.4. The voids are taken in file order; each one takes the latest
 * review above it (a smaller line number) with the same item (after aliases), date and grade that
 * no earlier void has taken. So a void takes one review at most and a review is taken by one void
 * at most, and the outcome is a function of the file's lines alone. A union merge of two devices'
 * logs keeps each device's lines in their order, so each void still finds a review it was written
 * for, or one with the same content, which counts the same.
 *
 * `canonical` maps an id to the id its reviews count for (aliases); the identity by default.
 */
export function applyVoids(
  reviews: readonly Review[],
  voids: readonly LogVoid[],
  canonical: (id: string) => string = id => id,
): VoidOutcome {
  if (voids.length === 0) return { counted: [...reviews], voided: [], unmatched: [] }
  const ordered = [...reviews].sort((a, b) => a.line - b.line)
  const orderedVoids = [...voids].sort((a, b) => a.line - b.line)
  // Per (item, date, grade), the indices of the reviews seen so far that no void has taken yet.
  const open = new Map<string, number[]>()
  const taken = new Set<number>()
  const unmatched: LogVoid[] = []
  let next = 0
  for (const correction of orderedVoids) {
    for (; next < ordered.length && (ordered[next] as Review).line < correction.line; next++) {
      const review = ordered[next] as Review
      const key = keyOf(canonical(review.item), review.date, review.grade)
      const list = open.get(key)
      if (list) list.push(next)
      else open.set(key, [next])
    }
    const index = open.get(keyOf(canonical(correction.item), correction.date, correction.void))?.pop()
    if (index === undefined) unmatched.push(correction)
    else taken.add(index)
  }
  const counted: Review[] = []
  const voided: Review[] = []
  for (const [index, review] of ordered.entries()) (taken.has(index) ? voided : counted).push(review)
  return { counted, voided, unmatched }
}

function keyOf(item: string, date: IsoDate, grade: Grade): string {
  return `${grade} ${date} ${item}`
}

/** The `log-void-unmatched` warning for a void that took nothing (SPEC 2.2). */
export function unmatchedVoidFinding(correction: LogVoid, file: string): Finding {
  return {
    rule: 'log-void-unmatched',
    severity: 'warning',
    file,
    line: correction.line,
    message: `void of a ${correction.void} review of ${correction.item} on ${correction.date}, but no earlier review matches it; ignored`,
    item: correction.item,
  }
}

/** The void line that takes back `review` (SPEC 1.4): exactly these three fields and a newline. */
export function formatVoidLine(review: Pick<Review, 'item' | 'date' | 'grade'>): string {
  return `${JSON.stringify({ item: review.item, date: review.date, void: review.grade })}\n`
}
