import { OptimizerUnavailableError, optimizeFsrs } from '../../app/fsrs-optimize.js'
import { loadCorpus } from '../../app/load-corpus.js'
import { saveFsrsWeights, WeightsRefusedError } from '../../app/save-fsrs-weights.js'
import { CONFIG_PATH } from '../../core/corpus.js'
import { declaredItems } from '../../core/items.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnSkippedLines } from '../config-output.js'
import { type Command, UsageError } from '../context.js'

/**
 * `notekeeper fsrs optimize [--write [--reschedule]]`: fits FSRS weights to the user's own log, shows the log loss
 * and RMSE(bins) of the current and the fitted weights on the same reviews, and writes the fitted
 * ones to config.json (keeping every other key) only with --write and only when they are better.
 */
export const fsrsCommand: Command = async ctx => {
  if (ctx.args[0] !== 'optimize' || ctx.args.length > 1)
    throw new UsageError('usage: notekeeper fsrs optimize [--write [--reschedule]] [--json]')
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  let result: Awaited<ReturnType<typeof optimizeFsrs>>
  try {
    result = await optimizeFsrs(corpus.log.all(), corpus.config.aliases, {
      weights: corpus.config.fsrs.weights,
      declared: new Set(declaredItems(corpus.notes, corpus.config.aliases).keys()),
    })
  } catch (error) {
    if (error instanceof OptimizerUnavailableError) {
      ctx.err(`notekeeper: ${error.message}`)
      return 2
    }
    throw error
  }
  const write = ctx.flags.get('write') === true && result.enough && result.better && result.weights !== undefined
  const reschedule = ctx.flags.get('reschedule') === true
  let saved: Awaited<ReturnType<typeof saveFsrsWeights>> | null = null
  try {
    saved =
      write && result.weights
        ? await saveFsrsWeights(ctx.vault, result.weights, ctx.today, {
            cache: ctx.scanCache,
            logCache: ctx.logCache,
            reschedule,
          })
        : null
  } catch (error) {
    if (!(error instanceof WeightsRefusedError)) throw error
    ctx.err(`notekeeper: ${error.message}`)
    return 2
  }
  if (ctx.json) {
    ctx.out(JSON.stringify({ ...result, written: write, ...(saved ? { state: saved } : {}) }, null, 2))
    return 0
  }
  if (!result.enough) {
    ctx.out(`Not enough history to fit FSRS weights yet: ${result.needed ?? ''}`)
    return 0
  }
  const metric = (m: { logLoss: number; rmseBins: number } | null | undefined) =>
    m ? `log loss ${m.logLoss.toFixed(4)}, RMSE(bins) ${m.rmseBins.toFixed(4)}` : 'not measurable'
  ctx.out(`Current weights: ${metric(result.before)}`)
  ctx.out(`Fitted weights:  ${metric(result.after)} (measured on the same log they were fitted to)`)
  ctx.out(`weights: [${(result.weights ?? []).map(w => w.toFixed(4)).join(', ')}]`)
  if (!result.better) {
    ctx.out('The fitted weights do not predict your reviews better than the current ones: keeping the current ones.')
    return 0
  }
  if (saved === null) ctx.out('Run again with --write to save them in config.json.')
  else if (saved.kept)
    ctx.out(
      `Written to ${CONFIG_PATH}, recorded as a switch dated ${ctx.today}: every item keeps its due date until its next ` +
        `review, which the new weights schedule (--reschedule re-dates every item at once)` +
        // SPEC 1.6: a review on the switch's date is the new regime's.
        (saved.redated > 0
          ? `; ${saved.redated} item(s) have a new due date all the same (an item reviewed today is the new weights' at once).`
          : '.'),
    )
  else
    ctx.out(
      `Written to ${CONFIG_PATH}, and state.json derived again with them: ${saved.redated} of ${saved.items} items have a new due date` +
        // Under another scheduler the weights still date the items FSRS scheduled last, before a switch.
        (saved.active ? '.' : `; the rest wait for FSRS to schedule them (\`notekeeper schedulers --use fsrs\`).`),
    )
  return 0
}

export const fsrsSpec: CommandSpec = {
  name: 'fsrs',
  summary: 'fit FSRS weights to the log (fsrs optimize [--write [--reschedule]])',
  usage: ['optimize [--write [--reschedule]] [--json]'],
  options: {
    write: {
      type: 'boolean',
      help: 'save the fitted weights in config.json; every item keeps its due date until its next review',
    },
    reschedule: { type: 'boolean', help: 'with --write: re-date every item under the new weights at once' },
  },
  args: { min: 1, max: 1 },
  json: true,
  run: fsrsCommand,
}
