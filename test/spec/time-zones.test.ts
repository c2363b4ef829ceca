import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltCli, buildCli } from './built-cli.js'
import { config, type Files, LOG, logOf, makeCorpus, qandaNote, read, readState, STATE } from './corpus-kit.js'

// SPEC 1.7: no date may shift by a day because of the time zone the program runs in, and the
// default today is the local date. Node reads TZ once at start-up, so these run the built
// `notekeeper` in real processes, one per zone.

const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'] as const

let built: BuiltCli | null = null
beforeAll(async () => {
  built = await buildCli()
}, 120_000)
afterAll(() => built?.remove())

function notekeeper(zone: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [built!.bin, ...args], {
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

const history = logOf([
  ['deck#a', '2026-03-07', 'good'],
  ['deck#a', '2026-03-08', 'easy'], // US daylight saving starts on 2026-03-08
  ['deck#b', '2026-10-31', 'easy'],
  ['deck#b', '2026-11-01', 'easy'], // and ends on 2026-11-01
  ['deck#b', '2026-12-31', 'hard'],
  ['deck#c', '2027-12-31', 'good'],
  ['deck#c', '2028-02-29', 'easy'],
])

function corpusFiles(scheduler: string): Files {
  return {
    'internalise/deck.adoc': qandaNote('Deck', ['a', 'b', 'c', 'new']),
    [LOG]: history,
    ...config({ scheduler }),
  }
}

describe('the same run in three time zones', () => {
  for (const scheduler of ['leitner', 'fsrs', 'sm2', 'passfail']) {
    it(`${scheduler}: replay writes byte-identical state.json under ${ZONES.join(', ')}`, () => {
      const states = ZONES.map(zone => {
        const dir = makeCorpus(corpusFiles(scheduler))
        const result = notekeeper(zone, ['replay', '--corpus', dir, '--today', '2028-03-01'])
        expect(result.code, result.stderr).toBe(0)
        return read(dir, STATE)
      })
      expect(states[1]).toBe(states[0])
      expect(states[2]).toBe(states[0])
      expect(JSON.parse(states[0]!)['deck#new']).toMatchObject({ next_due: '2028-03-02', reps: 0 })
      if (scheduler === 'leitner') {
        expect(JSON.parse(states[0]!)).toMatchObject({
          'deck#a': { level: 4, reps: 2, next_due: '2026-03-29' },
          'deck#b': { level: 5, reps: 3, next_due: '2027-02-28' },
          'deck#c': { level: 4, reps: 2, next_due: '2028-03-21' },
        })
      }
    })
  }

  it('grade --date, due --json and validate --json give the same bytes in every zone', () => {
    const outputs = ZONES.map(zone => {
      const dir = makeCorpus(corpusFiles('fsrs'))
      const today = ['--corpus', dir, '--today', '2028-03-01']
      expect(notekeeper(zone, ['grade', 'deck#a', 'hard', '--date', '2026-11-01', ...today]).code).toBe(0)
      const due = notekeeper(zone, ['due', '--json', ...today]).stdout
      const validate = notekeeper(zone, ['validate', '--json', ...today]).stdout
      return [read(dir, LOG), read(dir, STATE), due, validate.split(dir).join('<corpus>')]
    })
    expect(outputs[1]).toEqual(outputs[0])
    expect(outputs[2]).toEqual(outputs[0])
  })
})

describe('the default today', () => {
  const localDate = (zone: string): string =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    )
  const plusOneDay = (date: string): string =>
    new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

  for (const zone of ZONES) {
    it(`is the local date under TZ=${zone}`, () => {
      // A run that straddles local midnight is repeated once.
      for (let attempt = 0; attempt < 2; attempt++) {
        const before = localDate(zone)
        const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['new']) })
        const result = notekeeper(zone, ['replay', '--corpus', dir])
        expect(result.code, result.stderr).toBe(0)
        if (localDate(zone) !== before) continue
        expect(readState(dir)['deck#new']).toEqual({ level: 1, reps: 0, next_due: plusOneDay(before) })
        return
      }
      throw new Error('local midnight passed twice during the test')
    })
  }
})
