import type { Aliases } from '../core/aliases.js'
import { LOG_PATH } from '../core/corpus.js'
import { columnarReviewLog } from '../core/log/columnar-log.js'
import { LogReader, readLogText } from '../core/log/log-reader.js'
import { type ReviewLog, reviewLogOf } from '../core/log/review-log.js'
import type { Vault } from '../ports/vault.js'

/**
 * Reads `log.jsonl` through the vault into the ReviewLog every operation asks: malformed lines
 * become findings (the rest still counts), and the void lines take their reviews out (SPEC 1.4),
 * so replay, the limits, leeches and statistics see only the reviews that count. Where the host
 * reads bytes (`readChunks`), the log's text is never held whole (ADR 0023).
 */
export async function readReviewLog(vault: Vault, aliases: Aliases): Promise<ReviewLog> {
  if (vault.readChunks === undefined) return reviewLogFromText(await vault.read(LOG_PATH), aliases)
  const chunks = await vault.readChunks(LOG_PATH)
  if (chunks === null) return absentLog(aliases)
  const reader = new LogReader(LOG_PATH, chunks.size)
  for await (const chunk of chunks.chunks) reader.push(chunk)
  return columnarReviewLog(reader.end(), aliases, LOG_PATH)
}

/** The ReviewLog of a log's text (null: there is no log). */
export function reviewLogFromText(text: string | null, aliases: Aliases): ReviewLog {
  if (text === null) return absentLog(aliases)
  return columnarReviewLog(readLogText(text, LOG_PATH), aliases, LOG_PATH)
}

const absentLog = (aliases: Aliases): ReviewLog => reviewLogOf([], { aliases, present: false })
