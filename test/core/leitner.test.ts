import { describe, expect, it } from 'vitest'
import { replay } from '../../src/core/replay.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import type { Grade, Review, StateEntry } from '../../src/core/types.js'

const ID = 'english#need-action'
const scheduler = leitner()

function reviews(...lines: [string, Grade][]): Review[] {
  return lines.map(([date, grade], index) => ({ item: ID, date, grade, line: index + 1 }))
}

function entryAfter(history: Review[], today = '2026-05-01'): StateEntry | undefined {
  return replay({ reviews: history, declared: [ID], previous: null, today, scheduler })[ID]
}

describe('Leitner: every worked example of SPEC 1.6', () => {
  it('none; registered on 2026-05-01', () => {
    expect(entryAfter([], '2026-05-01')).toEqual({ level: 1, next_due: '2026-05-02', reps: 0 })
  })
  it('good 2026-05-30', () => {
    expect(entryAfter(reviews(['2026-05-30', 'good']))).toEqual({ level: 2, next_due: '2026-06-02', reps: 1 })
  })
  it('again, again, good, all on 2026-05-30', () => {
    const history = reviews(['2026-05-30', 'again'], ['2026-05-30', 'again'], ['2026-05-30', 'good'])
    expect(entryAfter(history)).toEqual({ level: 2, next_due: '2026-06-02', reps: 3 })
  })
  it('hard 2026-03-01 (the first review)', () => {
    expect(entryAfter(reviews(['2026-03-01', 'hard']))).toEqual({ level: 1, next_due: '2026-03-02', reps: 1 })
  })
  it('easy 2026-01-10, again 2026-01-13', () => {
    const history = reviews(['2026-01-10', 'easy'], ['2026-01-13', 'again'])
    expect(entryAfter(history)).toEqual({ level: 1, next_due: '2026-01-14', reps: 2 })
  })
  it('easy 2025-10-31, easy 2025-11-07, easy 2026-01-07', () => {
    const history = reviews(['2025-10-31', 'easy'], ['2025-11-07', 'easy'], ['2026-01-07', 'easy'])
    expect(entryAfter(history)).toEqual({ level: 6, next_due: '2026-07-07', reps: 3 })
  })
  it('good 2026-11-01, 2026-11-04, 2026-11-11, 2026-12-31', () => {
    const history = reviews(
      ['2026-11-01', 'good'],
      ['2026-11-04', 'good'],
      ['2026-11-11', 'good'],
      ['2026-12-31', 'good'],
    )
    expect(entryAfter(history)).toEqual({ level: 5, next_due: '2027-02-28', reps: 4 })
  })
  it('the same four lines, the 2026-11-04 one written last', () => {
    const history = reviews(
      ['2026-11-01', 'good'],
      ['2026-11-11', 'good'],
      ['2026-12-31', 'good'],
      ['2026-11-04', 'good'],
    )
    expect(entryAfter(history)).toEqual({ level: 5, next_due: '2027-02-28', reps: 4 })
  })
})

describe('Leitner: each grade at each level', () => {
  const at = (level: number): StateEntry => ({ level, next_due: '2026-06-01', reps: 7 })
  // Reviewed on 2026-06-15; the due date is that day + the interval of the new level.
  const due: Record<number, string> = {
    1: '2026-06-16',
    2: '2026-06-18',
    3: '2026-06-22',
    4: '2026-07-06',
    5: '2026-08-15',
    6: '2026-12-15',
  }
  const expected: Record<Grade, (level: number) => number> = {
    again: () => 1,
    hard: level => level,
    good: level => Math.min(6, level + 1),
    easy: level => Math.min(6, level + 2),
  }
  for (const grade of ['again', 'hard', 'good', 'easy'] as const) {
    for (let level = 1; level <= 6; level++) {
      const next = expected[grade](level)
      it(`${grade} at level ${level} gives level ${next}, due ${due[next]}`, () => {
        expect(scheduler.review(at(level), '2026-06-15', grade)).toEqual({ level: next, next_due: due[next], reps: 8 })
      })
    }
  }

  it('writes exactly level, next_due, reps, in that order', () => {
    const entry = scheduler.review(at(3), '2026-06-15', 'good')
    expect(JSON.stringify(entry)).toBe('{"level":4,"next_due":"2026-07-06","reps":8}')
    expect(JSON.stringify(scheduler.initial('2026-06-16'))).toBe('{"level":1,"next_due":"2026-06-16","reps":0}')
  })

  it('does not change the entry it is given', () => {
    const entry = at(2)
    scheduler.review(entry, '2026-06-15', 'easy')
    expect(entry).toEqual(at(2))
  })
})

describe('Leitner: calendar edges', () => {
  it('31 January + 2 months is 31 March; 31 December + 2 months is 28 February', () => {
    expect(scheduler.review({ level: 4, next_due: 'x', reps: 1 }, '2026-01-31', 'good').next_due).toBe('2026-03-31')
    expect(scheduler.review({ level: 4, next_due: 'x', reps: 1 }, '2026-12-31', 'good').next_due).toBe('2027-02-28')
    expect(scheduler.review({ level: 4, next_due: 'x', reps: 1 }, '2027-12-31', 'good').next_due).toBe('2028-02-29')
  })

  it('30 November at level 5 comes back on 31 January; 31 August + 6 months is 28 February', () => {
    expect(scheduler.review({ level: 5, next_due: 'x', reps: 1 }, '2026-11-30', 'hard').next_due).toBe('2027-01-30')
    expect(scheduler.review({ level: 6, next_due: 'x', reps: 1 }, '2026-08-31', 'hard').next_due).toBe('2027-02-28')
    expect(scheduler.review({ level: 6, next_due: 'x', reps: 1 }, '2027-08-31', 'hard').next_due).toBe('2028-02-29')
  })

  it('29 February in a leap year and the day after 28 February in a common one', () => {
    expect(entryAfter(reviews(['2028-02-28', 'again']))?.next_due).toBe('2028-02-29')
    expect(entryAfter(reviews(['2027-02-28', 'again']))?.next_due).toBe('2027-03-01')
    expect(entryAfter(reviews(['2028-02-29', 'good']))?.next_due).toBe('2028-03-03')
    expect(entryAfter(reviews(['2028-02-26', 'hard']))?.next_due).toBe('2028-02-27')
    expect(entryAfter([], '2028-02-28')?.next_due).toBe('2028-02-29')
    expect(entryAfter([], '2026-02-28')?.next_due).toBe('2026-03-01')
  })

  it('29 February + 6 months is 29 August; 29 December + 2 months is 29 February only in a leap year', () => {
    expect(scheduler.review({ level: 6, next_due: 'x', reps: 1 }, '2028-02-29', 'hard').next_due).toBe('2028-08-29')
    expect(scheduler.review({ level: 4, next_due: 'x', reps: 1 }, '2027-12-29', 'good').next_due).toBe('2028-02-29')
    expect(scheduler.review({ level: 4, next_due: 'x', reps: 1 }, '2026-12-29', 'good').next_due).toBe('2027-02-28')
  })
})

describe('Leitner: order of lines', () => {
  it('applies lines in date order whatever their order in the file', () => {
    const inOrder = reviews(['2026-03-01', 'easy'], ['2026-03-08', 'again'], ['2026-03-09', 'good'])
    const shuffled = reviews(['2026-03-09', 'good'], ['2026-03-01', 'easy'], ['2026-03-08', 'again'])
    expect(entryAfter(shuffled)).toEqual(entryAfter(inOrder))
    expect(entryAfter(shuffled)).toEqual({ level: 2, next_due: '2026-03-12', reps: 3 })
  })

  it('keeps file order among the lines of one day: the last line of the day decides', () => {
    const againLast = reviews(['2026-04-01', 'easy'], ['2026-04-01', 'again'])
    const easyLast = reviews(['2026-04-01', 'again'], ['2026-04-01', 'easy'])
    expect(entryAfter(againLast)).toEqual({ level: 1, next_due: '2026-04-02', reps: 2 })
    expect(entryAfter(easyLast)).toEqual({ level: 3, next_due: '2026-04-08', reps: 2 })
  })

  it('same-day lines stay in file order even with earlier-dated lines written between them', () => {
    const history = reviews(
      ['2026-04-10', 'easy'],
      ['2026-04-01', 'good'],
      ['2026-04-10', 'hard'],
      ['2026-04-10', 'good'],
    )
    // 04-01 good: 2; 04-10 easy: 4; hard: 4; good: 5 due 2026-06-10.
    expect(entryAfter(history)).toEqual({ level: 5, next_due: '2026-06-10', reps: 4 })
  })

  it('counts a review dated after today like any other', () => {
    expect(entryAfter(reviews(['2026-09-01', 'good']), '2026-05-01')).toEqual({
      level: 2,
      next_due: '2026-09-04',
      reps: 1,
    })
  })
})
