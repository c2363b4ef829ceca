import { type Card, createEmptyCard, type Grade as FsrsGrade, fsrs, Rating } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import { config, LOG, logOf, makeCorpus, qandaNote, readState, run } from './corpus-kit.js'

// SPEC 1.6 FSRS ("the FSRS-6 model through ts-fsrs, with day granularity (enable_short_term:
// false), fed every review line; desired retention and weights from config.json, the library's
// defaults otherwise") and SM-2 (SuperMemo's intervals 1, 6, then I × EF), checked against
// ts-fsrs itself and against the published SM-2 arithmetic.

type Line = readonly [string, 'again' | 'hard' | 'good' | 'easy']
const RATING: Record<Line[1], FsrsGrade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
}

/** What ts-fsrs itself schedules for a history, days counted on UTC midnights. */
function tsFsrsNextDue(history: readonly Line[], retention?: number): string {
  const f = fsrs({
    enable_short_term: false,
    enable_fuzz: false,
    ...(retention === undefined ? {} : { request_retention: retention }),
  })
  let card: Card = createEmptyCard(new Date(`${history[0]![0]}T00:00:00Z`))
  for (const [date, grade] of history) card = f.next(card, new Date(`${date}T00:00:00Z`), RATING[grade]).card
  return card.due.toISOString().slice(0, 10)
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

describe('fsrs against ts-fsrs', () => {
  for (const [name, history] of Object.entries(HISTORIES)) {
    it(`${name}: next_due as ts-fsrs schedules it, reps = lines`, async () => {
      const entry = await replayed(history, { scheduler: 'fsrs' })
      expect(entry.next_due).toBe(tsFsrsNextDue(history))
      expect(entry.reps).toBe(history.length)
    })
  }

  it('with the desired retention from config.json', async () => {
    const history = HISTORIES['good, good, good']!
    expect((await replayed(history, { scheduler: 'fsrs', fsrs: { retention: 0.8 } })).next_due).toBe(
      tsFsrsNextDue(history, 0.8),
    )
  })
})

describe('sm2: SuperMemo intervals', () => {
  it('passes at an unchanged E-Factor give 1, 6, then 6 × 2.5 = 15 days', async () => {
    expect(await replayed([['2026-03-01', 'good']], { scheduler: 'sm2' })).toMatchObject({
      next_due: '2026-03-02',
      reps: 1,
    })
    expect(
      await replayed(
        [
          ['2026-03-01', 'good'],
          ['2026-03-02', 'good'],
        ],
        { scheduler: 'sm2' },
      ),
    ).toMatchObject({ next_due: '2026-03-08', reps: 2 })
    expect(
      await replayed(
        [
          ['2026-03-01', 'good'],
          ['2026-03-02', 'good'],
          ['2026-03-08', 'good'],
        ],
        { scheduler: 'sm2' },
      ),
    ).toMatchObject({ next_due: '2026-03-23', reps: 3 })
  })

  it('a failure restarts the repetitions: due the next day, then 1 and 6 days again', async () => {
    const lapse: Line[] = [
      ['2026-03-01', 'good'],
      ['2026-03-02', 'good'],
      ['2026-03-08', 'again'],
    ]
    expect((await replayed(lapse, { scheduler: 'sm2' })).next_due).toBe('2026-03-09')
    expect((await replayed([...lapse, ['2026-03-09', 'good']], { scheduler: 'sm2' })).next_due).toBe('2026-03-10')
    expect(
      (await replayed([...lapse, ['2026-03-09', 'good'], ['2026-03-10', 'good']], { scheduler: 'sm2' })).next_due,
    ).toBe('2026-03-16')
  })
})
