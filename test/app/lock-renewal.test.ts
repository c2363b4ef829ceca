import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { acquireLogLock, type LockOptions, parseLock } from '../../src/app/lock.js'
import { appendReviews } from '../../src/app/log-writer.js'
import { LOCK_PATH, LOG_PATH } from '../../src/core/corpus.js'
import { formatReviewLine } from '../../src/core/log/format.js'
import type { Vault } from '../../src/ports/vault.js'

// SPEC 1.4: a holder keeps its lock fresh while it holds it (sync holds it over git's commands and
// the person's hooks, which may take longer than the 10 s after which a lock counts as left by a
// writer that died); a holder that died renews nothing, and its lock is taken over as before.
// One clock for the holder and a waiter, which moves when the waiter sleeps; the holder's
// renewal timers fire as it passes them.

const NOON = Date.UTC(2026, 4, 30, 12)
const review = formatReviewLine({ item: 'a#1', date: '2026-05-30', grade: 'good' })

function world() {
  const vault = memoryVault()
  const files = vault.files
  // A disk as Node sees it, without host turns: a renewal lands within the timer's own turn.
  const host: Vault = {
    ...vault,
    createExclusive: async (path, text) => (files.has(path) ? false : (files.set(path, text), true)),
    write: async (path, text) => void files.set(path, text),
    writeIfUnchanged: async (path, text, expected) =>
      files.get(path) === expected ? (files.set(path, text), true) : false,
    append: async (path, text) => void files.set(path, (files.get(path) ?? '') + text),
  }
  let now = NOON
  const timers: Array<{ at: number; ms: number; run: () => void; cancelled: boolean }> = []
  const world = {
    files,
    host,
    now: () => now,
    timers,
    /** Set when the holder is killed: its timers never fire again. */
    dead: false,
    renewals: [] as number[],
    /** Moves the clock, firing the holder's timers it passes, and lets their renewals land. */
    async advance(ms: number) {
      const until = now + ms
      for (;;) {
        const next = timers.filter(t => !t.cancelled && t.at <= until).sort((a, b) => a.at - b.at)[0]
        if (next === undefined) break
        now = next.at
        next.cancelled = true
        if (!world.dead) {
          next.run()
          world.renewals.push(now)
        }
        await new Promise(resolve => setImmediate(resolve))
      }
      now = until
    },
    holder: {
      now: () => now,
      random: () => 'holder',
      skipPauseAfterCreate: true,
      timer: (ms: number, run: () => void) => {
        const timer = { at: now + ms, ms, run, cancelled: false }
        timers.push(timer)
        return () => void (timer.cancelled = true)
      },
    } satisfies LockOptions,
    waiter(onSleep: () => void = () => undefined): LockOptions {
      return {
        now: () => now,
        random: () => 'waiter',
        jitter: () => 0.5,
        sleep: async ms => {
          await world.advance(ms)
          onSleep()
        },
      }
    },
  }
  return world
}

describe('a lock held longer than the stale window', () => {
  it('is written again every third of the window, with its token and the time: a writer waiting 25 s does not take it over, and gets it once released', async () => {
    const w = world()
    const held = await acquireLogLock(w.host, w.holder)
    expect(w.timers[0]?.ms).toBeCloseTo(10_000 / 3)
    let released = false
    let releasedWhenAppended: boolean | null = null
    const watched: Vault = {
      ...w.host,
      append: async (path, text) => ((releasedWhenAppended = released), w.host.append(path, text)),
    }
    const waiting = appendReviews(
      watched,
      [review],
      w.waiter(() => {
        if (!released && w.now() - NOON >= 25_000) {
          released = true
          void held.release()
        }
      }),
    )
    await waiting
    expect(releasedWhenAppended).toBe(true) // without renewals: taken over at 10 s, under the holder
    expect(w.renewals.length).toBeGreaterThanOrEqual(7)
    expect(w.files.get(LOG_PATH)).toBe(review)
    expect(w.files.has(LOCK_PATH)).toBe(false)
  })

  it('of a holder that died (killed: no renewal comes any more), is taken over one window after its last renewal', async () => {
    const w = world()
    await acquireLogLock(w.host, w.holder)
    await w.advance(7_000) // renewed at 3.3 s and 6.7 s
    expect(w.renewals).toHaveLength(2)
    const last = Date.parse(parseLock(w.files.get(LOCK_PATH) ?? null)?.at ?? '')
    expect(last).toBe(Math.floor(w.renewals[1] ?? 0)) // the lock says the time of its last renewal
    w.dead = true // kill -9
    let takenAt = 0
    const watched: Vault = { ...w.host, append: async (path, text) => ((takenAt = w.now()), w.host.append(path, text)) }
    await appendReviews(watched, [review], w.waiter())
    expect(takenAt - last).toBeGreaterThanOrEqual(10_000)
    expect(takenAt - last).toBeLessThan(10_200) // the wait's last retry, and the takeover's pause
    expect(w.files.get(LOG_PATH)).toBe(review)
  })

  it('is written atomically but never flushed to the disk: its renewals, a takeover and a release written as released (a crash leaves it stale anyway; a flush behind a busy disk would make it look stale)', async () => {
    const w = world()
    const writes: Array<{ path: string; durable: boolean | undefined }> = []
    const recorded: Vault = {
      ...w.host,
      write: async (path, text, options) => (
        writes.push({ path, durable: options?.durable }), w.host.write(path, text)
      ),
      writeIfUnchanged: async (path, text, expected, options) => (
        writes.push({ path, durable: options?.durable }), w.host.writeIfUnchanged?.(path, text, expected) ?? false
      ),
      // The host cannot delete it (the bridge across drives): released by writing it so.
      remove: async () => {
        throw new Error('EXDEV')
      },
    }
    const held = await acquireLogLock(recorded, w.holder)
    await w.advance(7_000) // two renewals
    w.dead = true
    await appendReviews(recorded, [review], w.waiter()) // takes the stale lock over, then releases it
    await held.release()
    expect(writes.filter(write => write.path === LOCK_PATH).length).toBeGreaterThanOrEqual(4)
    expect(writes.filter(write => write.path === LOCK_PATH && write.durable !== false)).toEqual([])
  })

  it('is written no more once released, even by a renewal under way at the release', async () => {
    const w = world()
    // A whole-file host (the plugin's bridge): no writeIfUnchanged, and a read answered a while
    // after it was asked, as the reply of a renewal's read that is in flight at the release.
    const { writeIfUnchanged: _, ...bridge } = w.host
    let slowRead: Promise<void> | null = null
    const host: Vault = {
      ...bridge,
      read: async path => {
        const text = w.files.get(path) ?? null
        if (slowRead !== null) await slowRead
        return text
      },
    }
    const held = await acquireLogLock(host, w.holder)
    await w.advance(3_400)
    const next = w.timers.at(-1)
    // The next renewal fires, and the release comes before its read has been answered.
    slowRead = new Promise(resolve => setTimeout(resolve, 20))
    if (next) {
      next.cancelled = true
      next.run()
    }
    slowRead = null
    expect(await held.release()).toBe(true)
    await new Promise(resolve => setTimeout(resolve, 40))
    await w.advance(60_000)
    expect(w.files.has(LOCK_PATH)).toBe(false)
    expect(w.timers.every(t => t.cancelled)).toBe(true)
  })

  it('found taken over (its holder stalled past the window): left to the other writer, and no longer renewed', async () => {
    const w = world()
    const held = await acquireLogLock(w.host, w.holder)
    const theirs = JSON.stringify({ owner: 'other', at: new Date(NOON + 1_000).toISOString() })
    w.files.set(LOCK_PATH, theirs)
    await w.advance(20_000)
    expect(w.files.get(LOCK_PATH)).toBe(theirs)
    expect(w.renewals).toHaveLength(1) // the one that found it taken, and planned no other
    expect(await held.release()).toBe(false)
    expect(w.files.get(LOCK_PATH)).toBe(theirs)
  })
})
