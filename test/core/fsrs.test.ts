import fc from 'fast-check'
import { type Card, createEmptyCard, default_w, fsrs, Rating, State } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/core/dates.js'
import { fsrsScheduler, fsrsWeightsProblem } from '../../src/core/schedulers/fsrs.js'
import { GRADES, type Grade, type StateEntry } from '../../src/core/types.js'
import { fsrsRs } from '../support/fsrs-rs.js'

type Line = [date: string, grade: Grade]

const RATING = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy } as const
const day = (d: Date) => d.toISOString().slice(0, 10)

/** ts-fsrs called directly, the way its own documentation folds a history. */
function direct(lines: Line[], retention = 0.9, w?: number[]): Card[] {
  const f = fsrs({ enable_short_term: false, enable_fuzz: false, request_retention: retention, ...(w ? { w } : {}) })
  let card = createEmptyCard(new Date(lines[0]![0]))
  return lines.map(([date, grade]) => (card = f.next(card, new Date(date), RATING[grade]).card))
}

function ours(lines: Line[], retention = 0.9, weights: number[] = []): StateEntry[] {
  const scheduler = fsrsScheduler({ retention, weights })
  let entry = scheduler.initial(lines[0]![0])
  return lines.map(([date, grade]) => (entry = scheduler.review(entry, date, grade)))
}

function expectSameAsLibrary(lines: Line[], retention = 0.9, weights: number[] = []): void {
  const expected = direct(lines, retention, weights.length ? weights : undefined)
  const actual = ours(lines, retention, weights)
  actual.forEach((entry, i) => {
    const card = expected[i]!
    // ts-fsrs rounds its numbers to 8 decimals; ours are fsrs-rs's formulas unrounded.
    const { difficulty, stability, ...rest } = entry
    expect(rest).toEqual({
      lapses: card.lapses,
      last_review: lines[i]![0],
      next_due: day(card.due),
      reps: card.reps,
      state: State[card.state],
    })
    expect(Math.abs((difficulty as number) - card.difficulty) / card.difficulty).toBeLessThan(1e-6)
    expect(Math.abs((stability as number) - card.stability) / card.stability).toBeLessThan(1e-6)
  })
}

const RESEARCH_EXAMPLE: Line[] = [
  ['2026-05-01', 'good'],
  ['2026-05-04', 'good'],
  ['2026-05-20', 'again'],
  ['2026-05-21', 'hard'],
  ['2026-05-30', 'easy'],
]

describe('FSRS scheduler', () => {
  it('gives the research note’s due dates for its five-review example', () => {
    expect(ours(RESEARCH_EXAMPLE).map(e => e.next_due)).toEqual([
      '2026-05-04',
      '2026-05-18',
      '2026-05-22',
      '2026-05-24',
      '2026-06-16',
    ])
    const last = ours(RESEARCH_EXAMPLE).at(-1)!
    expect(last).toMatchObject({ reps: 5, lapses: 1, state: 'Review', last_review: '2026-05-30' })
    expect((last['stability'] as number).toFixed(2)).toBe('16.62')
  })

  it('agrees field by field with ts-fsrs where ts-fsrs has no same-day line to skip', () => {
    expectSameAsLibrary(RESEARCH_EXAMPLE)
    expectSameAsLibrary([
      ['2024-02-28', 'hard'],
      ['2024-02-29', 'good'],
      ['2025-02-28', 'good'],
      ['2027-12-31', 'again'],
    ])
  })

  it('agrees with ts-fsrs on random histories without same-day lines, retentions and default-or-custom weights', () => {
    const history = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.constantFrom(...GRADES)), { minLength: 1, maxLength: 25 })
      .map(steps => {
        let date = '2026-01-01'
        return steps.map(([gap, grade]): Line => [(date = addDays(date, gap)), grade])
      })
    const weights = fc.constantFrom<number[]>(
      [],
      default_w.map((w, i) => (i < 4 ? w * 2 : w)),
    )
    fc.assert(
      fc.property(history, fc.double({ min: 0.7, max: 0.97, noNaN: true }), weights, (lines, retention, w) => {
        expectSameAsLibrary(lines, retention, w)
      }),
      { numRuns: 150, seed: 5 },
    )
  })

  it('differs from ts-fsrs on same-day lines exactly where fsrs-rs does (FSRS-6 same-day formula)', () => {
    const history: Line[] = [
      ['2026-03-01', 'easy'],
      ['2026-03-01', 'again'],
    ]
    const reference = fsrsRs(history)
    expect(reference.map(r => r.next_due)).toEqual(['2026-03-09', '2026-03-04'])
    expect(ours(history).map(e => e.next_due)).toEqual(reference.map(r => r.next_due))
    expect(ours(history).map(e => e.next_due)).not.toEqual(direct(history).map(c => day(c.due)))
  })

  it('feeds every same-day line: a pass then a fail on one day brings the item back the next day', () => {
    const entries = ours([
      ['2026-05-01', 'good'],
      ['2026-05-01', 'again'],
    ])
    expect(entries[0]!.next_due).toBe('2026-05-04')
    expect(entries[1]).toMatchObject({ next_due: '2026-05-02', reps: 2, lapses: 1 })
  })

  it('keeps a never-reviewed item due on the date it was registered with', () => {
    expect(fsrsScheduler({ retention: 0.9, weights: [] }).initial('2026-05-02')).toEqual({
      difficulty: 0,
      lapses: 0,
      last_review: null,
      next_due: '2026-05-02',
      reps: 0,
      stability: 0,
      state: 'New',
    })
  })

  it('writes plain JSON entries that continue exactly after a round trip through state.json', () => {
    const scheduler = fsrsScheduler({ retention: 0.9, weights: [] })
    let inMemory = scheduler.initial('2026-05-01')
    let fromDisk = inMemory
    for (const [date, grade] of RESEARCH_EXAMPLE) {
      inMemory = scheduler.review(inMemory, date, grade)
      fromDisk = JSON.parse(JSON.stringify(scheduler.review(fromDisk, date, grade))) as StateEntry
    }
    expect(fromDisk).toEqual(inMemory)
  })

  it('schedules further out when the desired retention is lower', () => {
    const due = (retention: number) => ours(RESEARCH_EXAMPLE, retention).at(-1)!.next_due
    expect(due(0.8) > due(0.9)).toBe(true)
    expect(due(0.9) > due(0.95)).toBe(true)
  })

  it('accepts FSRS-5 weights (19) padded as ts-fsrs and fsrs-rs pad them, and refuses other lengths with a message', () => {
    const w19 = [...default_w.slice(0, 19)]
    expectSameAsLibrary(RESEARCH_EXAMPLE, 0.9, w19)
    expect(ours(RESEARCH_EXAMPLE, 0.9, w19)).not.toEqual(ours(RESEARCH_EXAMPLE))
    expect(fsrsWeightsProblem([])).toBeNull()
    expect(fsrsWeightsProblem([...default_w])).toBeNull()
    expect(fsrsWeightsProblem([1, 2, 3])).toMatch(/found 3/)
    expect(fsrsWeightsProblem([...default_w.slice(0, 20), Number.NaN])).toMatch(/finite/)
    expect(() => fsrsScheduler({ retention: 0.9, weights: [1, 2, 3] })).toThrow(RangeError)
    expect(() => fsrsScheduler({ retention: 1.5, weights: [] })).toThrow(/retention/)
  })

  it('refuses a review dated before the item’s last review instead of scheduling from a negative gap', () => {
    const scheduler = fsrsScheduler({ retention: 0.9, weights: [] })
    const entry = scheduler.review(scheduler.initial('2026-05-02'), '2026-05-10', 'good')
    expect(() => scheduler.review(entry, '2026-05-09', 'good')).toThrow(/before the item's last review/)
  })
})
