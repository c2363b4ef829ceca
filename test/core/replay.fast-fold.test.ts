import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/core/dates.js'
import { foldEachReview, foldHistory, historiesByItem, replay } from '../../src/core/replay.js'
import type { Scheduler } from '../../src/core/scheduler.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { passfail } from '../../src/core/schedulers/passfail.js'
import { GRADES, type Grade, type Review, type StateEntry } from '../../src/core/types.js'

// Leitner and pass/fail fold a whole history at once (only the last review's date matters to a
// box entry). These properties hold that shortcut to the definition: one review at a time.

const boxSchedulers = [leitner(), passfail()]
/** The same scheduler without its shortcut: what replay did before there was one. */
const plain = (scheduler: Scheduler): Scheduler => ({
  name: scheduler.name,
  initial: scheduler.initial,
  review: scheduler.review,
})

// Month ends, leap days and the far years are where date arithmetic goes wrong.
const dateArb = fc.oneof(
  fc.integer({ min: -60_000, max: 60_000 }).map(n => addDays('2026-01-31', n)),
  fc.constantFrom('2024-02-29', '2023-02-28', '2026-12-31', '2026-08-31', '0001-01-01', '9999-06-30'),
)
const gradeArb: fc.Arbitrary<Grade> = fc.constantFrom(...GRADES)
const historyArb = (grade: fc.Arbitrary<string>, date: fc.Arbitrary<string>): fc.Arbitrary<Review[]> =>
  fc
    .array(fc.record({ item: fc.constant('a#1'), date, grade }), { maxLength: 40 })
    .map(lines => lines.map((r, index) => ({ ...r, grade: r.grade as Grade, line: index + 1 })))
/** Entries as replay makes them, and hand-made ones with odd fields. */
const startArb: fc.Arbitrary<StateEntry> = fc.oneof(
  dateArb.map(due => leitner().initial(due)),
  fc.record({
    level: fc.oneof(fc.integer({ min: -3, max: 9 }), fc.double(), fc.constant('3'), fc.constant(undefined)),
    next_due: dateArb,
    reps: fc.oneof(
      fc.integer({ min: 0, max: 1000 }),
      fc.double({ min: 0, max: 10, noNaN: true }),
      fc.constant(Number.MAX_SAFE_INTEGER - 5),
    ),
  }) as fc.Arbitrary<StateEntry>,
)

function outcome(fold: () => StateEntry): StateEntry | { threw: string } {
  try {
    return fold()
  } catch (error) {
    return { threw: String(error) }
  }
}

describe('box schedulers fold a whole history exactly as review by review', () => {
  it.each(boxSchedulers.map(s => [s.name, s] as const))(
    '%s: the same entry for any start and any history',
    (_name, scheduler) => {
      fc.assert(
        fc.property(startArb, historyArb(gradeArb, dateArb), (start, history) => {
          expect(foldHistory(start, history, scheduler)).toEqual(foldEachReview(start, history, scheduler))
        }),
        { numRuns: 500 },
      )
    },
  )

  it.each(boxSchedulers.map(s => [s.name, s] as const))(
    '%s: the same entry or the same error for grades and dates that are not ones',
    (_name, scheduler) => {
      const oddGrade = fc.oneof(gradeArb, fc.constantFrom('', 'GOOD', 'toString', 'constructor', 'fail'))
      const oddDate = fc.oneof(dateArb, fc.constantFrom('2026-02-29', '2026-13-01', '2026-1-01', '', 'tomorrow'))
      fc.assert(
        fc.property(startArb, historyArb(oddGrade, oddDate), (start, history) => {
          expect(outcome(() => foldHistory(start, history, scheduler))).toEqual(
            outcome(() => foldEachReview(start, history, scheduler)),
          )
        }),
        { numRuns: 500 },
      )
    },
  )

  it('a copy of Leitner with another review step folds through that step, not the shortcut', () => {
    const strict: Scheduler = {
      ...leitner(),
      review: (entry, date) => ({ level: 1, next_due: addDays(date, 100), reps: entry.reps + 1 }),
    }
    const history: Review[] = [
      { item: 'a#1', date: '2026-05-01', grade: 'easy', line: 1 },
      { item: 'a#1', date: '2026-05-02', grade: 'easy', line: 2 },
    ]
    expect(
      replay({ reviews: history, declared: ['a#1'], previous: null, today: '2026-05-03', scheduler: strict }),
    ).toEqual({
      'a#1': { level: 1, next_due: '2026-08-10', reps: 2 },
    })
  })

  it('a whole replay under each box scheduler equals the replay that applies one review at a time', () => {
    const ids = ['a#1', 'a#2', 'b#1', 'old#1']
    const logArb = fc
      .array(fc.record({ item: fc.constantFrom(...ids), date: dateArb, grade: gradeArb }), { maxLength: 60 })
      .map(lines => lines.map((r, index): Review => ({ ...r, line: index + 1 })))
    fc.assert(
      fc.property(logArb, fc.constantFrom(...boxSchedulers), (log, scheduler) => {
        const input = {
          reviews: log,
          declared: ['a#1', 'a#2', 'b#1'],
          previous: null,
          today: '2026-03-01',
          aliases: { 'old#1': 'a#1' },
        }
        expect(replay({ ...input, scheduler })).toEqual(replay({ ...input, scheduler: plain(scheduler) }))
      }),
    )
  })
})

describe('historiesByItem', () => {
  it('sorts a history only across dates, keeps file order within a date, and leaves the input array alone', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ item: fc.constantFrom('a#1', 'b#1'), date: fc.integer({ min: 0, max: 5 }), grade: gradeArb }),
        ),
        lines => {
          const reviews: Review[] = lines.map((r, index) => ({
            item: r.item,
            date: addDays('2026-01-01', r.date),
            grade: r.grade,
            line: index + 1,
          }))
          const before = [...reviews]
          const histories = historiesByItem(reviews)
          expect(reviews).toEqual(before)
          for (const [id, history] of histories) {
            const expected = reviews
              .filter(r => r.item === id)
              .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.line - b.line))
            expect(history).toEqual(expected)
          }
        },
      ),
    )
  })
})
