import { describe, expect, it } from 'vitest'
import {
  CONFIG,
  changedPaths,
  config,
  LOG,
  logLine,
  logOf,
  makeCorpus,
  qandaNote,
  read,
  readState,
  run,
  STATE,
  snapshot,
  validateJson,
  writeFiles,
} from './corpus-kit.js'

// SPEC 1.4 (reading the log), 1.5 (the derived state) and 1.8 (aliases), through `notekeeper replay`.

const SCHEDULERS = ['leitner', 'fsrs', 'sm2', 'passfail'] as const

describe('new items (SPEC 1.5)', () => {
  for (const scheduler of SCHEDULERS) {
    it(`under ${scheduler}: an unregistered item is due today + 1, a registered never-reviewed one keeps its next_due`, async () => {
      const dir = makeCorpus({
        'internalise/deck.adoc': qandaNote('Deck', ['kept', 'fresh']),
        // Registered long ago by an earlier run (under Leitner: the entry shape does not matter).
        [STATE]: JSON.stringify({ 'deck#kept': { level: 1, next_due: '2026-04-15', reps: 0 } }, null, 2) + '\n',
        ...config({ scheduler }),
      })
      const result = await run(dir, '2026-12-31', 'replay')
      expect(result.code, result.stderr).toBe(0)
      const state = readState(dir)
      expect(Object.keys(state)).toEqual(['deck#fresh', 'deck#kept'])
      expect(state['deck#fresh']).toMatchObject({ next_due: '2027-01-01', reps: 0 })
      expect(state['deck#kept']).toMatchObject({ next_due: '2026-04-15', reps: 0 })
      // A second run on a later day changes nothing: registration happened once.
      const before = read(dir, STATE)
      await run(dir, '2027-03-01', 'replay')
      expect(read(dir, STATE)).toBe(before)
    })
  }

  it('an item renamed before its first review keeps its registration date through its alias (SPEC 1.8)', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a', 'japan']),
      [STATE]: `${JSON.stringify(
        {
          'deck#a': { level: 1, next_due: '2026-12-02', reps: 0 },
          'deck#e': { level: 1, next_due: '2026-12-02', reps: 0 },
        },
        null,
        2,
      )}\n`,
      ...config({ aliases: { 'deck#e': 'deck#japan' } }),
    })
    expect((await run(dir, '2026-12-10', 'replay')).code).toBe(0)
    const state = readState(dir)
    expect(Object.keys(state)).toEqual(['deck#a', 'deck#japan'])
    // Still overdue since the 2nd, as it was before the rename: not registered again for the 11th.
    expect(state['deck#japan']).toMatchObject({ next_due: '2026-12-02', reps: 0 })
  })

  it('registers on 28 February of a leap year as due on the 29th', async () => {
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a']) })
    await run(dir, '2028-02-28', 'replay')
    expect(readState(dir)['deck#a']).toEqual({ level: 1, reps: 0, next_due: '2028-02-29' })
  })
})

describe('the state file (SPEC 1.5)', () => {
  it('holds exactly one entry per declared item, ids in JavaScript default order, bytes = JSON.stringify(state, null, 2) + "\\n"', async () => {
    // Code-unit order puts '#' < '-' < '/' and 'Z' < 'a'; a locale sort would not.
    const dir = makeCorpus({
      'internalise/lang.adoc': qandaNote('Lang', ['x']),
      'internalise/lang-x.adoc': qandaNote('Lang x', ['z']),
      'internalise/lang/french.adoc': qandaNote('French', ['tu-vous', 'Avoir']),
      'internalise/Zeta.adoc': qandaNote('Zeta', ['a']),
      'internalise/alpha.adoc': qandaNote('Alpha', ['b']),
      [STATE]: JSON.stringify({ 'vanished#item': { level: 3, next_due: '2026-01-01', reps: 4 } }),
      [LOG]: logOf([
        ['lang/french#tu-vous', '2026-05-01', 'good'],
        ['lang/french#tu-vous', '2026-05-01', 'good'],
      ]),
    })
    const result = await run(dir, '2026-05-02', 'replay')
    expect(result.code).toBe(0)
    const text = read(dir, STATE)
    const state = JSON.parse(text) as Record<string, unknown>
    expect(Object.keys(state)).toEqual([
      'Zeta#a',
      'alpha#b',
      'lang#x',
      'lang-x#z',
      'lang/french#Avoir',
      'lang/french#tu-vous',
    ])
    expect(text).toBe(JSON.stringify(state, null, 2) + '\n')
    expect(state['lang/french#tu-vous']).toEqual({ level: 3, reps: 2, next_due: '2026-05-08' })
  })

  it('sorts non-ASCII ids by code unit, not by locale', async () => {
    const dir = makeCorpus({
      'internalise/d.adoc': '= D\n:intent: internalise\n\n[qanda]\n[[été]]A?:: a\n[[zèbre]]B?:: b\n[[Zed]]C?:: c\n',
    })
    await run(dir, '2026-05-01', 'replay')
    expect(Object.keys(readState(dir))).toEqual(['d#Zed', 'd#zèbre', 'd#été'])
  })

  it('two replays give the same bytes and the second one does not rewrite the file', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']),
      [LOG]: logOf([['deck#a', '2026-05-01', 'easy']]),
    })
    await run(dir, '2026-05-02', 'replay')
    const first = snapshot(dir)
    await run(dir, '2026-05-02', 'replay')
    expect(changedPaths(first, snapshot(dir))).toEqual([])
  })

  it('rewrites a state file with the right entries in another layout to the canonical bytes', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a']),
      [STATE]: '{"deck#a":{"reps":0,"next_due":"2026-05-02","level":1}}',
    })
    const { findings } = await validateJson(dir, '2026-05-01')
    expect(findings).toEqual([])
    expect(read(dir, STATE)).toBe(
      '{\n  "deck#a": {\n    "level": 1,\n    "next_due": "2026-05-02",\n    "reps": 0\n  }\n}\n',
    )
  })

  it('leaves out reviews of ids no note declares, and keeps them in the log', async () => {
    const log = logOf([
      ['deck#a', '2026-05-01', 'good'],
      ['gone#x', '2026-05-01', 'good'],
    ])
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a']), [LOG]: log })
    await run(dir, '2026-05-02', 'replay')
    expect(Object.keys(readState(dir))).toEqual(['deck#a'])
    expect(read(dir, LOG)).toBe(log)
  })

  it('gives a returning item its history back', async () => {
    const log = logOf([['deck#b', '2026-05-01', 'easy']])
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a']), [LOG]: log })
    await run(dir, '2026-05-02', 'replay')
    expect(readState(dir)['deck#b']).toBeUndefined()
    writeFiles(dir, { 'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']) })
    await run(dir, '2026-05-03', 'replay')
    expect(readState(dir)['deck#b']).toEqual({ level: 3, reps: 1, next_due: '2026-05-08' })
  })
})

describe('a state.json that is not JSON', () => {
  it('is regenerated by replay, registering every item today', async () => {
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a']), [STATE]: '{ not json' })
    expect((await run(dir, '2026-05-01', 'replay')).code).toBe(0)
    expect(readState(dir)).toEqual({ 'deck#a': { level: 1, reps: 0, next_due: '2026-05-02' } })
  })
})

describe('aliases (SPEC 1.8)', () => {
  it("counts the old id's reviews as the new id's, without an entry for the old id or a change to the log", async () => {
    const log = logOf([
      ['old#x', '2026-05-01', 'good'],
      ['new#x', '2026-05-04', 'good'],
    ])
    const dir = makeCorpus({
      'internalise/new.adoc': qandaNote('New', ['x']),
      [LOG]: log,
      ...config({ aliases: { 'old#x': 'new#x' } }),
    })
    expect((await run(dir, '2026-05-05', 'replay')).code).toBe(0)
    expect(readState(dir)).toEqual({ 'new#x': { level: 3, reps: 2, next_due: '2026-05-11' } })
    expect(read(dir, LOG)).toBe(log)
  })

  it("counts the old id's again lines toward a leech, and does not report them as unknown", async () => {
    const dir = makeCorpus({
      'internalise/new.adoc': qandaNote('New', ['x']),
      [LOG]: logOf([
        ['old#x', '2026-05-01', 'again'],
        ['old#x', '2026-05-02', 'again'],
        ['new#x', '2026-05-03', 'again'],
        ['new#x', '2026-05-04', 'again'],
      ]),
      ...config({ aliases: { 'old#x': 'new#x' } }),
    })
    const { findings } = await validateJson(dir, '2026-05-10')
    expect(findings.filter(f => f.rule === 'leech')).toMatchObject([{ item: 'new#x', failures: 4 }])
    expect(findings.filter(f => f.rule === 'log-unknown-item')).toEqual([])
  })

  it('a cycle of aliases is ignored alike by replay (a warning naming its line) and validate (an error there)', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']),
      [LOG]: logOf([
        ['deck#a', '2026-05-01', 'good'],
        ['deck#b', '2026-05-02', 'again'],
      ]),
      [CONFIG]: '{\n  "aliases": {\n    "deck#a": "deck#b",\n    "deck#b": "deck#a"\n  }\n}\n',
    })
    const replayed = await run(dir, '2026-05-05', 'replay')
    expect(replayed.code).toBe(0)
    expect(replayed.stderr).toContain(
      `notekeeper: warning: ${CONFIG}:3: "aliases" "deck#a" → "deck#b" → "deck#a" go round in a circle`,
    )
    // Each item its own history: before, a's good counted for b and b's again for a.
    expect(readState(dir)).toEqual({
      'deck#a': { level: 2, reps: 1, next_due: '2026-05-04' },
      'deck#b': { level: 1, reps: 1, next_due: '2026-05-03' },
    })
    const { code, findings } = await validateJson(dir, '2026-05-05')
    expect(code).toBe(1)
    expect(findings.filter(f => f.rule === 'alias-cycle')).toMatchObject([{ file: CONFIG, line: 3 }])
    expect(findings.filter(f => f.rule === 'state-drift')).toEqual([])
  })

  it('without the alias, the moved item starts afresh', async () => {
    const dir = makeCorpus({
      'internalise/new.adoc': qandaNote('New', ['x']),
      [LOG]: logOf([['old#x', '2026-05-01', 'good']]),
    })
    await run(dir, '2026-05-05', 'replay')
    expect(readState(dir)).toEqual({ 'new#x': { level: 1, reps: 0, next_due: '2026-05-06' } })
  })
})

describe('reading the log (SPEC 1.4)', () => {
  const lines = [
    logLine('deck#a', '2026-05-01', 'good'),
    logLine('deck#a', '2026-05-04', 'good'),
    logLine('deck#b', '2026-05-02', 'again'),
  ]

  async function stateFor(logText: string): Promise<string> {
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']), [LOG]: logText })
    const result = await run(dir, '2026-05-05', 'replay')
    expect(result.code).toBe(0)
    expect(read(dir, LOG)).toBe(logText)
    return read(dir, STATE)
  }

  it('accepts a byte-order mark, CRLF line ends, blank lines and a last line without a newline', async () => {
    const clean = await stateFor(lines.join(''))
    const messy =
      '\uFEFF' +
      lines
        .map(l => l.replace('\n', '\r\n'))
        .join('\r\n\r\n')
        .replace(/\r\n$/, '')
    expect(messy.endsWith('}')).toBe(true)
    expect(await stateFor(messy)).toBe(clean)
    expect(JSON.parse(clean)).toMatchObject({ 'deck#a': { level: 3, reps: 2 }, 'deck#b': { level: 1, reps: 1 } })
  })

  it('ignores unknown extra fields', async () => {
    const clean = await stateFor(lines.join(''))
    const extra = lines.map(l => l.replace('}', ',"device":"phone","ms":1234}')).join('')
    expect(await stateFor(extra)).toBe(clean)
  })

  it('skips malformed lines, reports each with its line number, counts the rest, and leaves the log bytes alone', async () => {
    const malformed = [
      'not json at all\n',
      '{"item":"deck#a","date":"2026-02-30","grade":"good"}\n',
      '{"item":"deck#a","date":"2026-05-03","grade":"Good"}\n',
      '{"item":"deck#a","date":"2026-05-03"}\n',
      '["deck#a","2026-05-03","good"]\n',
      '{"item":"deck#a","date":"3 May 2026","grade":"easy"}\n',
      '{"item":"deck#a","date":"2026-05-03","grade":"easy"\n',
    ]
    const text = lines[0]! + malformed.join('') + lines[1]! + lines[2]!
    const clean = await stateFor(lines.join(''))
    expect(await stateFor(text)).toBe(clean)
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']), [LOG]: text })
    const { findings } = await validateJson(dir, '2026-05-05')
    const reported = findings.filter(f => f.rule === 'log-malformed')
    expect(reported.map(f => f.line)).toEqual([2, 3, 4, 5, 6, 7, 8])
    for (const f of reported) expect(f).toMatchObject({ severity: 'error', file: LOG })
    expect(read(dir, LOG)).toBe(text)
  })

  it('skips lines that are JSON but not a review: a timestamp, a null grade, two objects, a number id, a month 00', async () => {
    const lines = [
      '{"item":"deck#a","date":"2026-05-01T10:00","grade":"good"}',
      '{"item":"deck#a","date":"2026-05-01","grade":null}',
      'null',
      '{"item":"deck#a","date":"2026-05-01","grade":"good"}{"item":"deck#a","date":"2026-05-01","grade":"good"}',
      '{"item":42,"date":"2026-05-01","grade":"good"}',
      '"just a string"',
      '{"item":"deck#a","date":"2026-00-10","grade":"good"}',
    ]
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a']), [LOG]: lines.join('\n') + '\n' })
    const { findings } = await validateJson(dir, '2026-05-10')
    expect(findings.filter(f => f.rule === 'log-malformed').map(f => f.line)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(readState(dir)['deck#a']!.reps).toBe(0)
  })

  it('every command that reads the log says a line it skipped on stderr and goes on, exit 0 (SPEC 3)', async () => {
    const text = `${logLine('deck#a', '2026-05-01', 'good')}oops\n${logLine('deck#a', '2026-05-02', 'good')}`
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a']), [LOG]: text })
    for (const args of [
      ['replay'],
      ['due'],
      ['stats'],
      ['schedulers', '--compare'],
      ['schedulers', '--evaluate'],
      ['schedulers', '--use', 'sm2'],
      ['grade', 'deck#a', 'good'],
      ['undo'],
    ]) {
      const result = await run(dir, '2026-05-05', ...args)
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0)
      expect(result.stderr, args.join(' ')).toContain(
        `notekeeper: warning: ${LOG}:2: skipped: not a valid review: not valid JSON`,
      )
    }
  })

  it('a line with both "grade" and "void" is malformed: replay and validate both leave it out and name its line', async () => {
    const text =
      logLine('deck#a', '2026-05-01', 'good') +
      '{"item":"deck#a","date":"2026-05-02","grade":"easy","void":"easy"}\n' +
      '{"void":"good","item":"deck#a","date":"2026-05-03","grade":"good"}\n'
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['a']), [LOG]: text })
    const replayed = await run(dir, '2026-05-05', 'replay')
    expect(replayed.code).toBe(0)
    expect(replayed.stderr).toContain(`${LOG}:2: skipped: not a valid review: "grade" and "void" on one line`)
    expect(replayed.stderr).toContain(`${LOG}:3: skipped:`)
    // One review counts: the first line's good, as if the two others were not there.
    expect(readState(dir)['deck#a']).toEqual({ level: 2, reps: 1, next_due: '2026-05-04' })
    const { code, findings } = await validateJson(dir, '2026-05-05')
    expect(code).toBe(1)
    expect(findings.filter(f => f.rule === 'log-malformed')).toMatchObject([
      { severity: 'error', file: LOG, line: 2 },
      { severity: 'error', file: LOG, line: 3 },
    ])
    expect(findings.filter(f => f.rule === 'state-drift' || f.rule === 'log-void-unmatched')).toEqual([])
    expect(read(dir, LOG)).toBe(text)
  })

  it('counts a review dated after today', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a']),
      [LOG]: logOf([['deck#a', '2026-06-01', 'good']]),
    })
    await run(dir, '2026-05-05', 'replay')
    expect(readState(dir)['deck#a']).toEqual({ level: 2, reps: 1, next_due: '2026-06-04' })
  })
})

describe('config.json (SPEC 1.8)', () => {
  for (const [name, text] of [
    ['not JSON', '{"scheduler": "fsrs",'],
    ['an unknown scheduler', '{"scheduler": "anki"}'],
  ] as const) {
    it(`${name}: replay exits 2 and writes nothing`, async () => {
      const dir = makeCorpus({
        'internalise/deck.adoc': qandaNote('Deck', ['a']),
        [LOG]: logOf([['deck#a', '2026-05-01', 'good']]),
        [CONFIG]: text,
      })
      const before = snapshot(dir)
      const result = await run(dir, '2026-05-05', 'replay')
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('config.json')
      expect(changedPaths(before, snapshot(dir))).toEqual([])
    })
  }
})
