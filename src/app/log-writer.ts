import { LOG_PATH, type LogFileMark } from '../core/corpus.js'
import { appendText } from '../core/log/format.js'
import type { Vault } from '../ports/vault.js'
import { acquireLogLock, type HeldLock, type LockOptions } from './lock.js'
import { utf8Length } from './log-mark.js'

export interface AppendOptions extends LockOptions {
  /** Told about trouble that loses nothing (a lock that could not be released goes stale in 10 s). */
  onWarning?: (message: string) => void
}

/**
 * Lines that should be in the log are not, even after one attempt to put them back. Carries
 * them, so the caller can show them and keep the reviews: nothing is dropped without a word.
 */
export class LogWriteError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `The review log was changed by another program while Notekeeper wrote to it, and ${missing.length} ` +
        `line(s) are missing from ${LOG_PATH}. They were not saved:\n${missing.join('\n')}`,
    )
    this.name = 'LogWriteError'
  }
}

/**
 * Adds review lines to the log under the writers' lock (SPEC 1.4). `lines` are already formatted
 * (`formatReviewLine`), one JSON object each, with or without their final `\n`.
 *
 * The same steps serve every host: read the log, `append` (one O_APPEND write on Node; read, add,
 * write on the whole-file hosts), read it back and check that it is what was there plus our lines.
 * When that check fails, or the lock turns out to have been taken from us meanwhile, another
 * writer wrote at the same time and a whole-file write may have erased lines: we wait for the lock
 * again and put back every line we saw or wrote that is gone (ADR 0005).
 */
export async function appendReviews(vault: Vault, lines: string[], options: AppendOptions = {}): Promise<void> {
  await appendReadingBack(vault, lines, options)
}

/**
 * `appendReviews`, saying what it read before appending when the append went through on the first
 * attempt (null when it had to put lines back: another writer wrote at the same time).
 */
async function appendReadingBack(vault: Vault, lines: string[], options: AppendOptions): Promise<string | null> {
  const clean = lines.map(singleLine)
  if (clean.length === 0) return null
  let read = ''
  let expected = ''
  let intact = false
  let stillOurs = false
  const lock = await acquireLogLock(vault, { ...options, skipPauseAfterCreate: true })
  try {
    const before = (await vault.read(LOG_PATH)) ?? ''
    read = before
    expected = before + appendText(before, clean)
    await vault.append(LOG_PATH, expected.slice(before.length))
    intact = ((await vault.read(LOG_PATH)) ?? '').startsWith(expected)
  } finally {
    stillOurs = await release(lock, options)
  }
  if (intact && stillOurs) return read

  // The repair's own release is not checked, so its lock is taken with the pause and read-back
  // even after an exclusive create: no whole-file writer can be holding it too (ADR 0005, 0024).
  const again = await acquireLogLock(vault, options)
  try {
    const current = (await vault.read(LOG_PATH)) ?? ''
    const missing = missingLines(expected, current)
    if (missing.length === 0) return null
    const repaired = current + appendText(current, missing)
    await vault.append(LOG_PATH, repaired.slice(current.length))
    const after = (await vault.read(LOG_PATH)) ?? ''
    if (!after.startsWith(repaired)) throw new LogWriteError(missingLines(repaired, after))
    options.onWarning?.(
      `another writer changed the review log at the same time; ${missing.length} line(s) were put back`,
    )
  } finally {
    await release(again, options)
  }
  return null
}

/** What `appendAfterMark` did: the log's new mark, or null when the log must be read again (another writer's lines, or no mark). */
export interface MarkedAppend {
  mark: LogFileMark | null
}

/**
 * `appendReviews` for a writer that knows the log as it last read it (`mark`): under the lock,
 * the file's size says whether anyone else wrote since; when nobody did, the lines are appended
 * and the size afterwards checked to be that plus our bytes, and the log is never read (a log
 * grows for years; reading it twice per grade is what made a grade cost a second, ADR 0020).
 * When the size says someone else wrote, or the host cannot tell sizes, it is `appendReviews`
 * (read, append, read back) and the mark is null: the caller reads the log again.
 */
export async function appendAfterMark(
  vault: Vault,
  lines: string[],
  mark: LogFileMark | null | undefined,
  options: AppendOptions = {},
): Promise<MarkedAppend> {
  const clean = lines.map(singleLine)
  if (clean.length === 0) return { mark: mark ?? null }
  if (mark === null || mark === undefined || vault.stat === undefined) {
    await appendReviews(vault, clean, options)
    return { mark: null }
  }
  if (vault.createExclusive === undefined) return appendWholeFile(vault, clean, mark, options)
  const text = (mark.endsWithNewline ? '' : '\n') + clean.map(line => `${line}\n`).join('')
  let wrote = false
  let intact = false
  let stillOurs = false
  const lock = await acquireLogLock(vault, { ...options, skipPauseAfterCreate: true })
  try {
    const before = (await vault.stat(LOG_PATH))?.size ?? 0
    if (before === mark.bytes) {
      await vault.append(LOG_PATH, text)
      wrote = true
      intact = ((await vault.stat(LOG_PATH))?.size ?? 0) === before + utf8Length(text)
    }
  } finally {
    stillOurs = await release(lock, options)
  }
  if (wrote && intact && stillOurs)
    return {
      mark: {
        bytes: mark.bytes + utf8Length(text),
        chars: mark.chars + text.length,
        lines: mark.lines + clean.length,
        endsWithNewline: true,
      },
    }
  // Someone else wrote before us (append the slow way), or while we did: our lines must be there.
  if (!wrote || !(await standsInLog(vault, text, options))) await appendReviews(vault, clean, options)
  return { mark: null }
}

/**
 * On a host that writes whole files (the plugin's), the append reads the log anyway and reads it
 * back (SPEC 1.4): what it read says whether anyone else wrote since `mark`.
 */
async function appendWholeFile(
  vault: Vault,
  clean: string[],
  mark: LogFileMark,
  options: AppendOptions,
): Promise<MarkedAppend> {
  const before = await appendReadingBack(vault, clean, options)
  if (before === null || before.length !== mark.chars || before.endsWith('\n') !== mark.endsWithNewline)
    return { mark: null }
  const added = appendText(before, clean)
  const bytes = mark.bytes + utf8Length(added)
  return {
    mark: { bytes, chars: before.length + added.length, lines: mark.lines + clean.length, endsWithNewline: true },
  }
}

/** Whether `text` (our appended lines) stands in the log, read whole under the lock. */
async function standsInLog(vault: Vault, text: string, options: AppendOptions): Promise<boolean> {
  // Only reads: an exclusive create succeeds only once every writer that could have erased our
  // lines has written and released, so it needs no pause (ADR 0024).
  const lock = await acquireLogLock(vault, { ...options, skipPauseAfterCreate: true })
  try {
    const current = (await vault.read(LOG_PATH)) ?? ''
    return current.includes(text.startsWith('\n') ? text.slice(1) : text)
  } finally {
    await release(lock, options)
  }
}

async function release(lock: HeldLock, options: AppendOptions): Promise<boolean> {
  try {
    return await lock.release()
  } catch (error) {
    options.onWarning?.(`could not remove the log lock (it goes stale in 10 s): ${String(error)}`)
    return true // it is still ours, just not removed: nobody else wrote
  }
}

function singleLine(line: string): string {
  const text = line.endsWith('\n') ? line.slice(0, -1) : line
  if (text === '' || /[\r\n]/.test(text)) throw new Error(`not a single log line: ${JSON.stringify(line)}`)
  return text
}

/** Lines of `expected` that `actual` lacks, counting repeats (two identical reviews are two reviews). */
function missingLines(expected: string, actual: string): string[] {
  const available = new Map<string, number>()
  for (const line of actual.split(/\r?\n/)) available.set(line, (available.get(line) ?? 0) + 1)
  const missing: string[] = []
  for (const line of expected.split(/\r?\n/)) {
    if (line.trim() === '') continue
    const left = available.get(line) ?? 0
    if (left > 0) available.set(line, left - 1)
    else missing.push(line)
  }
  return missing
}
