import { runValidate } from '../../app/check-corpus.js'
import { findingLines } from '../../app/note-texts.js'
import type { CommandSpec } from '../command.js'
import { configInvalid } from '../config-output.js'
import type { Command } from '../context.js'
import { printFindings } from '../findings-output.js'

/** `notekeeper validate [--dry-run] [--json]` (SPEC 2, Validate). */
export const validateCommand: Command = async ctx => {
  const dryRun = ctx.flags.get('dry-run') === true
  const outcome = await runValidate(ctx.vault, {
    today: ctx.today,
    dryRun,
    cache: ctx.scanCache,
    logCache: ctx.logCache,
  })
  const code = await printFindings(ctx, 'Validation report', outcome.findings, outcome.summary, () =>
    findingLines(ctx.vault, outcome.findings),
  )
  const problem = outcome.configInvalid ? outcome.findings[0] : undefined
  if (problem) return configInvalid(ctx, problem)
  if (!ctx.json)
    ctx.err(
      `notekeeper: ${
        dryRun
          ? 'dry run: nothing written'
          : outcome.wrote
            ? 'state.json regenerated'
            : 'state.json already matches the log'
      }`,
    )
  return code
}

export const validateSpec: CommandSpec = {
  name: 'validate',
  summary: 'check the corpus; regenerate state.json',
  usage: ['[--dry-run] [--json]'],
  options: { 'dry-run': { type: 'boolean', help: 'check only; write nothing' } },
  json: true,
  run: validateCommand,
}
