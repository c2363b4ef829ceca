import { describe, expect, it } from 'vitest'
import {
  CONFIG,
  config,
  LOG,
  logOf,
  makeCorpus,
  qandaNote,
  read,
  readState,
  run,
  STATE,
  validateJson,
  writeFiles,
} from './corpus-kit.js'

// SPEC 1.6: the scheduler is pluggable; switching is "change the declaration, then replay".

const LOG_TEXT = logOf([
  ['deck#a', '2026-03-01', 'good'],
  ['deck#b', '2026-03-01', 'again'],
  ['deck#a', '2026-03-04', 'easy'],
  ['deck#b', '2026-03-02', 'hard'],
  ['deck#a', '2026-03-15', 'hard'],
  ['deck#b', '2026-03-05', 'good'],
])

function corpus(scheduler?: string): string {
  return makeCorpus({
    'internalise/deck.adoc': qandaNote('Deck', ['a', 'b', 'never']),
    [LOG]: LOG_TEXT,
    ...(scheduler ? config({ scheduler }) : {}),
  })
}

describe('switching schedulers', () => {
  for (const other of ['fsrs', 'sm2', 'passfail'] as const) {
    it(`leitner -> ${other} -> leitner, with a replay after each switch, gives back the same state.json bytes`, async () => {
      const dir = corpus()
      await run(dir, '2026-03-20', 'replay')
      const leitner = read(dir, STATE)
      writeFiles(dir, config({ scheduler: other }))
      expect((await run(dir, '2026-04-02', 'replay')).code).toBe(0)
      const switched = readState(dir)
      expect(Object.keys(switched)).toEqual(['deck#a', 'deck#b', 'deck#never'])
      // The never-reviewed item keeps the next_due it was registered with, under any scheduler.
      expect(switched['deck#never']).toMatchObject({ next_due: '2026-03-21', reps: 0 })
      expect(switched['deck#a']!.reps).toBe(3)
      expect(switched['deck#b']!.reps).toBe(3)
      writeFiles(dir, config({ scheduler: 'leitner' }))
      await run(dir, '2026-05-09', 'replay')
      expect(read(dir, STATE)).toBe(leitner)
      expect(read(dir, LOG)).toBe(LOG_TEXT)
    })
  }

  it('validate after a switch reports state-drift for the reviewed items, regenerates, and then finds none', async () => {
    const dir = corpus()
    await run(dir, '2026-03-20', 'replay')
    writeFiles(dir, config({ scheduler: 'fsrs' }))
    const first = await validateJson(dir, '2026-03-20')
    expect(first.code).toBe(0)
    const drift = first.findings.filter(f => f.rule === 'state-drift')
    expect(drift.map(f => f.item).sort()).toEqual(expect.arrayContaining(['deck#a', 'deck#b']))
    for (const f of drift) expect(f).toMatchObject({ severity: 'warning', file: STATE })
    const second = await validateJson(dir, '2026-03-20')
    expect(second.findings.filter(f => f.rule === 'state-drift')).toEqual([])
    expect(read(dir, CONFIG)).toBe(JSON.stringify({ scheduler: 'fsrs' }))
  })
})

describe('each scheduler', () => {
  it('pass/fail: again back to level 1, every other grade one level up, Leitner intervals and fields', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a']),
      [LOG]: logOf([
        ['deck#a', '2026-05-01', 'easy'],
        ['deck#a', '2026-05-04', 'hard'],
        ['deck#a', '2026-05-11', 'again'],
        ['deck#a', '2026-05-12', 'good'],
      ]),
      ...config({ scheduler: 'passfail' }),
    })
    await run(dir, '2026-05-12', 'replay')
    const entry = readState(dir)['deck#a']!
    expect(entry).toEqual({ level: 2, reps: 4, next_due: '2026-05-15' })
    expect(Object.keys(entry)).toEqual(['level', 'next_due', 'reps'])
  })

  it('pass/fail climbs to level 6 at most, with calendar months', async () => {
    const dates = ['2026-01-01', '2026-01-02', '2026-01-05', '2026-01-12', '2026-02-02', '2026-04-02', '2026-10-02']
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a']),
      [LOG]: logOf(dates.map(d => ['deck#a', d, 'easy'] as const)),
      ...config({ scheduler: 'passfail' }),
    })
    await run(dir, '2026-10-02', 'replay')
    expect(readState(dir)['deck#a']).toEqual({ level: 6, reps: 7, next_due: '2027-04-02' })
  })

  for (const scheduler of ['fsrs', 'sm2'] as const) {
    it(`${scheduler}: reps counts every graded line and next_due comes after the last review`, async () => {
      const dir = makeCorpus({
        'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']),
        [LOG]: logOf([
          ['deck#a', '2026-05-30', 'again'],
          ['deck#a', '2026-05-30', 'again'],
          ['deck#a', '2026-05-30', 'good'],
          ['deck#b', '2026-05-01', 'good'],
          ['deck#b', '2026-05-20', 'easy'],
        ]),
        ...config({ scheduler }),
      })
      expect((await run(dir, '2026-05-30', 'replay')).code).toBe(0)
      const state = readState(dir)
      expect(state['deck#a']!.reps).toBe(3)
      expect(state['deck#b']!.reps).toBe(2)
      expect(state['deck#a']!.next_due > '2026-05-30').toBe(true)
      expect(state['deck#b']!.next_due > '2026-05-20').toBe(true)
    })
  }

  it('fsrs: a higher desired retention from config.json schedules the same history sooner', async () => {
    const history = logOf([
      ['deck#a', '2026-01-01', 'good'],
      ['deck#a', '2026-01-05', 'good'],
      ['deck#a', '2026-01-20', 'good'],
    ])
    const dueWith = async (retention: number): Promise<string> => {
      const dir = makeCorpus({
        'internalise/deck.adoc': qandaNote('Deck', ['a']),
        [LOG]: history,
        ...config({ scheduler: 'fsrs', fsrs: { retention } }),
      })
      await run(dir, '2026-01-20', 'replay')
      return readState(dir)['deck#a']!.next_due
    }
    const strict = await dueWith(0.97)
    const loose = await dueWith(0.75)
    expect(strict < loose).toBe(true)
  })
})
