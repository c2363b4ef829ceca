import { configProblemText, parseConfig } from '../core/config.js'
import type { Corpus } from '../core/corpus.js'
import { CONFIG_PATH } from '../core/corpus.js'
import { historiesLeftBehind, movedHistoriesWarning } from '../core/moved-items.js'
import { skippedLineWarnings } from '../core/replay-warnings.js'
import { derived } from '../core/snapshot.js'
import type { Finding } from '../core/types.js'
import type { CommandContext, ExitCode } from './context.js'

/**
 * SPEC 1.8 and 3: an invalid config.json stops a command with exit 2 and one sentence on stderr,
 * naming the file once with line and column. Every command reports it through this.
 */
export function configInvalid(ctx: CommandContext, finding: Finding): ExitCode {
  ctx.err(`notekeeper: ${configProblemText(finding)}; nothing written`)
  return 2
}

/** Unknown keys in config.json, one stderr line each, before a command runs (they do not stop it). */
export async function warnAboutConfig(ctx: CommandContext): Promise<void> {
  const parsed = parseConfig(await ctx.vault.read(CONFIG_PATH))
  if (!parsed.ok) return
  for (const warning of parsed.warnings)
    ctx.err(`notekeeper: warning: ${CONFIG_PATH}:${warning.line}:${warning.column}: ${warning.message}`)
}

/**
 * What replay leaves out, one stderr line each: log lines it skipped (SPEC 1.4) and alias cycles
 * it ignored (SPEC 1.8). They never stop a command; validate reports them as findings instead.
 */
export function warnSkippedLines(ctx: CommandContext, corpus: Corpus): void {
  for (const warning of skippedLineWarnings(corpus)) ctx.err(`notekeeper: warning: ${warning}`)
}

/**
 * Reviews of ids no note declares whose anchors stand in another note (a note moved or renamed
 * without an alias), one stderr line: from the commands that derive the state anyway (practice,
 * due, grade, replay), which use that derivation's declarations; validate names each alias.
 */
export function warnMovedHistories(ctx: CommandContext, corpus: Corpus): void {
  const warning = movedHistoriesWarning(
    historiesLeftBehind(corpus, derived(corpus, ctx.today).declared),
    'notekeeper validate',
  )
  if (warning !== null) ctx.err(`notekeeper: warning: ${warning}`)
}
