import { describe, expect, it } from 'vitest'
import { cli } from '../support/cli.js'
import { CONFIG, changedPaths, exists, LOG, makeCorpus, qandaNote, read, run, STATE, snapshot } from './corpus-kit.js'

// SPEC 3: exit status 2 "on bad usage, an unreadable corpus or config-invalid", for every command.

const COMMANDS = [
  ['due'],
  ['triage'],
  ['hygiene'],
  ['backlinks', 'reference/x.adoc'],
  ['replay'],
  ['validate'],
  ['grade', 'a#b', 'good'],
  ['practice'],
]

describe('exit status 2', () => {
  for (const command of COMMANDS) {
    it(`${command[0]}: a corpus folder that does not exist, and a --today that is not YYYY-MM-DD`, async () => {
      expect((await run('/nonexistent/notekeeper-corpus', '2026-05-01', ...command)).code).toBe(2)
      expect((await run(makeCorpus({}), '2026-5-1', ...command)).code).toBe(2)
    })
  }

  for (const command of [['due'], ['triage'], ['hygiene'], ['practice'], ['replay'], ['validate']]) {
    it(`${command[0]}: an invalid config.json`, async () => {
      const result = await run(makeCorpus({ [CONFIG]: '{"scheduler":"x"}' }), '2026-05-01', ...command)
      expect(result.code).toBe(2)
    })
  }
})

describe('--json and standard input', () => {
  it('--json puts nothing but JSON on stdout, for every command that has it', async () => {
    const dir = makeCorpus({
      'internalise/d.adoc': qandaNote('D', ['a']),
      'reference/r.adoc': '= R\n:intent: reference\n:source: me\n',
      'track/t.adoc': '= T\n:intent: track\n\n== Now\n* x\n',
    })
    for (const args of [
      ['due'],
      ['validate'],
      ['hygiene'],
      ['triage'],
      ['backlinks', 'reference/r.adoc'],
      ['replay'],
      ['grade', 'd#a', 'good'],
      ['triage', 'add', 'track/t.adoc', 'Now', 'y'],
    ]) {
      const result = await run(dir, '2026-05-01', ...args, '--json')
      expect(() => JSON.parse(result.stdout) as unknown, `${args.join(' ')}: ${result.stdout}`).not.toThrow()
    }
  })

  it('practice registers new items even when nothing is due', async () => {
    const dir = makeCorpus({ 'internalise/d.adoc': qandaNote('D', ['a']) })
    expect((await cli(['practice', '--corpus', dir, '--today', '2026-05-01'], [])).code).toBe(0)
    expect(JSON.parse(read(dir, STATE))).toEqual({ 'd#a': { level: 1, reps: 0, next_due: '2026-05-02' } })
  })

  it('practice ends cleanly on empty input, appending nothing', async () => {
    const dir = makeCorpus({
      'internalise/d.adoc': qandaNote('D', ['a']),
      [STATE]: JSON.stringify({ 'd#a': { level: 1, next_due: '2026-04-01', reps: 0 } }),
    })
    const result = await cli(['practice', '--corpus', dir, '--today', '2026-05-01'], [])
    expect(result.code).toBe(0)
    expect(exists(dir, LOG)).toBe(false)
  })
})

describe('messages and config-invalid writes', () => {
  it('replay names the file and line of each malformed log line it skips', async () => {
    const dir = makeCorpus({
      'internalise/d.adoc': qandaNote('D', ['a']),
      [LOG]: '{"item":"d#a","date":"2026-05-01","grade":"good"}\nnot a review\n',
    })
    const result = await run(dir, '2026-05-02', 'replay')
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('internalise/.srs/log.jsonl:2')
  })

  it('a triage edit is refused with exit 2 while config.json is invalid, the note untouched', async () => {
    const dir = makeCorpus({ 'track/t.adoc': '= T\n:intent: track\n\n== Now\n* x\n', [CONFIG]: '{"track": ' })
    const before = snapshot(dir)
    expect((await run(dir, null, 'triage', 'add', 'track/t.adoc', 'Now', 'y')).code).toBe(2)
    expect((await run(dir, null, 'triage', 'prune', 'track/t.adoc:5')).code).toBe(2)
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })
})
