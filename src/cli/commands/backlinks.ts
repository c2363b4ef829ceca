import { runBacklinks } from '../../app/find-backlinks.js'
import type { Backlink } from '../../core/backlinks.js'
import { parseConfig } from '../../core/config.js'
import { CONFIG_PATH } from '../../core/corpus.js'
import { oneLine } from '../../core/terminal-text.js'
import type { CommandSpec } from '../command.js'
import { configInvalid } from '../config-output.js'
import { type Command, UsageError } from '../context.js'

/** `notekeeper backlinks NOTE[#ANCHOR] [--json]` (SPEC 2.1, 3): the places that refer to a note. */
export const backlinksCommand: Command = async ctx => {
  const [target, ...rest] = ctx.args
  if (target === undefined || rest.length > 0)
    throw new UsageError('backlinks needs exactly one NOTE[#ANCHOR], a path from the corpus root (reference/http.adoc)')
  const config = parseConfig(await ctx.vault.read(CONFIG_PATH))
  if (!config.ok) return configInvalid(ctx, config.finding)
  const result = await runBacklinks(ctx.vault, target, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (!result.ok) throw new UsageError(result.message)
  if (ctx.json) {
    ctx.out(JSON.stringify({ references: result.references }, null, 2))
  } else if (result.references.length === 0) {
    ctx.out(`nothing refers to ${target}`)
  } else {
    const dead = (ref: Backlink): string =>
      ref.deadAnchor === undefined ? '' : ` (its anchor #${ref.deadAnchor} does not exist)`
    ctx.out(
      result.references.map(ref => `${oneLine(ref.file)}:${ref.line}: ${oneLine(ref.text)}${dead(ref)}`).join('\n'),
    )
  }
  return 0
}

export const backlinksSpec: CommandSpec = {
  name: 'backlinks',
  summary: 'what refers to a note or an anchor',
  usage: ['NOTE[#ANCHOR] [--json]'],
  description: 'NOTE is a path from the corpus root (reference/http.adoc); #ANCHOR narrows to one section or anchor.',
  args: { min: 1, max: 1 },
  json: true,
  run: backlinksCommand,
}
