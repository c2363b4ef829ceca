import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltCli, buildCli, runBuilt } from './built-cli.js'
import { exists, LOG, logLine, makeCorpus, qandaNote, read, run, STATE } from './corpus-kit.js'

// SPEC 1.4, "Two writers": every writer takes internalise/.srs/log.lock; a stale lock may be
// taken over; no graded review may be lost.

const LOCK = 'internalise/.srs/log.lock'
const IDS = ['a', 'b', 'c', 'e', 'f', 'g']

let built: BuiltCli | null = null
beforeAll(async () => {
  built = await buildCli()
}, 120_000)
afterAll(() => built?.remove())

function expectAllGraded(dir: string, lines: string[]): void {
  const log = read(dir, LOG)
  expect(log.endsWith('\n')).toBe(true)
  expect(log.split('\n').filter(Boolean).sort()).toEqual(lines.map(l => l.trim()).sort())
  expect(exists(dir, LOCK)).toBe(false)
}

describe("the writers' lock", () => {
  it('a lock older than 10 seconds is stale: grade takes it over, appends, and releases it', async () => {
    const dir = makeCorpus({
      'internalise/d.adoc': qandaNote('D', ['a']),
      [LOCK]: JSON.stringify({ owner: 'crashed-writer', at: '2020-01-01T00:00:00.000Z' }),
    })
    const result = await run(dir, '2026-05-01', 'grade', 'd#a', 'good')
    expect(result.code, result.stderr).toBe(0)
    expectAllGraded(dir, [logLine('d#a', '2026-05-01', 'good')])
  })

  it('a wait for a lock longer than a second is said on stderr, so that the command is not taken for a hung one', async () => {
    // A lock a killed writer left 8.5 s ago: stale in 1.5 s, so grade waits that long.
    const dir = makeCorpus({
      'internalise/d.adoc': qandaNote('D', ['a']),
      [LOCK]: JSON.stringify({ owner: 'killed-writer', at: new Date(Date.now() - 8500).toISOString() }),
    })
    const result = await run(dir, '2026-05-01', 'grade', 'd#a', 'good')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(
      /^notekeeper: waiting for internalise\/\.srs\/log\.lock: another Notekeeper is writing/m,
    )
    expectAllGraded(dir, [logLine('d#a', '2026-05-01', 'good')])
    // A lock free at once is no wait to speak of.
    const quick = await run(dir, '2026-05-01', 'grade', 'd#a', 'good')
    expect(quick.stderr).not.toContain('waiting for')
  })

  it('grades started together in one process all land, each on its own line, and the state matches a replay', async () => {
    const dir = makeCorpus({ 'internalise/d.adoc': qandaNote('D', IDS) })
    const results = await Promise.all(IDS.map(id => run(dir, '2026-05-01', 'grade', `d#${id}`, 'good')))
    expect(results.map(r => r.code)).toEqual(IDS.map(() => 0))
    expectAllGraded(
      dir,
      IDS.map(id => logLine(`d#${id}`, '2026-05-01', 'good')),
    )
    const state = read(dir, STATE)
    await run(dir, '2026-05-01', 'replay')
    expect(read(dir, STATE)).toBe(state)
  })

  it('grades from separate processes at once all land', async () => {
    const dir = makeCorpus({ 'internalise/d.adoc': qandaNote('D', IDS) })
    const results = await Promise.all(
      IDS.map(id => runBuilt(built!.bin, ['grade', `d#${id}`, 'easy', '--corpus', dir, '--today', '2026-05-01'])),
    )
    for (const result of results) expect(result.code, result.stderr).toBe(0)
    expectAllGraded(
      dir,
      IDS.map(id => logLine(`d#${id}`, '2026-05-01', 'easy')),
    )
    const state = read(dir, STATE)
    await run(dir, '2026-05-01', 'replay')
    expect(read(dir, STATE)).toBe(state)
  })

  it('a lock younger than 10 seconds makes grade wait; it appends once the lock is released', async () => {
    const dir = makeCorpus({
      'internalise/d.adoc': qandaNote('D', ['a']),
      [LOCK]: JSON.stringify({ owner: 'busy-writer', at: new Date().toISOString() }),
    })
    const grading = run(dir, '2026-05-01', 'grade', 'd#a', 'good')
    await new Promise(resolve => setTimeout(resolve, 1500))
    // Well inside the 10 seconds: the other writer still holds the log.
    expect(exists(dir, LOG)).toBe(false)
    rmSync(join(dir, LOCK))
    const result = await grading
    expect(result.code, result.stderr).toBe(0)
    expectAllGraded(dir, [logLine('d#a', '2026-05-01', 'good')])
  })
})
