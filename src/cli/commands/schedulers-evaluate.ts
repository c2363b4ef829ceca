import { evaluateCorpus } from '../../app/compare-schedulers.js'
import { loadCorpus } from '../../app/load-corpus.js'
import { configInvalid, warnSkippedLines } from '../config-output.js'
import type { CommandContext, ExitCode } from '../context.js'

const fixed = (value: number | null, digits: number) =>
  value === null || Number.isNaN(value) ? '-' : value.toFixed(digits)

/**
 * `notekeeper schedulers --evaluate [--json]`: every scheduler's predictions scored on the user's
 * own log, split by time (the later half of the reviews scored), with the reviews per day each
 * asks for. Writes nothing.
 */
export async function evaluateCommand(ctx: CommandContext): Promise<ExitCode> {
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  // Said as every command says it: the file, line and column, and the tool's name.
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  const evaluation = await evaluateCorpus(corpus)
  if (ctx.json) {
    ctx.out(JSON.stringify({ today: ctx.today, active: corpus.config.scheduler, ...evaluation }, null, 2))
    return 0
  }
  if (evaluation.splitDate === null) {
    ctx.out('Nothing to judge yet: no item has been reviewed on two different days.')
    return 0
  }
  const reviews = evaluation.rows[0]?.reviews ?? 0
  ctx.out(
    `Each scheduler's predicted recall scored on your ${reviews} reviews since ${evaluation.splitDate} (the earlier ones are history):`,
  )
  const width = Math.max(...evaluation.rows.map(r => r.label.length), 9)
  ctx.out(
    `${'scheduler'.padEnd(width)}  ${'log loss'.padStart(8)}  ${'RMSE(bins)'.padStart(10)}  ${'AUC'.padStart(5)}  ${'reviews/day'.padStart(11)}`,
  )
  for (const row of evaluation.rows) {
    const mark = row.scheduler === corpus.config.scheduler && !row.label.includes('fitted') ? '*' : ''
    ctx.out(
      `${(row.label + mark).padEnd(width)}  ${fixed(row.logLoss, 4).padStart(8)}  ${fixed(row.rmseBins, 4).padStart(10)}  ${fixed(row.auc, 3).padStart(5)}  ${fixed(row.reviewsPerDay, 1).padStart(11)}`,
    )
  }
  ctx.out('Lower log loss and RMSE predict your memory better; * = active in config.json.')
  if (evaluation.fitted.source === 'none') ctx.out(`No fitted FSRS row: ${evaluation.fitted.reason}`)
  return 0
}
