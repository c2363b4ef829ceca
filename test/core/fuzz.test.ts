import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/core/config.js'
import { daysBetween } from '../../src/core/dates.js'
import { replay } from '../../src/core/replay.js'
import { fuzzDraw, fuzzedDays, fuzzRange } from '../../src/core/schedulers/fuzz.js'
import { schedulerFor } from '../../src/core/schedulers/index.js'
import type { Config, Review } from '../../src/core/types.js'

// SPEC 1.6 fuzz: a deterministic spread of intervals of 3 days and more, seeded by item id and
// review date; on by default for FSRS and SM-2, off for Leitner and pass/fail.

const config = (text: string): Config => {
  const result = parseConfig(text)
  if (!result.ok) throw new Error(result.finding.message)
  return result.config
}

/** 200 items learnt together: the same grades on the same dates. */
function twins(): { reviews: Review[]; declared: string[] } {
  const declared = Array.from({ length: 200 }, (_, i) => `deck#t${i}`)
  const reviews = declared.flatMap(item =>
    (
      [
        ['2026-01-01', 'good'],
        ['2026-01-04', 'good'],
        ['2026-01-20', 'good'],
        ['2026-03-15', 'easy'],
      ] as const
    ).map(([date, grade], line) => ({ item, date, grade, line })),
  )
  return { reviews, declared }
}

function dueDates(text: string): string[] {
  const { reviews, declared } = twins()
  const state = replay({
    reviews,
    declared,
    previous: null,
    today: '2026-04-01',
    scheduler: schedulerFor(config(text)),
  })
  return declared.map(id => state[id]!.next_due)
}

describe('fuzz', () => {
  it('spreads items learnt together under FSRS and SM-2 by default, within Anki’s range, the same on every replay', () => {
    for (const scheduler of ['fsrs', 'sm2']) {
      const spread = dueDates(`{"scheduler": "${scheduler}"}`)
      const exact = dueDates(`{"scheduler": "${scheduler}", "fuzz": false}`)
      expect(new Set(exact).size).toBe(1)
      expect(new Set(spread).size).toBeGreaterThan(5)
      expect(dueDates(`{"scheduler": "${scheduler}"}`)).toEqual(spread)
      // SM-2 grows each interval from the last (fuzzed) one; FSRS's memory does not see the fuzz.
      if (scheduler === 'sm2') continue
      const days = daysBetween('2026-03-15', exact[0]!)
      const { min, max } = fuzzRange(days, 36500)
      for (const date of spread) {
        const fuzzed = daysBetween('2026-03-15', date)
        expect(fuzzed).toBeGreaterThanOrEqual(min)
        expect(fuzzed).toBeLessThanOrEqual(max)
      }
    }
  })

  it('never touches Leitner’s or pass/fail’s ladders', () => {
    for (const scheduler of ['leitner', 'passfail'])
      expect(dueDates(`{"scheduler": "${scheduler}", "fuzz": true}`)).toEqual(dueDates(`{"scheduler": "${scheduler}"}`))
    expect(new Set(dueDates('{"scheduler": "leitner"}')).size).toBe(1)
  })

  it('leaves 1- and 2-day intervals alone and draws evenly', () => {
    expect(fuzzedDays(1, 'a', '2026-01-01', 100)).toBe(1)
    expect(fuzzedDays(2, 'a', '2026-01-01', 100)).toBe(2)
    expect(fuzzRange(3, 100)).toEqual({ min: 2, max: 4 })
    expect(fuzzRange(100, 100).max).toBe(100)
    const draws = Array.from({ length: 4000 }, (_, i) => fuzzDraw(`deck#i${i}`, '2026-01-01'))
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...draws)).toBeLessThan(1)
    const quarters = [0, 1, 2, 3].map(q => draws.filter(d => Math.floor(d * 4) === q).length)
    for (const count of quarters) expect(count).toBeGreaterThan(850)
  })

  it('is refused in config.json unless a boolean', () => {
    expect(parseConfig('{"fuzz": "yes"}').ok).toBe(false)
    expect(config('{}').fuzz).toBe(true)
  })
})

describe('config.json switches', () => {
  it('accepts the record `schedulers --use` writes and refuses a malformed one', () => {
    expect(config('{"switches": [{"date": "2026-11-30", "from": "leitner", "to": "fsrs"}]}').switches).toEqual([
      { date: '2026-11-30', from: 'leitner', to: 'fsrs' },
    ])
    expect(parseConfig('{"switches": [{"date": "2026-13-01", "from": "leitner", "to": "fsrs"}]}').ok).toBe(false)
    expect(parseConfig('{"switches": [{"date": "2026-11-30", "from": "anki", "to": "fsrs"}]}').ok).toBe(false)
    expect(parseConfig('{"switches": {}}').ok).toBe(false)
  })
})
