import type { Aliases } from '../core/aliases.js'
import { canonicalId } from '../core/aliases.js'
import { LOG_PATH } from '../core/corpus.js'
import { parseLog } from '../core/log/parse.js'
import { type ReviewLog, reviewLogOf } from '../core/log/review-log.js'
import { applyVoids, unmatchedVoidFinding } from '../core/log/voids.js'
import type { Vault } from '../ports/vault.js'

/**
 * Reads `log.jsonl` through the vault into the ReviewLog every operation asks: malformed lines
 * become findings (the rest still counts), and the void lines take their reviews out (SPEC 1.4),
 * so replay, the limits, leeches and statistics see only the reviews that count.
 */
export async function readReviewLog(vault: Vault, aliases: Aliases): Promise<ReviewLog> {
  return reviewLogFromText(await vault.read(LOG_PATH), aliases)
}

/** The ReviewLog of a log's text (null: there is no log). */
export function reviewLogFromText(text: string | null, aliases: Aliases): ReviewLog {
  if (text === null) return reviewLogOf([], { aliases, present: false })
  const parsed = parseLog(text, LOG_PATH)
  const voids = parsed.voids ?? []
  const voided = applyVoids(parsed.reviews, voids, id => canonicalId(id, aliases))
  return reviewLogOf(voided.counted, {
    aliases,
    present: true,
    voids,
    findings: [...parsed.findings, ...voided.unmatched.map(v => unmatchedVoidFinding(v, LOG_PATH))],
  })
}
