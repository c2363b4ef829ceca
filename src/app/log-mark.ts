import type { Aliases } from '../core/aliases.js'
import { type Corpus, LOG_PATH, type LogFileMark } from '../core/corpus.js'
import type { ReviewLog } from '../core/log/review-log.js'
import type { Vault } from '../ports/vault.js'
import type { LogCache } from './log-cache.js'
import { readLogFile } from './read-log.js'

/**
 * The log read into a ReviewLog (read-log.ts), and what a writer needs to know of the file it
 * read (core/corpus.ts `LogFileMark`): its size, taken before the read, so that a line another
 * writer adds in between makes the file look changed since, never unchanged; its lines, counted
 * by the reader as the bytes go by (or from the text). The mark is null when the host cannot say
 * sizes. `cache`: the log cache (ADR 0025), given the stamp taken here.
 */
export async function readLogAndMark(
  vault: Vault,
  aliases: Aliases,
  cache?: LogCache,
): Promise<{ log: ReviewLog; mark: LogFileMark | null }> {
  const stamp = vault.stat ? await vault.stat(LOG_PATH) : null
  const bytes = vault.stat ? (stamp?.size ?? 0) : null
  // Only a whole-file host appends by comparing texts (log-writer.ts): count UTF-16 units for it.
  const countUnits = vault.createExclusive === undefined
  const read = await readLogFile(vault, aliases, { ...(cache && { cache }), stamp, countUnits })
  if (bytes === null) return { log: read.log, mark: null }
  if (read.bytes === null) return { log: read.log, mark: logMark(bytes, read.text) }
  const { newlines, endsWithNewline, units } = read.bytes
  const lines = newlines + (endsWithNewline ? 0 : 1)
  return { log: read.log, mark: { bytes, chars: countUnits ? units : -1, lines, endsWithNewline } }
}

/** Another writer added lines (or the host cannot tell): the corpus with its log read again, the notes not. */
export async function withLogReadAgain(vault: Vault, corpus: Corpus): Promise<Corpus> {
  const { log, mark } = await readLogAndMark(vault, corpus.config.aliases)
  return { ...corpus, log, logFile: mark }
}

/** The mark of a log read as text (null: no file). */
export function logMark(bytes: number, text: string | null): LogFileMark {
  if (text === null || text.length === 0) return { bytes: 0, chars: 0, lines: 0, endsWithNewline: true }
  let lines = 0
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++
  const endsWithNewline = text.endsWith('\n')
  return { bytes, chars: text.length, lines: endsWithNewline ? lines : lines + 1, endsWithNewline }
}

/** The UTF-8 size of a text (the log's lines are mostly ASCII). */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3
  }
  return bytes
}
