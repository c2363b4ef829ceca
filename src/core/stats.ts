import type { Aliases } from './aliases.js'
import { addDays, daysBetween } from './dates.js'
import { dueLoad } from './forecast.js'
import { failureCount } from './leech.js'
import { historiesByItem } from './replay.js'
import type { IsoDate, Review, State } from './types.js'

// The statistics (SPEC 2, `notekeeper stats`): everything is counted from the log and the state,
// numbers only, so that the charts drawn from them (stats-svg.ts) never carry note text.

/** Anki's line between young and mature items: an interval of 21 days. */
export const MATURE_DAYS = 21
const HEATMAP_DAYS = 365

export interface PassCount {
  passed: number
  total: number
  /** passed / total, null when total is 0. */
  rate: number | null
}

export interface RetentionPeriod {
  /** The Monday that starts the week (weeks), or `YYYY-MM` (months). */
  period: string
  young: PassCount
  mature: PassCount
  all: PassCount
}

export interface IntervalBucket {
  /** Shortest and longest interval of the bucket, in days (null: no upper bound). */
  from: number
  to: number | null
  items: number
}

export interface Statistics {
  today: IsoDate
  /** Review lines per day, for the 365 days that end today (oldest first). */
  reviewsPerDay: { date: IsoDate; reviews: number }[]
  /**
   * True retention as Anki defines it: the pass rate (hard, good, easy) of the first review of
   * each day of items already reviewed on an earlier day; young = fewer than 21 days since that
   * earlier review, mature = 21 or more. Over the past year, by week and by month.
   */
  retention: { weeks: RetentionPeriod[]; months: RetentionPeriod[]; total: RetentionPeriod }
  /**
   * Reviewed items due per day from today (overdue ones on today), 30 and 90 days; `new`: the
   * items never reviewed, apart. As Anki's Future Due leaves new cards out: they are due from
   * the day after they were registered, but the daily limits let in `newPerDay` of them a day, so
   * 200 items added at once counted as 200 reviews owed tomorrow.
   */
  forecast: { days30: { date: IsoDate; due: number }[]; days90: { date: IsoDate; due: number }[]; new: number }
  /** Reviewed items by the interval their schedule now gives (days from their last review to next_due). */
  intervals: IntervalBucket[]
  /** Items failed on `leechThreshold` days or more (SPEC 1.6), most failures first. */
  leeches: { item: string; failures: number }[]
  totals: { reviews: number; reviewedItems: number; items: number }
}

export interface StatisticsInput {
  reviews: readonly Review[]
  state: State
  today: IsoDate
  leechThreshold: number
  aliases?: Aliases
}

const BUCKETS: readonly [number, number | null][] = [
  [1, 1],
  [2, 2],
  [3, 6],
  [7, 13],
  [14, 20],
  [21, 59],
  [60, 179],
  [180, 364],
  [365, null],
]

const emptyCount = (): PassCount => ({ passed: 0, total: 0, rate: null })

function add(count: PassCount, passed: boolean): void {
  count.total++
  if (passed) count.passed++
  count.rate = count.passed / count.total
}

function emptyPeriod(period: string): RetentionPeriod {
  return { period, young: emptyCount(), mature: emptyCount(), all: emptyCount() }
}

/** The Monday on or before `date` (1970-01-01, day 0, was a Thursday). */
export function weekOf(date: IsoDate): IsoDate {
  const weekday = (((daysBetween('1970-01-01', date) + 3) % 7) + 7) % 7 // 0 = Monday
  return addDays(date, -weekday)
}

/** The figures of `notekeeper stats` and the Statistics page. Pure. */
export function statistics(input: StatisticsInput): Statistics {
  const { today, state } = input
  const yearAgo = addDays(today, -(HEATMAP_DAYS - 1))
  const perDay = new Map<IsoDate, number>()
  const weeks = new Map<string, RetentionPeriod>()
  const months = new Map<string, RetentionPeriod>()
  const total = emptyPeriod('all')
  const histories = historiesByItem(input.reviews, input.aliases)
  const lastReview = new Map<string, IsoDate>()
  const leeches: { item: string; failures: number }[] = []
  for (const [id, history] of histories) {
    let previousDate: IsoDate | undefined
    for (const review of history) {
      if (review.date >= yearAgo && review.date <= today) perDay.set(review.date, (perDay.get(review.date) ?? 0) + 1)
      if (
        previousDate !== undefined &&
        review.date !== previousDate &&
        review.date >= yearAgo &&
        review.date <= today
      ) {
        const passed = review.grade !== 'again'
        const mature = daysBetween(previousDate, review.date) >= MATURE_DAYS
        const week = weekOf(review.date)
        const month = review.date.slice(0, 7)
        for (const period of [
          weeks.get(week) ?? weeks.set(week, emptyPeriod(week)).get(week),
          months.get(month) ?? months.set(month, emptyPeriod(month)).get(month),
          total,
        ] as RetentionPeriod[]) {
          add(mature ? period.mature : period.young, passed)
          add(period.all, passed)
        }
      }
      previousDate = review.date
    }
    if (previousDate !== undefined) lastReview.set(id, previousDate)
    const failures = failureCount(history)
    if (Object.hasOwn(state, id) && failures > 0 && failures >= input.leechThreshold)
      leeches.push({ item: id, failures })
  }
  const intervals: IntervalBucket[] = BUCKETS.map(([from, to]) => ({ from, to, items: 0 }))
  let reviewedItems = 0
  for (const [id, entry] of Object.entries(state)) {
    const last = lastReview.get(id)
    if (entry.reps === 0 || last === undefined) continue
    reviewedItems++
    const days = Math.max(1, daysBetween(last, entry.next_due))
    const bucket = intervals.find(b => days >= b.from && (b.to === null || days <= b.to))
    if (bucket) bucket.items++
  }
  const reviewsPerDay: { date: IsoDate; reviews: number }[] = []
  for (let i = 0; i < HEATMAP_DAYS; i++) {
    const date = addDays(yearAgo, i)
    reviewsPerDay.push({ date, reviews: perDay.get(date) ?? 0 })
  }
  const byKey = (a: RetentionPeriod, b: RetentionPeriod) => (a.period < b.period ? -1 : 1)
  // The forecast's reviews owed: entries of items reviewed at least once (reps 0: never, SPEC 1.5).
  const reviewed: State = {}
  let newItems = 0
  for (const [id, entry] of Object.entries(state))
    if (entry.reps === 0) newItems++
    else reviewed[id] = entry
  leeches.sort((a, b) => b.failures - a.failures || (a.item < b.item ? -1 : 1))
  return {
    today,
    reviewsPerDay,
    retention: { weeks: [...weeks.values()].sort(byKey), months: [...months.values()].sort(byKey), total },
    forecast: { days30: dueLoad(reviewed, today, 30), days90: dueLoad(reviewed, today, 90), new: newItems },
    intervals,
    leeches,
    totals: { reviews: input.reviews.length, reviewedItems, items: Object.keys(state).length },
  }
}

/** The forecast's new items, said apart from the reviews owed, for the terminal and the Statistics page. */
export function newItemsPhrase(count: number, newPerDay: number | null): string {
  const items = `${count} new ${count === 1 ? 'item' : 'items'}, never reviewed`
  return newPerDay === null ? items : `${items} (at most ${newPerDay} a day: limits.newPerDay)`
}
