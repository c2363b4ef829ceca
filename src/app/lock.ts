import { LOCK_PATH } from '../core/corpus.js'
import { type Vault, VaultError, type WriteOptions } from '../ports/vault.js'

/**
 * The log writers' lock of SPEC 1.4 (`internalise/.srs/log.lock`), as ADR 0005 explains it.
 * Time, sleeping and randomness come in as options so that tests can drive every path.
 */
export interface LockOptions {
  /** Milliseconds since the epoch. */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** The owner token written into the lock. */
  random?: () => string
  /** A number in [0, 1) spreading the retries of writers that collided. */
  jitter?: () => number
  /** The pause between writing the lock and reading it back; must exceed any writer's check-to-write gap. */
  pauseMs?: number
  /** A lock older than this belongs to a writer that died (SPEC: 10 seconds). */
  staleMs?: number
  /** Give up waiting for another writer after this long. */
  timeoutMs?: number
  /**
   * Hold a lock made by an exclusive create at once, without the pause and read-back (ADR 0024).
   * Only for a caller that checks `release()`'s answer and repairs when it is false, or that only
   * reads (log-writer.ts). A lock written over (a stale or released one, a host without an
   * exclusive create) still pauses and reads back.
   */
  skipPauseAfterCreate?: boolean
  /** Told once when the wait for another writer's lock passes `NOTICE_AFTER_MS` (default: `lockWaitNotice`'s listener). */
  onWait?: (message: string) => void
  /**
   * Calls `run` once after `ms`, unless the returned function cancels it first: when the holder
   * writes its lock again (`RENEWALS_PER_WINDOW`). Default: a timer that keeps no process alive.
   */
  timer?: (ms: number, run: () => void) => () => void
}

/**
 * A holder writes its lock again, with its token and the time now, this many times per stale
 * window (every 3.3 s of the 10 s) until it releases (SPEC 1.4): a lock held over a long step
 * (sync's merge, replay and commit, with the person's git hooks) never looks stale while its
 * holder lives, and one or two renewals missed on a loaded machine do not lose it. A holder
 * killed renews nothing: its lock goes stale one window after its last renewal, as before.
 */
export const RENEWALS_PER_WINDOW = 3

/** How long a wait for the lock goes unsaid: a writer holds it for milliseconds, a lock left behind for 10 s. */
export const NOTICE_AFTER_MS = 1000

let waitListener: ((message: string) => void) | null = null

/**
 * Who hears, in this process, that a command is waiting for another writer's lock: the CLI says
 * it on stderr, so that a command that waits up to 10 s for a lock a killed process left is not
 * taken for one that hangs. One listener per process (null: none).
 */
export function lockWaitNotice(listener: ((message: string) => void) | null): void {
  waitListener = listener
}

export interface HeldLock {
  readonly token: string
  /**
   * Removes the lock if it still holds our token, and says whether it did. A lock someone took
   * over is left alone: finding one means another writer may have written while we did.
   */
  release(): Promise<boolean>
}

export interface LockRecord {
  owner: string
  at: string
  /** Written by a holder whose host cannot delete the file (SPEC 1.4): the lock is free. */
  released?: boolean
}

export class LockTimeoutError extends Error {
  constructor(
    readonly holder: string | null,
    waitedMs: number,
  ) {
    super(
      `The review log is locked by another writer (${LOCK_PATH}${holder ? `, owner ${holder}` : ''}); ` +
        `gave up after ${Math.round(waitedMs / 1000)} s. Nothing was written; try again.`,
    )
    this.name = 'LockTimeoutError'
  }
}

export const DEFAULT_PAUSE_MS = 30
export const DEFAULT_STALE_MS = 10_000
export const DEFAULT_TIMEOUT_MS = 30_000

export function parseLock(text: string | null): LockRecord | null {
  if (text === null) return null
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return null
    const { owner, at, released } = value as { owner?: unknown; at?: unknown; released?: unknown }
    if (typeof owner !== 'string' || typeof at !== 'string') return null
    return released === true ? { owner, at, released: true } : { owner, at }
  } catch {
    return null
  }
}

/**
 * What is at the lock path, or null when nothing is. Anything the vault cannot read as a file (a
 * named pipe, a socket, a dangling link, a folder) is no lock any writer made: it is reported at
 * once and left for the person, never waited on or taken over.
 */
async function readLock(vault: Vault): Promise<string | null> {
  try {
    return await vault.read(LOCK_PATH)
  } catch (error) {
    if (!(error instanceof VaultError)) throw error
    const reason = error.message.startsWith(`${LOCK_PATH}: `)
      ? error.message.slice(LOCK_PATH.length + 2)
      : error.message
    throw new VaultError(
      LOCK_PATH,
      `the review log's lock cannot be used (${reason}); it is left as it is: remove it when no other Notekeeper is writing. Nothing was written`,
      { cause: error },
    )
  }
}

/** The lock is written atomically but never flushed: a crash leaves it stale anyway (WriteOptions). */
const NOT_DURABLE: WriteOptions = { durable: false }

const realSleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))
const realTimer = (ms: number, run: () => void): (() => void) => {
  const timer = setTimeout(run, ms)
  // Node: a pending renewal must not keep a command alive (release cancels it anyway).
  ;(timer as { unref?: () => void }).unref?.()
  return () => clearTimeout(timer)
}
const randomToken = (): string => `${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`

export async function acquireLogLock(vault: Vault, options: LockOptions = {}): Promise<HeldLock> {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? realSleep
  const jitter = options.jitter ?? Math.random
  const pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const token = (options.random ?? randomToken)()
  const started = now()
  const renewal = { everyMs: staleMs / RENEWALS_PER_WINDOW, timer: options.timer ?? realTimer }
  const retryDelay = (): number => Math.max(pauseMs, 5) * (1 + 2 * jitter())
  // A lock whose time cannot be trusted (unreadable, or dated ahead by a skewed clock) goes stale
  // once we have watched it unchanged for staleMs: its writer is gone either way.
  let watched: { text: string; since: number } | null = null
  let noticed = false
  const notice = (text: string | null): void => {
    const listener = options.onWait ?? waitListener
    if (noticed || listener === null || now() - started < NOTICE_AFTER_MS) return
    noticed = true
    // Whichever comes first of the two ways isStale lets go: the lock's own age, when its time can
    // be trusted (not ahead of ours), or staleMs of watching it unchanged.
    const at = Date.parse(parseLock(text)?.at ?? '')
    const byAge = Number.isNaN(at) || at > now() ? Number.POSITIVE_INFINITY : staleMs - (now() - at)
    const byWatch = watched?.text === text ? staleMs - (now() - watched.since) : staleMs
    const left = Math.max(0, Math.min(byAge, byWatch))
    listener(
      `waiting for ${LOCK_PATH}: another Notekeeper is writing the review log, or one that stopped left its lock ` +
        `(taken over when it is ${Math.round(staleMs / 1000)} s old, in about ${Math.ceil(left / 1000)} s)`,
    )
  }

  const isStale = (text: string): boolean => {
    const at = Date.parse(parseLock(text)?.at ?? '')
    if (!Number.isNaN(at) && now() - at >= staleMs) return true
    if (watched?.text !== text) watched = { text, since: now() }
    return now() - watched.since >= staleMs
  }

  for (;;) {
    if (now() - started >= timeoutMs) {
      throw new LockTimeoutError(parseLock(await readLock(vault))?.owner ?? null, now() - started)
    }
    const body = JSON.stringify({ owner: token, at: new Date(now()).toISOString() })
    const created = vault.createExclusive ? await vault.createExclusive(LOCK_PATH, body) : false
    // No other creator can hold it; a whole-file writer that saw it absent and overwrites it is
    // seen by the release check, and the caller puts back what it erased (ADR 0024).
    if (created && options.skipPauseAfterCreate) return heldLock(vault, token, now, renewal)
    let wrote = created
    if (!wrote) {
      const existing = await readLock(vault)
      if (existing === null && vault.createExclusive) continue // released in between: create again
      // A lock written as released (SPEC 1.4) is free: take it as if it were absent.
      if (existing === null || parseLock(existing)?.released === true || isStale(existing)) {
        await vault.write(LOCK_PATH, body, NOT_DURABLE)
        wrote = true
      } else notice(existing)
    }
    if (wrote) {
      // Anyone who checked before our write and writes after it does so within its check-to-write
      // gap; waiting longer than that gap lets us see their token instead of ours.
      await sleep(pauseMs)
      if (parseLock(await readLock(vault))?.owner === token) return heldLock(vault, token, now, renewal)
    }
    await sleep(retryDelay())
  }
}

function heldLock(
  vault: Vault,
  token: string,
  now: () => number,
  renewal: { everyMs: number; timer: (ms: number, run: () => void) => () => void },
): HeldLock {
  let releasing = false
  /** Renewals stop for good once the lock is found not ours (or gone): it is not ours to write. */
  let lost = false
  let renewing: Promise<void> | null = null
  let cancel: () => void = () => undefined
  const renew = async (): Promise<void> => {
    const text = await vault.read(LOCK_PATH)
    const held = parseLock(text)
    if (releasing) return
    // Taken over (the holder stalled past the window), released or gone.
    if (text === null || held?.owner !== token || held.released) {
      lost = true
      return
    }
    const body = JSON.stringify({ owner: token, at: new Date(now()).toISOString() })
    // Written whole, as a takeover writes it: a waiter never reads half a lock. Where the host can,
    // only over the text just read, so a writer that took the lock in between keeps it.
    if (vault.writeIfUnchanged) await vault.writeIfUnchanged(LOCK_PATH, body, text, NOT_DURABLE)
    else await vault.write(LOCK_PATH, body, NOT_DURABLE)
  }
  const plan = (): void => {
    cancel = renewal.timer(renewal.everyMs, () => {
      renewing = renew()
        .catch(() => undefined) // a failed renewal is tried again at the next one
        .finally(() => {
          renewing = null
          if (!releasing && !lost) plan()
        })
    })
  }
  plan()
  return {
    token,
    async release() {
      releasing = true
      cancel()
      await renewing // a renewal under way lands before the lock is removed, never after
      const held = parseLock(await vault.read(LOCK_PATH))
      if (held?.owner !== token || held.released) return false
      try {
        await vault.remove(LOCK_PATH)
      } catch {
        // The host cannot delete it (the bridge across drives): mark it released instead
        // (SPEC 1.4). Still ours here, so this write cannot clobber another writer's lock.
        await vault.write(
          LOCK_PATH,
          JSON.stringify({ owner: token, at: new Date(now()).toISOString(), released: true }),
          NOT_DURABLE,
        )
      }
      return true
    },
  }
}
