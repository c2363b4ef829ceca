import { describe, expect, it } from 'vitest'
import { canonicalId } from '../../src/core/aliases.js'
import { isLeech } from '../../src/core/leech.js'
import { failureCount, historiesByItem, refoldItem, replay } from '../../src/core/replay.js'
import type { Scheduler } from '../../src/core/scheduler.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { passfail } from '../../src/core/schedulers/passfail.js'
import { serializeState } from '../../src/core/state.js'
import type { Grade, IsoDate, Review } from '../../src/core/types.js'

let nextLine = 1
function review(item: string, date: string, grade: Grade): Review {
  return { item, date, grade, line: nextLine++ }
}

/** A scheduler that writes down what it was given, to see what replay feeds it. */
const recorder: Scheduler = {
  name: 'sm2',
  initial: nextDue => ({ next_due: nextDue, reps: 0, seen: `start ${nextDue}` }),
  review: (entry, date, grade) => ({
    next_due: date,
    reps: entry.reps + 1,
    seen: `${String(entry['seen'])}, ${date} ${grade}`,
  }),
}

describe('replay', () => {
  it('holds exactly one entry per declared id, and nothing for ids no note declares', () => {
    const state = replay({
      reviews: [review('a#x', '2026-05-01', 'good'), review('gone#old', '2026-05-01', 'good')],
      declared: ['a#x', 'b#y', 'a#x'],
      previous: { 'gone#old': { level: 3, next_due: '2026-06-01', reps: 4 } },
      today: '2026-05-10',
      scheduler: leitner(),
    })
    expect(Object.keys(state).sort()).toEqual(['a#x', 'b#y'])
    expect(state['a#x']).toEqual({ level: 2, next_due: '2026-05-04', reps: 1 })
    expect(state['b#y']).toEqual({ level: 1, next_due: '2026-05-11', reps: 0 })
  })

  it('keeps the next_due a never-reviewed item was registered with, under every scheduler', () => {
    const previous = { 'a#x': { level: 1, next_due: '2026-04-02', reps: 0 } }
    for (const scheduler of [leitner(), passfail(), recorder]) {
      const state = replay({ reviews: [], declared: ['a#x', 'b#y'], previous, today: '2026-05-10', scheduler })
      expect(state['a#x']?.next_due).toBe('2026-04-02')
      expect(state['a#x']?.reps).toBe(0)
      expect(state['b#y']?.next_due).toBe('2026-05-11')
    }
  })

  it('derives a reviewed item from the log alone under Leitner, whatever the previous state says', () => {
    const reviews = [review('a#x', '2026-05-01', 'easy')]
    const drifted = { 'a#x': { level: 6, next_due: '2030-01-01', reps: 99 } }
    const state = replay({ reviews, declared: ['a#x'], previous: drifted, today: '2026-05-10', scheduler: leitner() })
    expect(state['a#x']).toEqual({ level: 3, next_due: '2026-05-08', reps: 1 })
  })

  it('feeds the scheduler every line of the item, in date order, file order within a date', () => {
    const reviews = [
      review('a#x', '2026-05-03', 'good'),
      review('a#x', '2026-05-01', 'again'),
      review('b#y', '2026-05-01', 'easy'),
      review('a#x', '2026-05-03', 'hard'),
      review('a#x', '2026-05-01', 'easy'),
    ]
    const state = replay({ reviews, declared: ['a#x'], previous: null, today: '2026-05-10', scheduler: recorder })
    expect(state['a#x']).toEqual({
      next_due: '2026-05-03',
      reps: 4,
      seen: 'start 2026-05-11, 2026-05-01 again, 2026-05-01 easy, 2026-05-03 good, 2026-05-03 hard',
    })
  })

  it("counts an old id's reviews as the new id's when aliased, and leaves the log as read", () => {
    const reviews = [review('old#x', '2026-05-01', 'good'), review('new#x', '2026-05-04', 'good')]
    const state = replay({
      reviews,
      declared: ['new#x'],
      previous: null,
      today: '2026-05-10',
      scheduler: leitner(),
      aliases: { 'old#x': 'new#x' },
    })
    expect(state).toEqual({ 'new#x': { level: 3, next_due: '2026-05-11', reps: 2 } })
    expect(reviews[0]?.item).toBe('old#x')
  })
})

describe('historiesByItem and aliases', () => {
  it('groups by id after aliases, each list in replay order, the reviews as read', () => {
    const a1 = review('a#x', '2026-05-02', 'good')
    const old = review('old#x', '2026-05-01', 'hard')
    const a2 = review('a#x', '2026-05-02', 'again')
    const b = review('b#y', '2026-04-01', 'easy')
    const histories = historiesByItem([a1, old, a2, b], { 'old#x': 'a#x' })
    expect([...histories.keys()]).toEqual(['a#x', 'b#y'])
    expect(histories.get('a#x')).toEqual([old, a1, a2])
    expect(histories.get('b#y')).toEqual([b])
  })

  it('follows a chain of renames, and stops on a cycle instead of hanging', () => {
    expect(canonicalId('a#1', { 'a#1': 'a#2', 'a#2': 'a#3' })).toBe('a#3')
    // On a cycle each id counts for itself (test/core/alias-cycle.test.ts).
    expect(canonicalId('a#1', { 'a#1': 'a#2', 'a#2': 'a#1' })).toBe('a#1')
    expect(canonicalId('a#1', { 'a#1': 'a#1' })).toBe('a#1')
    expect(canonicalId('toString', {})).toBe('toString')
    expect(canonicalId('a#9', { 'a#1': 'a#2' })).toBe('a#9')
  })
})

describe('refoldItem', () => {
  it("gives what a replay gives after a review dated before the item's last one is appended", () => {
    const history = [review('a#x', '2026-05-01', 'good'), review('a#x', '2026-05-10', 'good')]
    const late = review('a#x', '2026-05-04', 'again')
    const before = replay({
      reviews: history,
      declared: ['a#x'],
      previous: null,
      today: '2026-05-10',
      scheduler: leitner(),
    })
    const after = refoldItem(before, 'a#x', [...history, late], leitner(), '2026-05-10')
    expect(after['a#x']).toEqual({ level: 2, next_due: '2026-05-13', reps: 3 })
    expect(after).toEqual(
      replay({
        reviews: [...history, late],
        declared: ['a#x'],
        previous: before,
        today: '2026-05-10',
        scheduler: leitner(),
      }),
    )
  })
})

describe('chronic failure', () => {
  // One review a day, from 2026-01-01 on.
  const grades = (...list: Grade[]) =>
    list.map((grade, day) => ({ grade, date: `2026-01-${String(day + 1).padStart(2, '0')}` as IsoDate }))

  it('counts the again lines of a history', () => {
    expect(failureCount(grades('again', 'good', 'again', 'hard', 'easy', 'again'))).toBe(3)
    expect(failureCount([])).toBe(0)
  })

  it('counts an again relearned and failed again the same day once, as Anki counts one lapse', () => {
    const day = (date: string, ...list: Grade[]) => list.map(grade => ({ grade, date: date as IsoDate }))
    // One bad session: four agains while relearning, then good. Not a leech at 4.
    const session = day('2026-01-05', 'again', 'again', 'again', 'again', 'good')
    expect(failureCount(session)).toBe(1)
    expect(isLeech(session, 4)).toBe(false)
    // Failed on four days: a leech, however many agains each day held.
    const days = [
      ...day('2026-01-01', 'again', 'again', 'good'),
      ...day('2026-01-02', 'again', 'good'),
      ...day('2026-01-04', 'good'),
      ...day('2026-01-08', 'again', 'again'),
      ...day('2026-01-09', 'again', 'good'),
    ]
    expect(failureCount(days)).toBe(4)
    expect(isLeech(days, 4)).toBe(true)
  })

  it('flags an item failed the threshold number of times or more', () => {
    expect(isLeech(grades('again', 'again', 'again', 'good'), 4)).toBe(false)
    expect(isLeech(grades('again', 'again', 'again', 'good', 'again'), 4)).toBe(true)
    expect(isLeech(grades('again', 'again', 'again', 'again', 'again'), 4)).toBe(true)
    expect(isLeech(grades('again'), 1)).toBe(true)
  })

  it('never flags an item that was never failed', () => {
    expect(isLeech(grades('good', 'easy'), 0)).toBe(false)
  })
})

describe('time-zone independence', () => {
  it('produces these exact bytes (the suite runs under UTC and UTC+14)', () => {
    const reviews = [
      review('english#need-action', '2026-11-01', 'good'),
      review('english#need-action', '2026-11-11', 'good'),
      review('english#need-action', '2026-12-31', 'good'),
      review('english#need-action', '2026-11-04', 'good'),
      review('lang/french#tu-vous', '2028-02-28', 'again'),
      review('lang/french#tu-vous', '2026-03-08', 'easy'),
    ]
    const state = replay({
      reviews,
      declared: ['lang/french#tu-vous', 'english#need-action', 'english#few-little'],
      previous: null,
      today: '2026-12-31',
      scheduler: leitner(),
    })
    expect(serializeState(state)).toBe(
      [
        '{',
        '  "english#few-little": {',
        '    "level": 1,',
        '    "next_due": "2027-01-01",',
        '    "reps": 0',
        '  },',
        '  "english#need-action": {',
        '    "level": 5,',
        '    "next_due": "2027-02-28",',
        '    "reps": 4',
        '  },',
        '  "lang/french#tu-vous": {',
        '    "level": 1,',
        '    "next_due": "2028-02-29",',
        '    "reps": 2',
        '  }',
        '}',
        '',
      ].join('\n'),
    )
  })
})
