import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, compareDates, isSupportedDate, LAST_SUPPORTED_DATE } from '../../src/core/dates.js'
import { parseLog } from '../../src/core/log/parse.js'
import { schedulerFor } from '../../src/core/schedulers/index.js'
import { GRADES, type Grade, type StateEntry } from '../../src/core/types.js'

// A valid line must never make a scheduler throw (ADR 0004): every due date any scheduler
// computes from a supported review date lands inside the supported range, clamped at its end.

const NAMES = ['leitner', 'passfail', 'sm2', 'fsrs'] as const
const schedulers = NAMES.map(name => schedulerFor({ scheduler: name, fsrs: { retention: 0.9, weights: [] } }))
const supportedDate = fc.integer({ min: 0, max: 401_766 }).map(n => addDays('1900-01-01', n))

describe('no scheduler step throws on a review the log reader accepts', () => {
  it.each(schedulers.map(s => [s.name, s] as const))('%s: any grades on any supported dates', (_name, scheduler) => {
    fc.assert(
      fc.property(
        supportedDate,
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom(...GRADES)), { maxLength: 30 }),
        (start, steps) => {
          let entry: StateEntry = scheduler.initial(start)
          let date = start
          for (const [gap, grade] of steps) {
            const next = addDays(date, gap)
            date = compareDates(next, LAST_SUPPORTED_DATE) > 0 ? LAST_SUPPORTED_DATE : next
            entry = scheduler.review(entry, date, grade)
            expect(isSupportedDate(entry.next_due)).toBe(true)
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it.each(schedulers.map(s => [s.name, s] as const))(
    '%s: easy on the last supported day gives the last supported day',
    (_name, scheduler) => {
      const entry = scheduler.review(scheduler.initial('2999-12-01'), LAST_SUPPORTED_DATE, 'easy')
      expect(entry.next_due).toBe(LAST_SUPPORTED_DATE)
    },
  )

  it('sm2: a thousand easy reviews grow the interval to the end of the range, never to Infinity', () => {
    const sm2 = schedulers.find(s => s.name === 'sm2')!
    let entry = sm2.initial('2026-01-02')
    for (let i = 0; i < 1000; i++) entry = sm2.review(entry, '2026-01-01', 'easy' as Grade)
    expect(entry.next_due).toBe(LAST_SUPPORTED_DATE)
    expect(Number.isFinite(entry['interval'])).toBe(true)
    expect(JSON.parse(JSON.stringify(entry))).toEqual(entry)
  })
})

describe('the log reader and dates outside the range', () => {
  it('reports a review dated outside 1900-01-01..2999-12-31 as log-malformed on its line, and keeps the rest', () => {
    const text = [
      '{"item":"a#1","date":"2026-05-30","grade":"good"}',
      '{"item":"a#1","date":"9999-12-31","grade":"easy"}',
      '{"item":"a#1", "date":"0001-01-01", "grade":"easy"}',
      '{"item":"a#1","date":"2999-12-31","grade":"hard"}',
      '{"item":"a#1","date":"1899-12-31","grade":"again"}',
    ].join('\n')
    const { reviews, findings } = parseLog(text)
    expect(reviews.map(r => r.line)).toEqual([1, 4])
    expect(findings.map(f => [f.rule, f.line])).toEqual([
      ['log-malformed', 2],
      ['log-malformed', 3],
      ['log-malformed', 5],
    ])
    expect(findings[0]?.message).toBe(
      'not a valid review: "date" 9999-12-31 is outside the supported range 1900-01-01 to 2999-12-31',
    )
  })
})
