import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/core/dates.js'
import { sm2Scheduler } from '../../src/core/schedulers/sm2.js'
import { GRADES, type Grade, type StateEntry } from '../../src/core/types.js'

// Golden values computed by hand from the published text (Wozniak 1990, sm2.htm), read as
// ADR 0002 says: q = rating + 1; EF' = EF + (0.1 - (5-q)(0.08 + (5-q)0.02)) on a pass, floored
// at 1.3; q < 3 restarts (next day, then I(1) = 1, I(2) = 6) "without changing the E-Factor"
// (step 6); I(n) = ceil(I(n-1) * EF'); later lines of a date are re-drills (step 7).

const sm2 = sm2Scheduler()

/** Reviews the item on each due date in turn, starting with a new item due on `start`. */
function onDueDates(start: string, grades: Grade[]): StateEntry[] {
  let entry = sm2.initial(start)
  return grades.map(grade => (entry = sm2.review(entry, entry.next_due, grade)))
}

describe('SM-2 scheduler', () => {
  it('starts a new item at EF 2.5 with no repetitions, due when it was registered', () => {
    expect(sm2.initial('2026-05-02')).toEqual({
      ef: 2.5,
      interval: 0,
      last_review: null,
      next_due: '2026-05-02',
      repetition: 0,
      reps: 0,
    })
  })

  it('follows I(1)=1, I(2)=6, I(3)=ceil(6*EF) and lowers EF by 0.14 on hard', () => {
    const entries = onDueDates('2026-05-01', ['good', 'good', 'good', 'hard'])
    expect(entries).toEqual([
      { ef: 2.5, interval: 1, last_review: '2026-05-01', next_due: '2026-05-02', repetition: 1, reps: 1 },
      { ef: 2.5, interval: 6, last_review: '2026-05-02', next_due: '2026-05-08', repetition: 2, reps: 2 },
      { ef: 2.5, interval: 15, last_review: '2026-05-08', next_due: '2026-05-23', repetition: 3, reps: 3 }, // ceil(6 * 2.5)
      // EF 2.5 - 0.14 = 2.36 is used at once: ceil(15 * 2.36) = ceil(35.4) = 36 (the old EF would give 38)
      { ef: 2.36, interval: 36, last_review: '2026-05-23', next_due: '2026-06-28', repetition: 4, reps: 4 },
    ])
  })

  it('restarts the repetitions after again without changing EF, and raises it by 0.1 on easy', () => {
    const entries = onDueDates('2026-05-01', ['good', 'good', 'good', 'hard', 'again', 'good', 'good', 'easy'])
    expect(entries.slice(4)).toEqual([
      // Step 6: the failure keeps EF 2.36 (the reading before issue 11 lowered it to 2.04).
      { ef: 2.36, interval: 1, last_review: '2026-06-28', next_due: '2026-06-29', repetition: 0, reps: 5 },
      { ef: 2.36, interval: 1, last_review: '2026-06-29', next_due: '2026-06-30', repetition: 1, reps: 6 },
      { ef: 2.36, interval: 6, last_review: '2026-06-30', next_due: '2026-07-06', repetition: 2, reps: 7 },
      { ef: 2.46, interval: 15, last_review: '2026-07-06', next_due: '2026-07-21', repetition: 3, reps: 8 }, // ceil(6 * 2.46) = ceil(14.76)
    ])
  })

  it('never lets EF fall below 1.3, and failures never move it', () => {
    const efs = onDueDates('2026-01-01', [
      'again',
      'again',
      'hard',
      'hard',
      'hard',
      'hard',
      'hard',
      'hard',
      'hard',
      'again',
    ]).map(e => e['ef'])
    expect(efs).toEqual([2.5, 2.5, 2.36, 2.22, 2.08, 1.94, 1.8, 1.66, 1.52, 1.52])
    const floor = onDueDates(
      '2026-01-01',
      Array.from({ length: 12 }, () => 'hard' as const),
    ).map(e => e['ef'])
    expect(floor.at(-1)).toBe(1.3) // 2.5 - 9 * 0.14 = 1.24, floored
  })

  it('rounds a whole-number product to itself, not one day up (no floating-point drift)', () => {
    // EF climbs to 2.8 and 125 * 2.8 is exactly 350; in binary floating point it is 350.00000000000006.
    const entries = onDueDates('2026-01-01', ['good', 'easy', 'easy', 'good', 'good', 'easy'])
    expect(entries.map(e => e['interval'])).toEqual([1, 6, 17, 46, 125, 350])
    expect(entries.at(-1)!['ef']).toBe(2.8)
  })

  it('counts the first line of a day; later lines that day are re-drills (step 7) that only add to reps', () => {
    let entry = sm2.initial('2026-03-02')
    for (const grade of ['again', 'again', 'good'] as const) entry = sm2.review(entry, '2026-03-02', grade)
    expect(entry).toEqual({
      ef: 2.5,
      interval: 1,
      last_review: '2026-03-02',
      next_due: '2026-03-03',
      repetition: 0,
      reps: 3,
    })
    // good, good on one day: the text gives 1 day (the second is a re-drill), not 6.
    let twice = sm2.initial('2026-03-02')
    for (const grade of ['good', 'good'] as const) twice = sm2.review(twice, '2026-03-02', grade)
    expect(twice).toMatchObject({ next_due: '2026-03-03', repetition: 1, reps: 2 })
    // A re-drill leaves the day's schedule as it was, even a failed re-drill.
    const passed = sm2.review(sm2.review(sm2.initial('2026-03-01'), '2026-03-01', 'good'), '2026-03-02', 'good')
    expect(sm2.review(passed, '2026-03-02', 'again')).toEqual({ ...passed, reps: 3 })
  })

  it('continues exactly from an entry read back from state.json', () => {
    const grades: Grade[] = ['good', 'hard', 'good', 'hard', 'easy', 'again', 'good', 'good', 'good']
    let inMemory = sm2.initial('2026-01-01')
    let fromDisk = inMemory
    for (const grade of grades) {
      inMemory = sm2.review(inMemory, inMemory.next_due, grade)
      fromDisk = JSON.parse(JSON.stringify(sm2.review(fromDisk, fromDisk.next_due, grade))) as StateEntry
    }
    expect(fromDisk).toEqual(inMemory)
  })

  it('does not mutate the entry it is given', () => {
    const entry = sm2.initial('2026-01-01')
    const copy = structuredClone(entry)
    sm2.review(entry, '2026-01-01', 'easy')
    expect(entry).toEqual(copy)
  })
})

describe('SM-2 against the published text, written out independently', () => {
  /** Wozniak 1990 step by step: one repetition per date (step 7), EF kept on q < 3 (step 6). */
  function published(lines: readonly (readonly [string, Grade])[]): { next_due: string; ef: number; n: number } {
    const q = { again: 2, hard: 3, good: 4, easy: 5 } as const
    let ef = 2.5
    let n = 0
    let interval = 0
    let lastDate = ''
    let due = ''
    for (const [date, grade] of lines) {
      if (date === lastDate) continue // a re-drill of the day
      lastDate = date
      const quality = q[grade]
      if (quality < 3) {
        n = 0
        interval = 1
      } else {
        ef = Math.max(1.3, Math.round((ef + (0.1 - (5 - quality) * (0.08 + (5 - quality) * 0.02))) * 100) / 100)
        n += 1
        interval = n === 1 ? 1 : n === 2 ? 6 : Math.ceil(Math.round(interval * ef * 1e6) / 1e6)
      }
      due = addDays(date, interval)
    }
    return { next_due: due, ef, n }
  }

  it('agrees on random histories with same-day lines', () => {
    const history = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.constantFrom(...GRADES)), { minLength: 1, maxLength: 30 })
      .map(steps => {
        let date = '2026-01-01'
        return steps.map(([gap, grade]) => [(date = addDays(date, gap)), grade] as const)
      })
    fc.assert(
      fc.property(history, lines => {
        let entry = sm2.initial(lines[0]![0])
        for (const [date, grade] of lines) entry = sm2.review(entry, date, grade)
        const expected = published(lines)
        expect({ next_due: entry.next_due, ef: entry['ef'], n: entry['repetition'] }).toEqual(expected)
        expect(entry.reps).toBe(lines.length)
      }),
      { seed: 1990, numRuns: 300 },
    )
  })
})
