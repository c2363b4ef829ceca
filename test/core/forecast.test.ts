import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { compareSchedulers, configsForEveryScheduler, dueLoad } from '../../src/core/forecast.js'
import type { Grade, Review, State } from '../../src/core/types.js'

const review = (item: string, date: string, grade: Grade, line = 0): Review => ({ item, date, grade, line })

// a: good 05-01. b: again 05-01. c: never reviewed, registered long ago (overdue).
// d: never reviewed, not registered yet (due tomorrow). e: easy 04-01, easy 04-08. f: renamed from old-f.
const REVIEWS: Review[] = [
  review('english#e', '2026-04-01', 'easy', 1),
  review('english#e', '2026-04-08', 'easy', 2),
  review('english#a', '2026-05-01', 'good', 3),
  review('english#b', '2026-05-01', 'again', 4),
  review('english#old-f', '2026-05-02', 'good', 5),
]
const DECLARED = ['english#a', 'english#b', 'english#c', 'english#d', 'english#e', 'english#f']
const PREVIOUS: State = { 'english#c': { level: 1, next_due: '2026-04-20', reps: 0 } }
const INPUT = {
  reviews: REVIEWS,
  declared: DECLARED,
  previous: PREVIOUS,
  today: '2026-05-03',
  aliases: { 'english#old-f': 'english#f' },
  configs: configsForEveryScheduler(DEFAULT_CONFIG),
  days: 7,
}

const WEEK = ['2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09']

describe('compareSchedulers', () => {
  it('counts, per scheduler and per day, the items the same log puts due, overdue ones on today', () => {
    const rows = compareSchedulers(INPUT)
    expect(rows.map(r => r.scheduler)).toEqual(['leitner', 'fsrs', 'sm2', 'passfail'])
    const byName = Object.fromEntries(rows.map(r => [r.scheduler, r]))
    // Leitner: b (05-02) and c (04-20) overdue; a and f at level 2 (+3 days: 05-04, 05-05); d registered today (05-04);
    // e at level 5 (04-08 + 2 months) falls outside the week.
    expect(byName['leitner']).toMatchObject({
      scheduler: 'leitner',
      dueToday: 2,
      perDay: WEEK.map((date, i) => ({ date, due: [2, 2, 1, 0, 0, 0, 0][i] })),
      total: 5,
    })
    // SM-2: a (I(1) = 1: 05-02), b and c overdue; f due 05-03 counts today; d on 05-04; e (I(2) = 6: 04-14) overdue.
    expect(byName['sm2']!.perDay.map(d => d.due)).toEqual([5, 1, 0, 0, 0, 0, 0])
    // Pass/fail moves e one box per pass (level 3, 04-08 + 7 days): overdue.
    expect(byName['passfail']!.perDay.map(d => d.due)).toEqual([3, 2, 1, 0, 0, 0, 0])
    for (const row of rows) {
      expect(row.dueToday).toBe(row.perDay[0]!.due)
      expect(row.total).toBe(row.perDay.reduce((sum, d) => sum + d.due, 0))
    }
  })

  it('compares FSRS retentions on the same log: a higher retention owes more reviews in the window', () => {
    const reviews = ['x', 'y', 'z'].flatMap(id => [
      review(`n#${id}`, '2026-03-01', 'good'),
      review(`n#${id}`, '2026-03-04', 'good'),
    ])
    const rows = compareSchedulers({
      reviews,
      declared: ['n#x', 'n#y', 'n#z'],
      previous: null,
      today: '2026-03-05',
      configs: [0.7, 0.97].map(retention => ({ scheduler: 'fsrs' as const, fsrs: { retention, weights: [] } })),
      days: 14,
    })
    expect(rows.map(r => r.total)).toEqual([0, 3])
  })

  it('shows both choices of a switch: keeping every item’s due date (the default) and rescheduling all', () => {
    const rows = compareSchedulers({ ...INPUT, configs: configsForEveryScheduler(DEFAULT_CONFIG, INPUT.today) })
    const byName = Object.fromEntries(rows.map(r => [r.scheduler, r]))
    const leitner = byName['leitner']!
    // The active scheduler: nothing to switch, both choices are today's schedule.
    expect(leitner.rescheduled.perDay).toEqual(leitner.perDay)
    for (const row of rows) {
      // Without a review since the switch, every item keeps Leitner's date.
      expect(row.perDay).toEqual(leitner.perDay)
    }
    // Rescheduling re-dates: SM-2 puts e (I(2) = 6 days after 04-08) and f due today.
    expect(byName['sm2']!.rescheduled.perDay.map(d => d.due)).toEqual([5, 1, 0, 0, 0, 0, 0])
  })

  it('leaves its input as it found it', () => {
    const before = JSON.stringify(INPUT)
    compareSchedulers(INPUT)
    expect(JSON.stringify(INPUT)).toBe(before)
  })
})

describe('dueLoad', () => {
  it('refuses a window that is not a positive whole number of days', () => {
    expect(() => dueLoad({}, '2026-05-03', 0)).toThrow(RangeError)
    expect(() => dueLoad({}, '2026-05-03', 1.5)).toThrow(RangeError)
  })
})
