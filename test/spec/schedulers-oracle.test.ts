import { describe, expect, it } from 'vitest'
import { daysBetween } from '../../src/core/dates.js'
import { fsrsRs } from '../support/fsrs-rs.js'
import { config, LOG, logOf, makeCorpus, qandaNote, readState, run } from './corpus-kit.js'

// SPEC 1.6 FSRS ("the FSRS-6 model as fsrs-rs computes it, fed every review line, in whole
// days") and SM-2 (SuperMemo's intervals 1, 6, then I × EF, q < 3 restarting without changing
// EF, same-day lines re-drills), checked against fsrs-rs through its binding and against the
// published SM-2 arithmetic; the fuzz (on by default for both) switched off where a date is exact.

type Line = readonly [string, 'again' | 'hard' | 'good' | 'easy']

/** What fsrs-rs schedules for a history, in whole days. */
function fsrsRsNextDue(history: readonly Line[], retention?: number): string {
  return fsrsRs(history, retention).at(-1)!.next_due
}

async function replayed(history: readonly Line[], settings: object): Promise<{ next_due: string; reps: number }> {
  const dir = makeCorpus({
    'internalise/d.adoc': qandaNote('D', ['a']),
    [LOG]: logOf(history.map(([date, grade]) => ['d#a', date, grade] as const)),
    ...config(settings),
  })
  const result = await run(dir, '2027-01-01', 'replay')
  expect(result.code, result.stderr).toBe(0)
  return readState(dir)['d#a']!
}

const HISTORIES: Record<string, Line[]> = {
  'one good': [['2026-03-01', 'good']],
  'good, good, good': [
    ['2026-03-01', 'good'],
    ['2026-03-04', 'good'],
    ['2026-03-20', 'good'],
  ],
  'easy then a lapse': [
    ['2026-03-01', 'easy'],
    ['2026-03-20', 'again'],
    ['2026-03-21', 'good'],
  ],
  'hard, late good, easy': [
    ['2026-01-01', 'hard'],
    ['2026-02-15', 'good'],
    ['2026-06-01', 'easy'],
  ],
  'two lines on one day': [
    ['2026-03-01', 'again'],
    ['2026-03-01', 'good'],
    ['2026-03-05', 'good'],
  ],
}

describe('fsrs against fsrs-rs', () => {
  for (const [name, history] of Object.entries(HISTORIES)) {
    it(`${name}: next_due as fsrs-rs schedules it, reps = lines`, async () => {
      const entry = await replayed(history, { scheduler: 'fsrs', fuzz: false })
      expect(entry.next_due).toBe(fsrsRsNextDue(history))
      expect(entry.reps).toBe(history.length)
    })
  }

  it('with the desired retention from config.json', async () => {
    const history = HISTORIES['good, good, good']!
    expect((await replayed(history, { scheduler: 'fsrs', fsrs: { retention: 0.8 }, fuzz: false })).next_due).toBe(
      fsrsRsNextDue(history, 0.8),
    )
  })

  it('with the fuzz on (the default), spreads an interval of 3 days or more within a few days of fsrs-rs’s', async () => {
    const history = HISTORIES['hard, late good, easy']!
    const exact = fsrsRsNextDue(history)
    const fuzzed = (await replayed(history, { scheduler: 'fsrs' })).next_due
    const last = history.at(-1)![0]
    const days = daysBetween(last, exact)
    expect(days).toBeGreaterThan(20)
    expect(Math.abs(daysBetween(exact, fuzzed))).toBeLessThanOrEqual(
      Math.ceil(1 + 0.15 * 4.5 + 0.1 * 13 + 0.05 * (days - 20)),
    )
    expect(await replayed(history, { scheduler: 'fsrs' })).toEqual(await replayed(history, { scheduler: 'fsrs' }))
  })
})

describe('sm2: SuperMemo intervals', () => {
  it('passes at an unchanged E-Factor give 1, 6, then 6 × 2.5 = 15 days', async () => {
    expect(await replayed([['2026-03-01', 'good']], { scheduler: 'sm2', fuzz: false })).toMatchObject({
      next_due: '2026-03-02',
      reps: 1,
    })
    expect(
      await replayed(
        [
          ['2026-03-01', 'good'],
          ['2026-03-02', 'good'],
        ],
        { scheduler: 'sm2', fuzz: false },
      ),
    ).toMatchObject({ next_due: '2026-03-08', reps: 2 })
    expect(
      await replayed(
        [
          ['2026-03-01', 'good'],
          ['2026-03-02', 'good'],
          ['2026-03-08', 'good'],
        ],
        { scheduler: 'sm2', fuzz: false },
      ),
    ).toMatchObject({ next_due: '2026-03-23', reps: 3 })
  })

  it('a failure restarts the repetitions: due the next day, then 1 and 6 days again', async () => {
    const lapse: Line[] = [
      ['2026-03-01', 'good'],
      ['2026-03-02', 'good'],
      ['2026-03-08', 'again'],
    ]
    expect((await replayed(lapse, { scheduler: 'sm2', fuzz: false })).next_due).toBe('2026-03-09')
    expect((await replayed([...lapse, ['2026-03-09', 'good']], { scheduler: 'sm2', fuzz: false })).next_due).toBe(
      '2026-03-10',
    )
    expect(
      (await replayed([...lapse, ['2026-03-09', 'good'], ['2026-03-10', 'good']], { scheduler: 'sm2', fuzz: false }))
        .next_due,
    ).toBe('2026-03-16')
  })
})

describe('sm2: as published (step 6 and step 7)', () => {
  it('a failure keeps the E-Factor; later lines of a date are re-drills that change neither n, EF nor the interval', async () => {
    const hard: Line[] = [
      ['2026-03-01', 'good'],
      ['2026-03-02', 'hard'],
      ['2026-03-08', 'again'],
    ]
    const failed = (await replayed(hard, { scheduler: 'sm2', fuzz: false })) as Record<string, unknown>
    expect(failed).toMatchObject({ ef: 2.36, repetition: 0, next_due: '2026-03-09', reps: 3 })
    const drilled = (await replayed(
      [
        ['2026-03-01', 'good'],
        ['2026-03-01', 'good'],
      ],
      { scheduler: 'sm2', fuzz: false },
    )) as Record<string, unknown>
    expect(drilled).toMatchObject({ next_due: '2026-03-02', repetition: 1, interval: 1, ef: 2.5, reps: 2 })
  })
})
