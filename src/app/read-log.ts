import type { Aliases } from '../core/aliases.js'
import { LOG_PATH } from '../core/corpus.js'
import { columnarReviewLog } from '../core/log/columnar-log.js'
import { textBytes } from '../core/log/log-bytes.js'
import { LogReader, type ReadLog, readLogText } from '../core/log/log-reader.js'
import { type ReviewLog, reviewLogOf } from '../core/log/review-log.js'
import type { Vault } from '../ports/vault.js'
import type { LogCache, LogSource } from './log-cache.js'

/** The log file as read: the ReviewLog, and what the log's mark is counted from. */
export interface LogFileRead {
  log: ReviewLog
  /** The text, when the host read the file whole (no `readChunks`); null otherwise or with no file. */
  text: string | null
  /** The bytes' newlines and last byte, when they were read (or served from the cache) as bytes. */
  bytes: { newlines: number; endsWithNewline: boolean; units: number } | null
}

/**
 * Reads `log.jsonl` through the vault into the ReviewLog every operation asks: malformed lines
 * become findings (the rest still counts), and the void lines take their reviews out (SPEC 1.4),
 * so replay, the limits, leeches and statistics see only the reviews that count. Where the host
 * reads bytes (`readChunks`), the log's text is never held whole (ADR 0023).
 */
export async function readReviewLog(vault: Vault, aliases: Aliases): Promise<ReviewLog> {
  return (await readLogFile(vault, aliases)).log
}

/**
 * `readReviewLog`, saying what the mark needs. `cache` (ADR 0025): the reading of the bytes the
 * cache already holds is skipped, `stamp` being the file's, taken before this read.
 * `countUnits`: count the UTF-16 units of the decoded bytes (for a host that appends by text).
 */
export async function readLogFile(
  vault: Vault,
  aliases: Aliases,
  options: {
    cache?: LogCache
    stamp?: { size: number; mtimeMs: number; ctimeMs?: number } | null
    countUnits?: boolean
  } = {},
): Promise<LogFileRead> {
  const readChunks = vault.readChunks?.bind(vault)
  if (readChunks === undefined && options.cache === undefined) {
    const text = await vault.read(LOG_PATH)
    return { log: reviewLogFromText(text, aliases), text, bytes: null }
  }
  // A host that reads files whole hands the cache its text's bytes: an unchanged log is then not even read.
  const open = async (): Promise<LogSource | null> => {
    if (readChunks !== undefined) return readChunks(LOG_PATH)
    const text = await vault.read(LOG_PATH)
    return text === null ? null : { chunks: asAsync(textBytes(text)) }
  }
  const countUnits = options.countUnits ?? false
  let read: ReadLog | null
  if (options.cache !== undefined) read = await options.cache.read(open, options.stamp ?? null, countUnits)
  else {
    const source = await open()
    read = source === null ? null : await readAll(source, countUnits)
  }
  if (read === null) return { log: absentLog(aliases), text: null, bytes: null }
  const { newlines, endsWithNewline, units } = read
  return { log: columnarReviewLog(read, aliases, LOG_PATH), text: null, bytes: { newlines, endsWithNewline, units } }
}

/** Every byte of the source through a fresh reader. */
export async function readAll(source: LogSource, countUnits = false): Promise<ReadLog> {
  const reader = new LogReader(LOG_PATH, source.size, { countUnits })
  for await (const chunk of source.chunks) reader.push(chunk)
  return reader.end()
}

/** The ReviewLog of a log's text (null: there is no log). */
export function reviewLogFromText(text: string | null, aliases: Aliases): ReviewLog {
  if (text === null) return absentLog(aliases)
  return columnarReviewLog(readLogText(text, LOG_PATH), aliases, LOG_PATH)
}

const absentLog = (aliases: Aliases): ReviewLog => reviewLogOf([], { aliases, present: false })

async function* asAsync(pieces: Iterable<Uint8Array>): AsyncIterable<Uint8Array> {
  yield* pieces
}
