import { messageOf } from '../../adapters/vault-paths.js'
import { lineWrittenBefore, NothingToUndoError, UnknownItemError, undoLastReview } from '../../app/grade-review.js'
import { loadCorpus } from '../../app/load-corpus.js'
import { canonicalId } from '../../core/aliases.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnSkippedLines } from '../config-output.js'
import { type Command, UsageError } from '../context.js'

/** `notekeeper undo [ID]`: voids the last review (of ID) with a void line and updates the state (SPEC 3). */
export const undoCommand: Command = async ctx => {
  const [id, extra] = ctx.args
  if (extra !== undefined) throw new UsageError('usage: notekeeper undo [ID]')
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  try {
    const { state, undone } = await undoLastReview(ctx.vault, corpus, id ?? null, ctx.today)
    const entry = state[canonicalId(undone.item, corpus.config.aliases)]
    if (ctx.json)
      ctx.out(
        JSON.stringify({ item: undone.item, date: undone.date, void: undone.grade, next_due: entry?.next_due ?? null }),
      )
    else
      ctx.out(
        `${undone.item}: the ${undone.grade} of ${undone.date} no longer counts${
          entry
            ? `; next due ${entry.next_due}`
            : // A review of an item no note declares any more (its history waits in the log, SPEC 1.4).
              '; no note declares this item now (its history still counts if one does again)'
        }`,
      )
    return 0
  } catch (error) {
    if (error instanceof NothingToUndoError) {
      ctx.err(`notekeeper: ${error.message}; nothing appended`)
      return 1
    }
    // An item the aliases rename away, or whose note is not read now: refused as a grade of it is.
    if (error instanceof UnknownItemError) {
      ctx.err(`notekeeper: ${error.message}; nothing appended`)
      return 2
    }
    // The void line is in the log; only the state failed. Exit 2 says nothing was written, and an
    // undo run again would take back one more review.
    const voided = lineWrittenBefore(error)
    if (voided !== null) {
      ctx.err(
        `notekeeper: ${voided.item}: the ${voided.grade} of ${voided.date} is taken back in the log (do not undo it again), ` +
          `but ${messageOf(error)}; the next command that writes the state (replay, validate, grade, practice) derives it from the log`,
      )
      return 1
    }
    throw error
  }
}

export const undoSpec: CommandSpec = {
  name: 'undo',
  summary: 'take back the last review (of ID): the log gains a void line, the state follows',
  usage: ['[ID] [--json]'],
  args: { min: 0, max: 1 },
  json: true,
  run: undoCommand,
}
