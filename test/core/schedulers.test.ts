import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { addDays } from '../../src/core/dates.js'
import { applyReview, foldEachReview, foldHistory, inReplayOrder, replay } from '../../src/core/replay.js'
import { SCHEDULER_NAMES, schedulerFor } from '../../src/core/schedulers/index.js'
import { previewIntervals } from '../../src/core/schedulers/preview.js'
import { type Config, GRADES, type Review, type SchedulerName, type State } from '../../src/core/types.js'

const configFor = (scheduler: SchedulerName, retention = 0.9): Config => ({
  ...DEFAULT_CONFIG,
  scheduler,
  fsrs: { retention, weights: [] },
})

describe('what an item’s start holds', () => {
  // Replay looks up a never-reviewed item's registration date in the previous state, and only
  // then (replay.ts startEntry): a loaded corpus parses state.json only for such an item. That is
  // sound only while any review dates an entry by itself, whatever date its start holds.
  const date = fc.integer({ min: 0, max: 400 }).map(days => addDays('2026-01-01', days))
  const review = fc.record({ date, grade: fc.constantFrom(...GRADES) })
  const configs: Config[] = SCHEDULER_NAMES.flatMap(name => [
    { ...configFor(name), fuzz: false },
    { ...configFor(name), fuzz: true },
    { ...configFor(name), switches: [{ date: '2026-06-01', from: name === 'leitner' ? 'sm2' : 'leitner', to: name }] },
  ])
  it('makes no difference to an item with a review, under every scheduler (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...configs),
        fc.array(review, { minLength: 1, maxLength: 12 }),
        date,
        date,
        (config, drawn, a, b) => {
          const scheduler = schedulerFor(config)
          const history = inReplayOrder(drawn.map((r, k) => ({ item: 'n#x', ...r, line: k + 1 })))
          // The law itself, through the scheduler's own fold and review by review.
          expect(foldHistory(scheduler.initial(a), history, scheduler)).toEqual(
            foldHistory(scheduler.initial(b), history, scheduler),
          )
          expect(foldEachReview(scheduler.initial(a), history, scheduler)).toEqual(
            foldEachReview(scheduler.initial(b), history, scheduler),
          )
          // And replay: the reviewed item is its fold; a never-reviewed one keeps the date it was registered with.
          const run = (due: string): State =>
            replay({
              reviews: history,
              declared: ['n#x', 'n#new'],
              previous: { 'n#x': { next_due: due, reps: 0 }, 'n#new': { next_due: due, reps: 0 } },
              today: '2027-03-01',
              scheduler,
            })
          const [first, second] = [run(a), run(b)]
          expect(first['n#x']).toEqual(foldHistory(scheduler.initial(a), history, scheduler))
          expect(first['n#x']).toEqual(second['n#x'])
          expect(first['n#new']?.next_due).toBe(a)
          expect(second['n#new']?.next_due).toBe(b)
        },
      ),
      { numRuns: 400 },
    )
  })
})

describe('scheduler registry', () => {
  it('knows the four schedulers of SPEC 1.6, Leitner first as the default', () => {
    expect(SCHEDULER_NAMES).toEqual(['leitner', 'fsrs', 'sm2', 'passfail'])
    for (const name of SCHEDULER_NAMES) expect(schedulerFor(configFor(name)).name).toBe(name)
  })

  it('gives each scheduler its own schedule for the same history', () => {
    const due = (name: SchedulerName) => {
      const s = schedulerFor(configFor(name))
      return s.review(s.review(s.initial('2026-05-02'), '2026-05-02', 'good'), '2026-05-05', 'good').next_due
    }
    // Leitner: level 3 = 1 week; pass/fail likewise; SM-2: I(2) = 6; FSRS: its own model.
    expect([due('leitner'), due('passfail'), due('sm2')]).toEqual(['2026-05-12', '2026-05-12', '2026-05-11'])
    expect(due('fsrs')).not.toBe(due('leitner'))
  })

  it('configures FSRS from config.fsrs: a higher desired retention brings reviews sooner', () => {
    const history = (retention: number) => {
      const s = schedulerFor(configFor('fsrs', retention))
      let entry = s.initial('2026-01-02')
      for (const date of ['2026-01-02', '2026-01-05', '2026-01-20', '2026-03-01']) entry = s.review(entry, date, 'good')
      return entry.next_due
    }
    expect(history(0.97) < history(0.85)).toBe(true)
  })
})

describe('previewIntervals', () => {
  it('shows what each grade gives a Leitner item today', () => {
    const leitner = schedulerFor(configFor('leitner'))
    const entry = leitner.review(leitner.initial('2026-05-01'), '2026-05-01', 'good') // level 2
    expect(previewIntervals(leitner, entry, '2026-05-04')).toEqual({
      again: { next_due: '2026-05-05', days: 1 },
      hard: { next_due: '2026-05-07', days: 3 },
      good: { next_due: '2026-05-11', days: 7 },
      easy: { next_due: '2026-05-25', days: 21 },
    })
  })

  it('shows the research note’s FSRS buttons for its example card at its due date', () => {
    const fsrs = schedulerFor(configFor('fsrs'))
    let entry = fsrs.initial('2026-05-01')
    const lines = [
      ['2026-05-01', 'good'],
      ['2026-05-04', 'good'],
      ['2026-05-20', 'again'],
      ['2026-05-21', 'hard'],
      ['2026-05-30', 'easy'],
    ] as const
    for (const [date, grade] of lines) entry = fsrs.review(entry, date, grade)
    const preview = previewIntervals(fsrs, entry, '2026-06-16')
    expect(GRADES.map(g => preview[g].days)).toEqual([2, 28, 36, 52])
    expect(preview.again.next_due).toBe('2026-06-18')
  })

  it('promises exactly what grading then gives, and leaves the entry untouched', () => {
    for (const name of SCHEDULER_NAMES) {
      const s = schedulerFor(configFor(name))
      const entry = s.review(s.initial('2026-02-01'), '2026-02-01', 'hard')
      const before = JSON.stringify(entry)
      const preview = previewIntervals(s, entry, '2026-02-20')
      for (const grade of GRADES) expect(preview[grade].next_due).toBe(s.review(entry, '2026-02-20', grade).next_due)
      expect(JSON.stringify(entry)).toBe(before)
    }
  })
})

// ---------------------------------------------------------------- replay properties, every scheduler

const ITEMS = ['english#a', 'english#b', 'lang/french#c']

/** A log in file order: dates wander (not sorted), so replay has real ordering work to do. */
const logArbitrary = fc
  .array(fc.tuple(fc.constantFrom(...ITEMS), fc.integer({ min: 0, max: 400 }), fc.constantFrom(...GRADES)), {
    maxLength: 40,
  })
  .map(lines =>
    lines.map(
      ([item, offset, grade], i): Review => ({ item, date: addDays('2025-06-01', offset), grade, line: i + 1 }),
    ),
  )

const TODAY = '2026-08-01'
const PREVIOUS: State = { 'english#a': { level: 1, next_due: '2025-06-02', reps: 0 } }

describe.each(SCHEDULER_NAMES)('%s under replay', name => {
  const scheduler = schedulerFor(configFor(name))
  const replayAll = (reviews: Review[]) =>
    replay({ reviews, declared: ITEMS, previous: PREVIOUS, today: TODAY, scheduler })

  it('replaying the whole log equals grading its lines one by one, in date order, with state.json in between', () => {
    fc.assert(
      fc.property(logArbitrary, reviews => {
        let state = replayAll([])
        for (const review of inReplayOrder(reviews)) {
          state = JSON.parse(JSON.stringify(applyReview(state, review.item, review, scheduler, TODAY))) as State
        }
        expect(state).toEqual(replayAll(reviews))
      }),
      { numRuns: 120 },
    )
  })

  it('gives byte-identical state when replayed again, by a fresh scheduler, over the state it wrote', () => {
    fc.assert(
      fc.property(logArbitrary, reviews => {
        const first = JSON.stringify(replayAll(reviews))
        const again = replay({
          reviews,
          declared: ITEMS,
          previous: JSON.parse(first) as State,
          today: addDays(TODAY, 30),
          scheduler: schedulerFor(configFor(name)),
        })
        expect(JSON.stringify(again)).toBe(first)
      }),
      { numRuns: 60 },
    )
  })
})
