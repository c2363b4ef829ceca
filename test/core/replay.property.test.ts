import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalId } from '../../src/core/aliases.js'
import { addDays } from '../../src/core/dates.js'
import { applyReview, refoldItem, replay } from '../../src/core/replay.js'
import type { Scheduler } from '../../src/core/scheduler.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { passfail } from '../../src/core/schedulers/passfail.js'
import { GRADES, type Review, type State } from '../../src/core/types.js'

/**
 * A scheduler whose entry is the whole sequence it was fed: any change of order, any missed or
 * doubled line shows. Like the real ones, what follows a review does not depend on the
 * registration date (only a never-reviewed entry carries it).
 */
const trail: Scheduler = {
  name: 'sm2',
  initial: nextDue => ({ next_due: nextDue, reps: 0, trail: '' }),
  review: (entry, date, grade) => ({
    next_due: addDays(date, entry.reps + 1),
    reps: entry.reps + 1,
    trail: `${String(entry['trail'])}${date}:${grade};`,
  }),
}
const schedulers = [leitner(), passfail(), trail]

const IDS = ['a#1', 'a#2', 'b#1', 'old#1']
const ALIASES = { 'old#1': 'a#1' }
const TODAY = '2026-03-01'

const reviewArb = fc.record({
  item: fc.constantFrom(...IDS),
  date: fc.integer({ min: -40, max: 40 }).map(n => addDays(TODAY, n)),
  grade: fc.constantFrom(...GRADES),
})
/** A log as read: lines in file order, numbered. */
const logArb = fc
  .array(reviewArb, { maxLength: 30 })
  .map(lines => lines.map((r, index): Review => ({ ...r, line: index + 1 })))
const declaredArb = fc.subarray(['a#1', 'a#2', 'b#1'])
const previousArb: fc.Arbitrary<State | null> = fc.option(
  fc.dictionary(
    fc.constantFrom(...IDS),
    fc.integer({ min: -5, max: 5 }).map(n => ({ level: 1, next_due: addDays(TODAY, n), reps: 0 })),
  ),
)
/** The same log, lines sorted by date the way a writer that never back-dates would have written them. */
function inDateOrder(log: Review[]): Review[] {
  return [...log]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((r, index) => ({ ...r, line: index + 1 }))
}

describe('replay == grading one review at a time', () => {
  it('for a log written in date order, applying each line to the current entry gives the replay', () => {
    fc.assert(
      fc.property(
        logArb,
        declaredArb,
        previousArb,
        fc.constantFrom(...schedulers),
        (log, declared, previous, scheduler) => {
          const sorted = inDateOrder(log)
          let state = replay({ reviews: [], declared, previous, today: TODAY, scheduler, aliases: ALIASES })
          for (const r of sorted) {
            const id = r.item === 'old#1' ? 'a#1' : r.item
            if (declared.includes(id)) state = applyReview(state, id, r, scheduler, TODAY)
          }
          expect(state).toEqual(
            replay({ reviews: sorted, declared, previous, today: TODAY, scheduler, aliases: ALIASES }),
          )
        },
      ),
    )
  })

  it("for lines in any order, re-folding the graded item's history after each append gives the replay", () => {
    fc.assert(
      fc.property(
        logArb,
        declaredArb,
        previousArb,
        fc.constantFrom(...schedulers),
        (log, declared, previous, scheduler) => {
          let state = replay({ reviews: [], declared, previous, today: TODAY, scheduler, aliases: ALIASES })
          for (let n = 1; n <= log.length; n++) {
            const written = log.slice(0, n)
            const id = canonicalId(written[n - 1]!.item, ALIASES)
            if (!declared.includes(id)) continue
            const stateBefore = state
            // The item's lines as they stand in the file, not yet in replay order.
            const history = written.filter(r => canonicalId(r.item, ALIASES) === id)
            state = refoldItem(state, id, history, scheduler, TODAY)
            // SPEC 1.5: after the append, the item's entry is what a replay of its history gives...
            expect(state).toEqual(
              replay({ reviews: written, declared, previous: stateBefore, today: TODAY, scheduler, aliases: ALIASES }),
            )
          }
          // ...and the state at the end is the replay of the whole log from where it started.
          expect(state).toEqual(replay({ reviews: log, declared, previous, today: TODAY, scheduler, aliases: ALIASES }))
        },
      ),
    )
  })

  it('moving lines of different dates around in the file changes nothing', () => {
    fc.assert(
      fc.property(logArb, declaredArb, fc.constantFrom(...schedulers), (log, declared, scheduler) => {
        const reversedAcrossDays = inDateOrder(log).reverse()
        // Put same-day lines back in their original relative order: only the order across days differs.
        const byDate = new Map<string, Review[]>()
        for (const r of inDateOrder(log)) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r])
        const shuffled = [...new Set(reversedAcrossDays.map(r => r.date))].flatMap(date => byDate.get(date) ?? [])
        const input = { declared, previous: null, today: TODAY, scheduler, aliases: ALIASES }
        expect(replay({ ...input, reviews: shuffled })).toEqual(replay({ ...input, reviews: log }))
      }),
    )
  })

  it('a second replay from the state the first one wrote gives the same state (Leitner and pass/fail)', () => {
    fc.assert(
      fc.property(
        logArb,
        declaredArb,
        previousArb,
        fc.constantFrom(leitner(), passfail()),
        (log, declared, previous, scheduler) => {
          const input = { reviews: log, declared, today: TODAY, scheduler, aliases: ALIASES }
          const first = replay({ ...input, previous })
          expect(replay({ ...input, previous: first, today: addDays(TODAY, 9) })).toEqual(first)
        },
      ),
    )
  })
})

describe('why grading re-folds the history', () => {
  it('applying a back-dated line on top of the current entry would not give the replay', () => {
    const log: Review[] = [
      { item: 'a#1', date: '2026-05-01', grade: 'good', line: 1 },
      { item: 'a#1', date: '2026-05-10', grade: 'good', line: 2 },
      { item: 'a#1', date: '2026-05-04', grade: 'again', line: 3 },
    ]
    const scheduler = leitner()
    let naive = replay({ reviews: [], declared: ['a#1'], previous: null, today: TODAY, scheduler })
    for (const r of log) naive = applyReview(naive, 'a#1', r, scheduler, TODAY)
    const replayed = replay({ reviews: log, declared: ['a#1'], previous: null, today: TODAY, scheduler })
    expect(naive['a#1']).toEqual({ level: 1, next_due: '2026-05-05', reps: 3 })
    expect(replayed['a#1']).toEqual({ level: 2, next_due: '2026-05-13', reps: 3 })
  })
})
