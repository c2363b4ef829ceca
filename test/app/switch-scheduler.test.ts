import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { switchScheduler } from '../../src/app/compare-schedulers.js'
import { ConfigInvalidError } from '../../src/app/write-state.js'
import { cli, copyCorpus } from '../support/cli.js'

const CONFIG = 'internalise/.srs/config.json'
const STATE = 'internalise/.srs/state.json'
const note = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]A?:: a\n[[b]]B?:: b\n'
const log =
  '{"item":"deck#a","date":"2026-11-01","grade":"good"}\n{"item":"deck#a","date":"2026-11-04","grade":"hard"}\n'

describe('switching the scheduler', () => {
  it('sets "scheduler" in config.json, keeps the other keys, and replays; switching back gives the same bytes', async () => {
    const vault = memoryVault({
      'internalise/deck.adoc': note,
      'internalise/.srs/log.jsonl': log,
      [CONFIG]: '{"leechThreshold": 5}\n',
    })
    await switchScheduler(vault, 'leitner', '2026-11-30')
    const leitnerState = vault.files.get(STATE)
    expect(JSON.parse(leitnerState!)['deck#a']).toEqual({ level: 2, next_due: '2026-11-07', reps: 2 })

    const result = await switchScheduler(vault, 'fsrs', '2026-11-30')
    expect(result).toMatchObject({ items: 2, changed: true, redated: 0 })
    expect(JSON.parse(vault.files.get(CONFIG)!)).toEqual({
      leechThreshold: 5,
      scheduler: 'fsrs',
      switches: [{ date: '2026-11-30', from: 'leitner', to: 'fsrs' }],
    })
    const fsrs = JSON.parse(vault.files.get(STATE)!)
    expect(Object.keys(fsrs['deck#a'])).toContain('stability')
    expect(fsrs['deck#b'].next_due).toBe('2026-12-01')

    await switchScheduler(vault, 'leitner', '2026-12-20')
    expect(vault.files.get(STATE)).toBe(leitnerState)
  })

  it('refuses to touch an invalid config.json', async () => {
    const vault = memoryVault({ 'internalise/deck.adoc': note, [CONFIG]: '{"scheduler": "anki"}' })
    await expect(switchScheduler(vault, 'sm2', '2026-11-30')).rejects.toBeInstanceOf(ConfigInvalidError)
    expect(vault.files.get(CONFIG)).toBe('{"scheduler": "anki"}')
    expect(vault.files.has(STATE)).toBe(false)
  })

  it('is `notekeeper schedulers --use NAME` on the command line', async () => {
    const dir = copyCorpus()
    const result = await cli(['schedulers', '--use', 'sm2', '--corpus', dir, '--today', '2026-11-30'])
    expect(result.code).toBe(0)
    expect(JSON.parse(readFileSync(join(dir, CONFIG), 'utf8'))).toEqual({
      scheduler: 'sm2',
      switches: [{ date: '2026-11-30', from: 'leitner', to: 'sm2' }],
    })
    const state = JSON.parse(readFileSync(join(dir, STATE), 'utf8')) as Record<string, Record<string, unknown>>
    for (const entry of Object.values(state))
      expect(Object.keys(entry).sort()).toEqual(['ef', 'interval', 'last_review', 'next_due', 'repetition', 'reps'])
    expect((await cli(['schedulers', '--use', 'anki', '--corpus', dir])).code).toBe(2)
  })
})
