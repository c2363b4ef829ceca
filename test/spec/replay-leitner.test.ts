import { describe, expect, it } from 'vitest'
import { LOG, logOf, makeCorpus, qandaNote, read, readState, run, STATE } from './corpus-kit.js'

// SPEC 1.5 and 1.6: the Leitner scheduler, checked through `notekeeper replay` on one-item corpora.

const ID = 'english#need-action'

function oneItemCorpus(log: string): string {
  return makeCorpus({
    'internalise/english.adoc': qandaNote('English', ['need-action']),
    ...(log ? { [LOG]: log } : {}),
  })
}

async function replayOne(log: string, today: string): Promise<{ level?: number; reps: number; next_due: string }> {
  const dir = oneItemCorpus(log)
  const result = await run(dir, today, 'replay')
  expect(result.code, result.stderr).toBe(0)
  const state = readState(dir)
  expect(Object.keys(state)).toEqual([ID])
  return state[ID]!
}

describe('SPEC 1.6 worked examples, one corpus each', () => {
  it('none; registered on 2026-05-01: level 1, reps 0, due 2026-05-02', async () => {
    expect(await replayOne('', '2026-05-01')).toEqual({ level: 1, reps: 0, next_due: '2026-05-02' })
  })

  it('good 2026-05-30: level 2, reps 1, due 2026-06-02', async () => {
    expect(await replayOne(logOf([[ID, '2026-05-30', 'good']]), '2026-06-01')).toEqual({
      level: 2,
      reps: 1,
      next_due: '2026-06-02',
    })
  })

  it('again, again, good, all on 2026-05-30: level 2, reps 3, due 2026-06-02', async () => {
    const log = logOf([
      [ID, '2026-05-30', 'again'],
      [ID, '2026-05-30', 'again'],
      [ID, '2026-05-30', 'good'],
    ])
    expect(await replayOne(log, '2026-06-01')).toEqual({ level: 2, reps: 3, next_due: '2026-06-02' })
  })

  it('hard 2026-03-01 as the first review: level 1, reps 1, due 2026-03-02', async () => {
    expect(await replayOne(logOf([[ID, '2026-03-01', 'hard']]), '2026-03-01')).toEqual({
      level: 1,
      reps: 1,
      next_due: '2026-03-02',
    })
  })

  it('easy 2026-01-10, again 2026-01-13: level 1, reps 2, due 2026-01-14', async () => {
    const log = logOf([
      [ID, '2026-01-10', 'easy'],
      [ID, '2026-01-13', 'again'],
    ])
    expect(await replayOne(log, '2026-01-13')).toEqual({ level: 1, reps: 2, next_due: '2026-01-14' })
  })

  it('easy 2025-10-31, 2025-11-07, 2026-01-07: level 6, reps 3, due 2026-07-07', async () => {
    const log = logOf([
      [ID, '2025-10-31', 'easy'],
      [ID, '2025-11-07', 'easy'],
      [ID, '2026-01-07', 'easy'],
    ])
    expect(await replayOne(log, '2026-01-07')).toEqual({ level: 6, reps: 3, next_due: '2026-07-07' })
  })

  it('good 2026-11-01, 11-04, 11-11, 12-31: level 5, reps 4, due 2027-02-28 (month clamped)', async () => {
    const log = logOf([
      [ID, '2026-11-01', 'good'],
      [ID, '2026-11-04', 'good'],
      [ID, '2026-11-11', 'good'],
      [ID, '2026-12-31', 'good'],
    ])
    expect(await replayOne(log, '2026-12-31')).toEqual({ level: 5, reps: 4, next_due: '2027-02-28' })
  })

  it('the same four lines with the 2026-11-04 one written last: the same entry', async () => {
    const log = logOf([
      [ID, '2026-11-01', 'good'],
      [ID, '2026-11-11', 'good'],
      [ID, '2026-12-31', 'good'],
      [ID, '2026-11-04', 'good'],
    ])
    expect(await replayOne(log, '2026-12-31')).toEqual({ level: 5, reps: 4, next_due: '2027-02-28' })
  })
})

describe('Leitner dates and replay order', () => {
  it('clamps calendar months to the month end, 29 February included in a leap year', async () => {
    // easy x3 reaches level 6 (6 months) on 2027-08-31: 2028-02-29, a leap day.
    const toLeapDay = logOf([
      [ID, '2027-06-01', 'easy'],
      [ID, '2027-06-08', 'easy'],
      [ID, '2027-08-31', 'easy'],
    ])
    expect(await replayOne(toLeapDay, '2027-09-01')).toEqual({ level: 6, reps: 3, next_due: '2028-02-29' })
    // Level 5 (2 months) from 2027-12-31 in a common year's run-up: 2028-02-29; from 2028-12-31: 2029-02-28.
    const level5 = (date: string) =>
      logOf([
        [ID, '2027-01-01', 'easy'],
        [ID, '2027-01-08', 'easy'],
        [ID, date, 'hard'],
      ])
    expect(await replayOne(level5('2027-12-31'), '2028-01-01')).toEqual({ level: 5, reps: 3, next_due: '2028-02-29' })
    expect(await replayOne(level5('2028-12-31'), '2029-01-01')).toEqual({ level: 5, reps: 3, next_due: '2029-02-28' })
  })

  it('a review on 29 February is a calendar date and counts', async () => {
    expect(await replayOne(logOf([[ID, '2028-02-29', 'good']]), '2028-03-01')).toEqual({
      level: 2,
      reps: 1,
      next_due: '2028-03-03',
    })
  })

  it('reviews on one date keep their file order: again-then-good differs from good-then-again', async () => {
    const againThenGood = logOf([
      [ID, '2026-05-10', 'again'],
      [ID, '2026-05-10', 'good'],
    ])
    const goodThenAgain = logOf([
      [ID, '2026-05-10', 'good'],
      [ID, '2026-05-10', 'again'],
    ])
    expect(await replayOne(againThenGood, '2026-05-10')).toEqual({ level: 2, reps: 2, next_due: '2026-05-13' })
    expect(await replayOne(goodThenAgain, '2026-05-10')).toEqual({ level: 1, reps: 2, next_due: '2026-05-11' })
  })

  it('applies out-of-order lines in date order, not file order', async () => {
    // In date order: again 05-01 (level 1), good 05-10 (level 2, +3 days). In file order it would end on again.
    const log = logOf([
      [ID, '2026-05-10', 'good'],
      [ID, '2026-05-01', 'again'],
    ])
    expect(await replayOne(log, '2026-05-10')).toEqual({ level: 2, reps: 2, next_due: '2026-05-13' })
  })

  it('interleaves items without mixing their histories', async () => {
    const other = 'english#few-little'
    const dir = makeCorpus({
      'internalise/english.adoc': qandaNote('English', ['need-action', 'few-little']),
      [LOG]: logOf([
        [ID, '2026-05-01', 'good'],
        [other, '2026-05-01', 'again'],
        [ID, '2026-05-04', 'good'],
        [other, '2026-05-02', 'easy'],
      ]),
    })
    expect((await run(dir, '2026-05-05', 'replay')).code).toBe(0)
    expect(readState(dir)).toEqual({
      [other]: { level: 3, reps: 2, next_due: '2026-05-09' },
      [ID]: { level: 3, reps: 2, next_due: '2026-05-11' },
    })
  })

  it('writes each Leitner entry as exactly level, next_due, reps in the SPEC layout', async () => {
    const dir = oneItemCorpus(
      logOf([
        [ID, '2026-05-30', 'good'],
        [ID, '2026-05-31', 'again'],
        [ID, '2026-05-31', 'good'],
      ]),
    )
    await run(dir, '2026-06-01', 'replay')
    expect(read(dir, STATE)).toBe(
      '{\n  "english#need-action": {\n    "level": 2,\n    "next_due": "2026-06-03",\n    "reps": 3\n  }\n}\n',
    )
  })
})
