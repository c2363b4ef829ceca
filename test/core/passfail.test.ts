import { describe, expect, it } from 'vitest'
import { replay } from '../../src/core/replay.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { passfail } from '../../src/core/schedulers/passfail.js'
import type { Grade, Review, StateEntry } from '../../src/core/types.js'

const ID = 'lang/french#tu-vous'
const scheduler = passfail()

function reviews(...lines: [string, Grade][]): Review[] {
  return lines.map(([date, grade], index) => ({ item: ID, date, grade, line: index + 1 }))
}

function entryAfter(history: Review[], today = '2026-05-01'): StateEntry | undefined {
  return replay({ reviews: history, declared: [ID], previous: null, today, scheduler })[ID]
}

describe('pass/fail: each grade at each level', () => {
  const at = (level: number): StateEntry => ({ level, next_due: '2026-06-01', reps: 2 })
  const due: Record<number, string> = {
    1: '2026-06-16',
    2: '2026-06-18',
    3: '2026-06-22',
    4: '2026-07-06',
    5: '2026-08-15',
    6: '2026-12-15',
  }
  for (let level = 1; level <= 6; level++) {
    it(`again at level ${level} is a fail: level 1, due the next day`, () => {
      expect(scheduler.review(at(level), '2026-06-15', 'again')).toEqual({ level: 1, next_due: '2026-06-16', reps: 3 })
    })
    for (const grade of ['hard', 'good', 'easy'] as const) {
      const next = Math.min(6, level + 1)
      it(`${grade} at level ${level} is a pass: level ${next}, due ${due[next]}`, () => {
        expect(scheduler.review(at(level), '2026-06-15', grade)).toEqual({ level: next, next_due: due[next], reps: 3 })
      })
    }
  }

  it('has the same entry fields, in the same order, as Leitner', () => {
    expect(JSON.stringify(scheduler.review(at(2), '2026-06-15', 'hard'))).toBe(
      '{"level":3,"next_due":"2026-06-22","reps":3}',
    )
    expect(scheduler.initial('2026-05-02')).toEqual(leitner().initial('2026-05-02'))
    expect(scheduler.name).toBe('passfail')
  })
})

describe('pass/fail: the SPEC 1.6 histories, binary', () => {
  it('a never-reviewed item is registered like under Leitner', () => {
    expect(entryAfter([], '2026-05-01')).toEqual({ level: 1, next_due: '2026-05-02', reps: 0 })
  })
  it('hard on the first review is a pass, unlike Leitner', () => {
    expect(entryAfter(reviews(['2026-03-01', 'hard']))).toEqual({ level: 2, next_due: '2026-03-04', reps: 1 })
  })
  it('again, again, good, all on 2026-05-30', () => {
    const history = reviews(['2026-05-30', 'again'], ['2026-05-30', 'again'], ['2026-05-30', 'good'])
    expect(entryAfter(history)).toEqual({ level: 2, next_due: '2026-06-02', reps: 3 })
  })
  it('easy three times climbs one box at a time', () => {
    const history = reviews(['2025-10-31', 'easy'], ['2025-11-03', 'easy'], ['2025-11-10', 'easy'])
    expect(entryAfter(history)).toEqual({ level: 4, next_due: '2025-12-01', reps: 3 })
  })
  it('easy then again: back to box 1, due the next day', () => {
    expect(entryAfter(reviews(['2026-01-10', 'easy'], ['2026-01-13', 'again']))).toEqual({
      level: 1,
      next_due: '2026-01-14',
      reps: 2,
    })
  })
  it('good at level 4 on 31 December is due 28 February; out-of-order lines give the same', () => {
    const lines: [string, Grade][] = [
      ['2026-11-01', 'good'],
      ['2026-11-04', 'good'],
      ['2026-11-11', 'good'],
      ['2026-12-31', 'good'],
    ]
    const expected = { level: 5, next_due: '2027-02-28', reps: 4 }
    expect(entryAfter(reviews(...lines))).toEqual(expected)
    expect(entryAfter(reviews(lines[0]!, lines[2]!, lines[3]!, lines[1]!))).toEqual(expected)
  })
  it('five passes reach the top box, which a sixth pass does not exceed (6 months, 29 February kept)', () => {
    const history = reviews(
      ['2027-08-01', 'good'],
      ['2027-08-04', 'hard'],
      ['2027-08-11', 'easy'],
      ['2027-09-01', 'good'],
      ['2027-08-29', 'good'], // written late, dated earlier than the one above
      ['2028-02-29', 'good'],
    )
    // 08-01 L2; 08-04 L3; 08-11 L4; 08-29 L5; 09-01 L6; 2028-02-29 L6 + 6 months.
    expect(entryAfter(history)).toEqual({ level: 6, next_due: '2028-08-29', reps: 6 })
  })
  it('the last line of a day decides', () => {
    expect(entryAfter(reviews(['2026-04-01', 'good'], ['2026-04-01', 'again']))?.level).toBe(1)
    expect(entryAfter(reviews(['2026-04-01', 'again'], ['2026-04-01', 'good']))?.level).toBe(2)
  })
})
