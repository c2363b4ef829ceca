import { LOG_PATH } from '../core/corpus.js'
import type { Vault } from '../ports/vault.js'
import { acquireLogLock, type LockOptions } from './lock.js'

export interface AppendOptions extends LockOptions {
  /** Told about trouble that loses nothing (a lock that could not be released goes stale in 10 s). */
  onWarning?: (message: string) => void
}

/**
 * The log does not hold what we wrote: some lines are missing after our write. Carries them, so
 * the caller can show them and keep the reviews; nothing is retried behind the user's back.
 */
export class LogWriteError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `The review log changed while it was being written: ${missing.length} line(s) are not in ${LOG_PATH} ` +
        `as expected. Another program may be writing it without the lock. Missing:\n${missing.join('\n')}`,
    )
    this.name = 'LogWriteError'
  }
}

/**
 * Adds review lines to the log under the writers' lock (SPEC 1.4). `lines` are already formatted
 * (`formatReviewLine`), one JSON object each, with or without their final `\n`. The same steps
 * serve every host: read the log, `append` (one O_APPEND write on Node; read, add, write on the
 * whole-file hosts), read it back and check that it is exactly what was there plus our lines.
 */
export async function appendReviews(vault: Vault, lines: string[], options: AppendOptions = {}): Promise<void> {
  const clean = lines.map(singleLine)
  if (clean.length === 0) return
  const lock = await acquireLogLock(vault, options)
  try {
    const before = await vault.read(LOG_PATH)
    const expected = (before ?? '') + textToAdd(before, clean)
    await vault.append(LOG_PATH, expected.slice((before ?? '').length))
    const after = (await vault.read(LOG_PATH)) ?? ''
    if (!after.startsWith(expected)) throw new LogWriteError(missingLines(expected, after))
  } finally {
    try {
      await lock.release()
    } catch (error) {
      options.onWarning?.(`could not remove the log lock (it goes stale in 10 s): ${String(error)}`)
    }
  }
}

function singleLine(line: string): string {
  const text = line.endsWith('\n') ? line.slice(0, -1) : line
  if (text === '' || /[\r\n]/.test(text)) throw new Error(`not a single log line: ${JSON.stringify(line)}`)
  return text
}

/** What SPEC 1.4 lets a writer add: a `\n` first when the file does not end in one, then whole lines. */
function textToAdd(existing: string | null, lines: string[]): string {
  const separator = existing && !existing.endsWith('\n') ? '\n' : ''
  return `${separator}${lines.join('\n')}\n`
}

/** Lines of `expected` that `actual` lacks, counting repeats (two identical reviews are two reviews). */
function missingLines(expected: string, actual: string): string[] {
  const available = new Map<string, number>()
  for (const line of actual.split(/\r?\n/)) available.set(line, (available.get(line) ?? 0) + 1)
  const missing: string[] = []
  for (const line of expected.split(/\r?\n/)) {
    if (line === '') continue
    const left = available.get(line) ?? 0
    if (left > 0) available.set(line, left - 1)
    else missing.push(line)
  }
  return missing
}
