import { aliasCycleFinding } from './config.js'
import type { Corpus } from './corpus.js'
import { historiesLeftBehind, movedHistoriesWarning } from './moved-items.js'
import { derived } from './snapshot.js'
import type { IsoDate } from './types.js'

// What a command that replays the log leaves out, said where the person practises: the command
// line on stderr, the review window above its first card. None of it stops practice (SPEC 1.4):
// the rest of the log still counts, and validate reports each as a finding.

/** Each alias cycle ignored (SPEC 1.8) and each log line skipped (SPEC 1.4), as `file:line: …`. */
export function skippedLineWarnings(corpus: Corpus): string[] {
  const warnings: string[] = []
  for (const cycle of corpus.aliasCycles ?? []) {
    const finding = aliasCycleFinding(cycle, corpus.config.aliases)
    warnings.push(`${finding.file}:${finding.line}: ${finding.message}`)
  }
  for (const finding of corpus.log.findings)
    warnings.push(`${finding.file}:${finding.line}: skipped: ${finding.message}`)
  return warnings
}

/**
 * Everything a practice session should hear before it begins: the lines skipped, then the
 * reviews a moved note left behind (from the derivation the session uses anyway).
 */
export function practiceWarnings(corpus: Corpus, today: IsoDate, validate: string): string[] {
  const moved = movedHistoriesWarning(historiesLeftBehind(corpus, derived(corpus, today).declared), validate)
  return moved === null ? skippedLineWarnings(corpus) : [...skippedLineWarnings(corpus), moved]
}
