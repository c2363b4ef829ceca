import { LOG_PATH, type LogFileMark } from '../core/corpus.js'
import type { Vault } from '../ports/vault.js'
import { acquireLogLock, type HeldLock, type LockOptions } from './lock.js'

/**
 * What keeps state.json from falling behind the log when writers overlap (SPEC 1.4, ADR 0042): a
 * state is written under the writers' lock, and only while the log is still the one it was
 * derived from. Without it a writer that derived its state, released the lock and was then slow
 * to rename state.json replaced the state of a faster writer who had added a review after it.
 */
export interface StateGuard {
  /**
   * The log as the state was derived from it (the corpus's `logFile`): the state is written only
   * while the log still has that size (it only grows, so the same size is the same log). Null or
   * absent: not known (a host without sizes, a corpus built by hand): written under the lock alone.
   */
  from?: LogFileMark | null
  /** The writers' lock, when the caller holds it already (sync, over its replay): nothing else is taken. */
  held?: HeldLock
  /** Options of the lock taken for the write (tests: time, the stale window). */
  lock?: LockOptions
}

/**
 * A state was written while the writers' lock was taken from its writer, and the log has grown
 * since the state was derived: it may have replaced a newer one. Only a writer stalled past the
 * lock's window, or a whole-file writer racing an exclusive create (ADR 0024), gets here.
 */
export class StateRaceError extends Error {
  override name = 'StateRaceError'
  constructor() {
    super(
      'state.json may be behind the review log: another writer took the log lock while it was written. ' +
        'The log holds every review; `notekeeper replay` writes the state again',
    )
  }
}

/**
 * Runs `write` (of state.json) under the writers' lock if the log is still `guard.from`, and says
 * whether it ran. False: another writer added to the log since the state was derived, and that
 * writer writes the state after its lines (every writer of the log does); the caller may derive
 * again from the log as it now is, or leave it.
 */
export async function whileLogIs(vault: Vault, guard: StateGuard, write: () => Promise<void>): Promise<boolean> {
  if (guard.held) {
    if (await logGrownSince(vault, guard.from)) return false
    await write()
    return true
  }
  // Held at once after an exclusive create (Node): the release below is checked (ADR 0024).
  const lock = await acquireLogLock(vault, { ...guard.lock, skipPauseAfterCreate: true })
  let wrote = false
  let stillOurs = true
  try {
    if (!(await logGrownSince(vault, guard.from))) {
      await write()
      wrote = true
    }
  } finally {
    stillOurs = await lock.release().catch(() => true) // not removed: it goes stale, still ours
  }
  // A writer that took the lock meanwhile may have added a review and written its state before
  // ours landed. When the log has not grown, nothing newer than ours can have been derived.
  if (wrote && !stillOurs && (await logGrownSince(vault, guard.from))) throw new StateRaceError()
  return wrote
}

/** Whether the log has changed since `from` was taken (false when that cannot be told). */
async function logGrownSince(vault: Vault, from: LogFileMark | null | undefined): Promise<boolean> {
  if (from === null || from === undefined || vault.stat === undefined) return false
  return ((await vault.stat(LOG_PATH))?.size ?? 0) !== from.bytes
}
