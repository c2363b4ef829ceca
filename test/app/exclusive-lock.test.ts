import { describe, expect, it } from 'vitest'
import { type MemoryVault, memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { parseLock } from '../../src/app/lock.js'
import { appendAfterMark, appendReviews } from '../../src/app/log-writer.js'
import { LOCK_PATH, LOG_PATH, type LogFileMark } from '../../src/core/corpus.js'
import { formatReviewLine } from '../../src/core/log/format.js'
import type { Vault } from '../../src/ports/vault.js'
import { tempCorpus } from '../support/temp-corpus.js'

// ADR 0024: a lock made by an exclusive create is held without the pause; the release check and
// the repair stand in for it. A lock written over (taken over, found released, or on a host with
// no exclusive create) still pauses and reads back.

const review = (item: string) => formatReviewLine({ item, date: '2026-05-30', grade: 'good' })
const NOON = Date.UTC(2026, 4, 30, 12)
const lockOf = (owner: string, atMs: number, released = false) =>
  JSON.stringify({ owner, at: new Date(atMs).toISOString(), ...(released ? { released } : {}) })
const markOf = (text: string): LogFileMark => ({
  bytes: new TextEncoder().encode(text).length,
  chars: text.length,
  lines: text.split('\n').filter(Boolean).length,
  endsWithNewline: text === '' || text.endsWith('\n'),
})

/** A clock that moves only when the writer sleeps; `onSleep` lets a test act as the other writer. */
function fakeTime(onSleep: (count: number) => void = () => undefined) {
  let now = NOON
  let count = 0
  const slept: number[] = []
  const options = {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms)
      now += ms
      onSleep(++count)
      await new Promise(resolve => setImmediate(resolve))
    },
    random: () => 'me',
    jitter: () => 0.5,
    pauseMs: 30,
  }
  return { slept, options }
}

/** A disk as Node sees it, in memory: an exclusive create, and an append that lands whole at once. */
function disk(initial: Record<string, string>, onCreate: (count: number) => void = () => undefined) {
  const vault: MemoryVault = memoryVault(initial)
  let creates = 0
  const host: Vault = {
    ...vault,
    createExclusive: async (path, text) => {
      if (vault.files.has(path)) return false
      vault.files.set(path, text)
      onCreate(++creates)
      return true
    },
    append: async (path, text) => void vault.files.set(path, (vault.files.get(path) ?? '') + text),
  }
  return { files: vault.files, host }
}

describe('the lock on a host with an exclusive create (Node)', () => {
  it('appends at once after creating the lock: no pause, and the lock is read only at release', async () => {
    const corpus = tempCorpus({ [LOG_PATH]: review('a#1') })
    try {
      const real = nodeVault(corpus.path)
      const calls: string[] = []
      const spy: Vault = {
        ...real,
        createExclusive: (path, text) => (calls.push(`create ${path}`), real.createExclusive!(path, text)),
        read: path => (calls.push(`read ${path}`), real.read(path)),
        append: (path, text) => (calls.push(`append ${path}`), real.append(path, text)),
        stat: path => (calls.push(`stat ${path}`), real.stat!(path)),
      }
      const time = fakeTime()
      await appendReviews(spy, [review('a#2')], time.options)
      const viaMark = await appendAfterMark(spy, [review('a#3')], markOf(review('a#1') + review('a#2')), time.options)
      expect(time.slept).toEqual([])
      const grade = calls.slice(calls.lastIndexOf(`create ${LOCK_PATH}`))
      expect(grade).toEqual([
        `create ${LOCK_PATH}`,
        `stat ${LOG_PATH}`,
        `append ${LOG_PATH}`,
        `stat ${LOG_PATH}`,
        `read ${LOCK_PATH}`,
      ])
      expect(viaMark.mark).not.toBeNull()
      expect(await real.read(LOG_PATH)).toBe(review('a#1') + review('a#2') + review('a#3'))
      expect(await real.read(LOCK_PATH)).toBeNull()
    } finally {
      corpus.remove()
    }
  })

  it('still pauses and reads back a lock it takes over (stale) or finds released: those are written, not created', async () => {
    for (const found of [lockOf('dead', NOON - 10_001), lockOf('gone', NOON - 1_000, true)]) {
      const corpus = tempCorpus({ [LOCK_PATH]: found })
      try {
        const time = fakeTime()
        await appendReviews(nodeVault(corpus.path), [review('a#1')], time.options)
        expect(time.slept).toEqual([30])
        expect(await nodeVault(corpus.path).read(LOG_PATH)).toBe(review('a#1'))
      } finally {
        corpus.remove()
      }
    }
  })
})

describe('a whole-file writer (the plugin) overwrites the lock between our create and our release', () => {
  // The plugin saw no lock just before our create; its lock lands right after it, and it reads the
  // log before our append lands (our process stalled longer than the plugin's pause). It then
  // writes its whole log, without our line, either before our release or while we wait to repair.
  // Its line is as long as ours, so appendAfterMark's size check after our append passes: only the
  // release check, which finds its token, tells us.
  const before = review('old#1')
  for (const when of ['before our release', 'after our release'] as const) {
    for (const path of ['appendReviews', 'appendAfterMark'] as const) {
      it(`${path}: its erasing write lands ${when}; our line is put back, nothing is lost`, async () => {
        let pluginRead: string | null = null
        const { files, host } = disk({ [LOG_PATH]: before }, count => {
          if (count !== 1) return
          files.set(LOCK_PATH, lockOf('plugin', NOON))
          pluginRead = files.get(LOG_PATH) ?? ''
        })
        const pluginWrites = () => files.set(LOG_PATH, `${pluginRead}${review('pl#1')}`)
        let appends = 0
        const racing: Vault = {
          ...host,
          append: async (p, text) => {
            await host.append(p, text)
            if (++appends === 1 && when === 'before our release') pluginWrites()
          },
        }
        const time = fakeTime(count => {
          if (count === 1 && when === 'after our release') pluginWrites()
          if (count === 2) files.delete(LOCK_PATH) // the plugin releases
        })
        const warnings: string[] = []
        const options = { ...time.options, onWarning: (m: string) => warnings.push(m) }
        if (path === 'appendReviews') await appendReviews(racing, [review('me#1')], options)
        else expect((await appendAfterMark(racing, [review('me#1')], markOf(before), options)).mark).toBeNull()
        expect(files.get(LOG_PATH)).toBe(before + review('pl#1') + review('me#1'))
        expect(files.has(LOCK_PATH)).toBe(false)
        if (path === 'appendReviews') expect(warnings).toEqual([expect.stringContaining('1 line(s) were put back')])
      })
    }
  }

  it('the repair itself pauses and reads back: a second plugin write racing the repair loses nothing either', async () => {
    const before = review('old#1')
    let pluginRead: string | null = null
    let pluginLanded = 0
    const { files, host } = disk({ [LOG_PATH]: before }, count => {
      // Our first create and our repair's create are each followed by a plugin's lock landing.
      if (count > 2) return
      files.set(LOCK_PATH, lockOf(`plugin${count}`, NOON))
      pluginRead = files.get(LOG_PATH) ?? ''
      pluginLanded = count
    })
    const racing: Vault = {
      ...host,
      read: async p => {
        // Its erasing write lands at our next look at the lock, and it releases right after.
        if (p === LOCK_PATH && pluginLanded > 0) {
          files.set(LOG_PATH, `${pluginRead}${review(`pl#${pluginLanded}`)}`)
          files.delete(LOCK_PATH)
          pluginLanded = 0
        }
        return host.read(p)
      },
    }
    const time = fakeTime()
    await appendReviews(racing, [review('me#1')], time.options)
    expect(files.get(LOG_PATH)).toBe(before + review('pl#1') + review('pl#2') + review('me#1'))
    expect(time.slept).toContain(30) // the repair's pause
    expect(parseLock(files.get(LOCK_PATH) ?? null)).toBeNull()
  })
})
