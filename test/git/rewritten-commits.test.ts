// What git can do to sync commits and to the log's line ends, with real git (reported by a review
// of issue 13's twelfth round): a device with core.autocrlf, a squash, an amend that took in one
// more review, a file git would read as pathspec magic. No review may be lost or counted twice.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Device,
  makeWorld,
  ok,
  practise,
  seedTwoDevices,
  sortedLines,
  TODO_NOTE,
  WORDS_NOTE,
  type World,
} from './git-kit.js'

const LOG = 'internalise/.srs/log.jsonl'
let world: World
let twoDevices: (name: string) => { a: Device; b: Device }
beforeAll(async () => {
  world = await makeWorld()
  twoDevices = await seedTwoDevices(world)
}, 240_000)
afterAll(() => world?.remove())

function crlf(device: Device): void {
  device.git('config', 'core.autocrlf', 'true')
  if (fs.existsSync(path.join(device.dir, LOG))) {
    fs.rmSync(path.join(device.dir, LOG))
    device.git('checkout', '--', LOG)
  }
}

describe('reviews counted once and only once, whatever git did to the commits and line ends', () => {
  it('a device with core.autocrlf (CRLF in its work tree): a rewritten sync commit counts its reviews once', async () => {
    const { a, b } = twoDevices('t1c')
    const zero = await practise(a, '2026-11-30', [['beta', 'good']])
    await ok(a.nk('sync', '--today', '2026-11-30'))
    await ok(b.nk('sync', '--today', '2026-11-30'))
    crlf(b)
    const made0 = [...zero]
    const made = await practise(b, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
    ])
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(a, '2026-12-01', [['gamma', 'easy']])))
    a.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    b.write('internalise/words.adoc', WORDS_NOTE.replace('The first.', 'The very first.'))
    b.git('commit', '-q', '-a', '--amend', '--no-edit')
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(b.read(LOG).replace(/\r/g, ''))).toEqual([...made0, ...made].sort())
  }, 240_000)

  it('a device with core.autocrlf: the very same reviews made on both devices are kept twice', async () => {
    const { a, b } = twoDevices('t1b')
    const zero = await practise(a, '2026-11-30', [['beta', 'good']])
    await ok(a.nk('sync', '--today', '2026-11-30'))
    await ok(b.nk('sync', '--today', '2026-11-30'))
    crlf(b)
    const one = await practise(a, '2026-12-01', [['alpha', 'good']])
    await practise(b, '2026-12-01', [['alpha', 'good']])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(b.read(LOG).replace(/\r/g, ''))).toEqual([...zero, ...one, ...one].sort())
  }, 240_000)

  it('two pushed sync commits squashed into one with both messages: each review counts once', async () => {
    const { b } = twoDevices('t2')
    const made = await practise(b, '2026-12-01', [['alpha', 'good']])
    await ok(b.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(b, '2026-12-01', [['beta', 'hard']])))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    // squash the two, keeping both messages
    const msg = `${b.git('log', '-2', '--format=%B', '--reverse')}`
    b.git('reset', '--soft', 'HEAD~2')
    b.git('commit', '-q', '-m', msg)
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
  }, 240_000)

  it('a pushed sync commit amended with one more review and force-pushed, that review also made on the other device: both kept', async () => {
    const { a, b } = twoDevices('t3')
    const l = await practise(a, '2026-12-01', [['alpha', 'good']])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    // A practises beta and folds it into the pushed commit, then force-pushes
    const m = await practise(a, '2026-12-01', [['beta', 'good']])
    a.git('commit', '-q', '-a', '--amend', '--no-edit')
    a.git('push', '-q', '--force', 'origin', 'HEAD:main')
    // B independently grades beta good the same day
    const m2 = await practise(b, '2026-12-01', [['beta', 'good']])
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(b.read(LOG))).toEqual([...l, ...m, ...m2].sort())
  }, 240_000)

  it('a conflict on a file named :inbox.txt (pathspec magic to git) is settled like any other', async () => {
    const { a, b } = twoDevices('t5')
    a.write(':inbox.txt', 'one\n')
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    a.write(':inbox.txt', 'one from a\n')
    await ok(a.nk('sync', '--today', '2026-12-01'))
    b.write(':inbox.txt', 'one from b\n')
    const stopped = await b.nk('sync', '--today', '2026-12-01')
    expect(stopped.code).toBe(1)
    expect(stopped.stderr).toContain('both devices changed :inbox.txt')
    b.write(':inbox.txt', 'one from a and b\n')
    const done = await b.nk('sync', '--today', '2026-12-01')
    expect(done.code).toBe(0)
  }, 240_000)
})
