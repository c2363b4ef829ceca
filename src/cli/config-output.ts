import { aliasCycleFinding, configProblemText, parseConfig } from '../core/config.js'
import type { Corpus } from '../core/corpus.js'
import { CONFIG_PATH } from '../core/corpus.js'
import { historiesLeftBehind } from '../core/moved-items.js'
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
  for (const cycle of corpus.aliasCycles ?? []) {
    const finding = aliasCycleFinding(cycle, corpus.config.aliases)
    ctx.err(`notekeeper: warning: ${finding.file}:${finding.line}: ${finding.message}`)
  }
  for (const finding of corpus.log.findings)
    ctx.err(`notekeeper: warning: ${finding.file}:${finding.line}: skipped: ${finding.message}`)
}

/**
 * Reviews of ids no note declares whose anchors stand in another note (a note moved or renamed
 * without an alias), one stderr line: from the commands that derive the state anyway (practice,
 * due, grade, replay), which use that derivation's declarations; validate names each alias.
 */
export function warnMovedHistories(ctx: CommandContext, corpus: Corpus): void {
  const moved = historiesLeftBehind(corpus, derived(corpus, ctx.today).declared)
  const first = moved[0]
  if (first === undefined) return
  ctx.err(
    `notekeeper: warning: ${moved.length === 1 ? `${first.id} has` : `${moved.length} items (${first.id} first) have`} ` +
      `reviews no note declares, and ${moved.length === 1 ? 'its anchor stands' : 'the anchor of each stands'} in one ` +
      `other item (${first.id} in ${first.now}): a note moved or renamed? Those reviews are left out of the state until ` +
      `"aliases" in ${CONFIG_PATH} carries them over; notekeeper validate names the aliases to add`,
  )
}
