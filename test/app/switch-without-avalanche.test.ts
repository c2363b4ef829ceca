import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { switchScheduler } from '../../src/app/compare-schedulers.js'
import { cli, copyCorpus } from '../support/cli.js'

// Issue 11, point 3 (SPEC 1.6): `schedulers --use NAME` keeps every item's due date until its
// next review; `--reschedule` re-dates everything at once, as a full replay does.

const CONFIG = 'internalise/.srs/config.json'
const STATE = 'internalise/.srs/state.json'
const TODAY = '2026-11-30'

async function dueToday(dir: string): Promise<string[]> {
  const result = await cli(['due', '--json', '--corpus', dir, '--today', TODAY])
  expect(result.code, result.stderr).toBe(0)
  return (JSON.parse(result.stdout) as { due: { id: string }[] }).due.map(d => d.id).sort()
}

const readState = (dir: string) => readFileSync(join(dir, STATE), 'utf8')

describe('switching without an avalanche, on the example corpus', () => {
  it('Leitner to FSRS leaves today’s due items as they were; --reschedule gives what a full replay gives', async () => {
    const dir = copyCorpus()
    expect((await cli(['replay', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    const leitnerDue = await dueToday(dir)
    const leitnerDates = Object.fromEntries(
      Object.entries(JSON.parse(readState(dir)) as Record<string, { next_due: string }>).map(([id, e]) => [
        id,
        e.next_due,
      ]),
    )

    const switched = await cli(['schedulers', '--use', 'fsrs', '--corpus', dir, '--today', TODAY])
    expect(switched.code, switched.stderr).toBe(0)
    expect(await dueToday(dir)).toEqual(leitnerDue)
    const kept = JSON.parse(readState(dir)) as Record<string, { next_due: string; stability: number }>
    for (const [id, entry] of Object.entries(kept)) {
      expect(entry.next_due).toBe(leitnerDates[id])
      expect(entry.stability).toBeGreaterThan(0) // FSRS's memory state, built from the whole history
    }

    // The full replay, by hand: the scheduler key edited with no switch record.
    const full = copyCorpus()
    writeFileSync(join(full, CONFIG), '{"scheduler": "fsrs"}\n')
    expect((await cli(['replay', '--corpus', full, '--today', TODAY])).code).toBe(0)
    const fullDue = await dueToday(full)
    expect(fullDue.length).toBeGreaterThan(leitnerDue.length) // the avalanche the default avoids

    const rescheduled = copyCorpus()
    expect((await cli(['replay', '--corpus', rescheduled, '--today', TODAY])).code).toBe(0)
    const result = await cli(['schedulers', '--use', 'fsrs', '--reschedule', '--corpus', rescheduled, '--today', TODAY])
    expect(result.code, result.stderr).toBe(0)
    expect(await dueToday(rescheduled)).toEqual(fullDue)
    expect(readState(rescheduled)).toBe(readState(full))
    expect(JSON.parse(readFileSync(join(rescheduled, CONFIG), 'utf8'))).toEqual({ scheduler: 'fsrs' })
  })

  it('hands an item to the new scheduler at its next review, with a memory state from its whole history', async () => {
    const dir = copyCorpus()
    expect((await cli(['replay', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    expect((await cli(['schedulers', '--use', 'fsrs', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    const [id] = await dueToday(dir)
    expect((await cli(['grade', id!, 'good', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    const entry = (JSON.parse(readState(dir)) as Record<string, { next_due: string }>)[id!]!

    const full = copyCorpus()
    writeFileSync(join(full, CONFIG), '{"scheduler": "fsrs"}\n')
    expect((await cli(['grade', id!, 'good', '--corpus', full, '--today', TODAY])).code).toBe(0)
    expect(entry).toEqual((JSON.parse(readState(full)) as Record<string, unknown>)[id!])
  })

  it('switching away and back on the same corpus gives the same state.json bytes', async () => {
    const dir = copyCorpus()
    expect((await cli(['replay', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    const before = readState(dir)
    for (const name of ['fsrs', 'sm2', 'passfail', 'leitner'])
      expect((await cli(['schedulers', '--use', name, '--corpus', dir, '--today', TODAY])).code).toBe(0)
    expect(readState(dir)).toBe(before)
  })

  it('a record overtaken by a hand edit of "scheduler" replays fully, and the next switch starts a new record', async () => {
    const note = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]A?:: a\n'
    const vault = memoryVault({
      'internalise/deck.adoc': note,
      'internalise/.srs/log.jsonl': '{"item":"deck#a","date":"2026-11-01","grade":"good"}\n',
      [CONFIG]: JSON.stringify({ scheduler: 'sm2', switches: [{ date: '2026-11-10', from: 'leitner', to: 'fsrs' }] }),
    })
    await switchScheduler(vault, 'sm2', TODAY) // already sm2: only registers the state
    const sm2 = JSON.parse(vault.files.get(STATE)!) as Record<string, Record<string, unknown>>
    expect(sm2['deck#a']).toMatchObject({ next_due: '2026-11-02', repetition: 1 }) // SM-2's own date, not Leitner's
    await switchScheduler(vault, 'leitner', TODAY)
    expect(JSON.parse(vault.files.get(CONFIG)!).switches).toEqual([{ date: TODAY, from: 'sm2', to: 'leitner' }])
  })

  it('refuses a switch dated before the last one recorded, writing nothing (it replayed everything, saying nothing moved)', async () => {
    const dir = copyCorpus()
    expect((await cli(['schedulers', '--use', 'fsrs', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    const config = readFileSync(join(dir, CONFIG), 'utf8')
    const state = readState(dir)
    const earlier = await cli(['schedulers', '--use', 'sm2', '--corpus', dir, '--today', '2026-11-29'])
    expect(earlier.code).toBe(2)
    // One line, said as a refusal: no usage block after it, as after a mistyped command.
    expect(earlier.stderr).toBe(
      `notekeeper: --use sm2: the last switch, from leitner to fsrs, is dated ${TODAY}, after 2026-11-29: a switch cannot be dated before it (give --today ${TODAY} or later); nothing written\n`,
    )
    expect(readFileSync(join(dir, CONFIG), 'utf8')).toBe(config)
    expect(readState(dir)).toBe(state)
    // On the same date or later it is taken.
    expect((await cli(['schedulers', '--use', 'sm2', '--corpus', dir, '--today', TODAY])).code).toBe(0)
  })

  it('says which items the switch re-dates at once: those reviewed on its own date (SPEC 1.6)', async () => {
    const dir = copyCorpus()
    expect((await cli(['replay', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    const [first, second] = Object.keys(JSON.parse(readState(dir)) as object)
    for (const id of [first, second])
      expect((await cli(['grade', id!, 'good', '--corpus', dir, '--today', TODAY])).code).toBe(0)
    const before = JSON.parse(readState(dir)) as Record<string, { next_due: string }>
    const switched = await cli(['schedulers', '--use', 'sm2', '--corpus', dir, '--today', TODAY])
    expect(switched.code, switched.stderr).toBe(0)
    const after = JSON.parse(readState(dir)) as Record<string, { next_due: string }>
    const moved = Object.keys(after).filter(id => after[id]?.next_due !== before[id]?.next_due)
    expect(moved.sort()).toEqual([first, second].sort())
    expect(switched.stdout).toMatch(
      new RegExp(
        `every item keeps its due date until its next review \\(\\d+ items\\), except 2 reviewed on ${TODAY}, which sm2 re-dates at once`,
      ),
    )
  })

  it('shows both choices in `schedulers --compare`', async () => {
    const dir = copyCorpus()
    const result = await cli(['schedulers', '--compare', '--json', '--days', '7', '--corpus', dir, '--today', TODAY])
    expect(result.code, result.stderr).toBe(0)
    const rows = (
      JSON.parse(result.stdout) as {
        schedulers: { scheduler: string; dueToday: number; rescheduled: { dueToday: number } }[]
      }
    ).schedulers
    const leitner = rows.find(r => r.scheduler === 'leitner')!
    const fsrs = rows.find(r => r.scheduler === 'fsrs')!
    expect(fsrs.dueToday).toBe(leitner.dueToday)
    expect(fsrs.rescheduled.dueToday).toBe((await dueTodayUnder(dir, 'fsrs')).length)
  })
})

async function dueTodayUnder(dir: string, scheduler: string): Promise<string[]> {
  const copy = copyCorpus(dir)
  writeFileSync(join(copy, CONFIG), JSON.stringify({ scheduler }))
  return dueToday(copy)
}
