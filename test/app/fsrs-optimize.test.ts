import { describe, expect, it } from 'vitest'
import { isImprovement, MIN_REVIEWED_ITEMS, optimizeFsrs, trainingItems } from '../../src/app/fsrs-optimize.js'
import { addDays, daysBetween } from '../../src/core/dates.js'
import { fsrsScheduler } from '../../src/core/schedulers/fsrs.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import type { Grade, Review } from '../../src/core/types.js'

/** A deterministic PRNG (LCG), so the synthetic log is the same on every run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

/**
 * A synthetic log: `items` items practised under Leitner on their due dates for `days` days by a
 * learner whose recall follows a power forgetting curve whose stability grows with each success.
 */
function syntheticLog(items: number, days: number, seed: number): Review[] {
  const next = random(seed)
  const scheduler = leitner()
  const reviews: Review[] = []
  const start = '2026-01-01'
  for (let i = 0; i < items; i++) {
    let entry = scheduler.initial(addDays(start, Math.floor(next() * 20)))
    let stability = 1 + next() * 2
    let last: string | null = null
    while (daysBetween(start, entry.next_due) < days) {
      const date = entry.next_due
      const recall = last === null ? 0.7 : (1 + daysBetween(last, date) / (9 * stability)) ** -1
      const passed = next() < recall
      const grade: Grade = !passed ? 'again' : next() < 0.15 ? 'easy' : next() < 0.2 ? 'hard' : 'good'
      stability = passed ? stability * (2 + next()) : Math.max(0.5, stability * 0.4)
      reviews.push({ item: `deck#item-${i}`, date, grade, line: reviews.length + 1 })
      entry = scheduler.review(entry, date, grade)
      last = date
    }
  }
  return reviews
}

const r = (item: string, date: string, grade: Grade): Review => ({ item, date, grade, line: 0 })

describe('trainingItems', () => {
  it('makes one example per review that follows an earlier one by a day or more, with the whole history before it', () => {
    const reviews = [
      r('n#a', '2026-01-05', 'again'),
      r('n#old', '2026-01-01', 'good'), // renamed to n#a: its history comes first
      r('n#a', '2026-01-05', 'good'), // same day: inside histories, never the end of one
      r('n#b', '2026-01-02', 'easy'), // a single review teaches nothing yet
    ]
    expect(trainingItems(reviews, { 'n#old': 'n#a' })).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 1, deltaT: 4 },
      ],
    ])
  })
})

describe('optimizeFsrs', () => {
  it('fits 21 weights to a sufficient log, fitting the user better than the defaults, usable by the scheduler', async () => {
    const log = syntheticLog(150, 150, 7)
    const result = await optimizeFsrs(log, {})
    expect(result.enough).toBe(true)
    expect(result.weights).toHaveLength(21)
    expect(result.before).not.toBeNull()
    expect(result.after!.logLoss).toBeLessThan(result.before!.logLoss)
    const tuned = fsrsScheduler({ retention: 0.9, weights: result.weights! })
    const defaults = fsrsScheduler({ retention: 0.9, weights: [] })
    const fold = (s: typeof tuned) =>
      log.filter(x => x.item === 'deck#item-0').reduce((e, x) => s.review(e, x.date, x.grade), s.initial('2026-01-02'))
    expect(fold(tuned)).not.toEqual(fold(defaults))
  })

  it('offers fitted weights only when they beat the current ones on the same reviews', async () => {
    const log = syntheticLog(150, 150, 7)
    const first = await optimizeFsrs(log, {})
    expect(first.better).toBe(true)
    // Refitting from the weights just fitted finds nothing better: the guard keeps the current ones.
    const again = await optimizeFsrs(log, {}, { weights: first.weights! })
    expect(again.enough).toBe(true)
    expect(isImprovement(again.before, again.after)).toBe(again.better)
    expect(again.better).toBe(false)
    expect(isImprovement({ logLoss: 0.4762, rmseBins: 0.05 }, { logLoss: 0.4778, rmseBins: 0.04 })).toBe(false)
    expect(isImprovement({ logLoss: 0.4778, rmseBins: 0.05 }, { logLoss: 0.4762, rmseBins: 0.05 })).toBe(true)
    expect(isImprovement(null, { logLoss: 0.1, rmseBins: 0.01 })).toBe(false)
  })

  it('says how many more reviewed items it needs when the log is short', async () => {
    const log = syntheticLog(12, 60, 3)
    const result = await optimizeFsrs(log, {})
    expect(result.enough).toBe(false)
    expect(result.weights).toBeUndefined()
    expect(result.needed).toBe(
      `${MIN_REVIEWED_ITEMS - 12} more items reviewed on two different days (12 of ${MIN_REVIEWED_ITEMS} so far)`,
    )
  })

  it('survives a log of nothing but same-day repeats (fsrs-rs would abort the process on them)', async () => {
    const log = Array.from({ length: 200 }, (_, i) => r(`n#${i % 60}`, '2026-02-01', i % 3 === 0 ? 'again' : 'good'))
    const result = await optimizeFsrs(log, {})
    expect(result).toEqual({
      enough: false,
      needed: `${MIN_REVIEWED_ITEMS} more items reviewed on two different days (0 of ${MIN_REVIEWED_ITEMS} so far)`,
      before: null,
      better: false,
    })
  })
})
