import { messageOf } from '../../adapters/vault-paths.js'
import { gradeItem, lineWrittenBefore, UnknownItemError } from '../../app/grade-review.js'
import { loadCorpus } from '../../app/load-corpus.js'
import { dateProblem } from '../../core/dates.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnMovedHistories, warnSkippedLines } from '../config-output.js'
import { type Command, flagString, UsageError } from '../context.js'
import { parseGrade } from '../grades.js'

/** `notekeeper grade ID GRADE [--date D]`: appends one review and updates the state (SPEC 3). */
export const gradeCommand: Command = async ctx => {
  const [id, word, extra] = ctx.args
  if (!id || !word || extra !== undefined) throw new UsageError('grade needs ID GRADE')
  const grade = parseGrade(word)
  if (grade === null) throw new UsageError(`"${word}" is not a grade: give 1-4 or again, hard, good, easy`)
  const date = flagString(ctx, 'date') ?? ctx.today
  const problem = dateProblem(date)
  if (problem !== null) throw new UsageError(`--date ${date} ${problem}; nothing written`)
  if (date > ctx.today)
    throw new UsageError(`--date ${date} is after today (${ctx.today}): a review cannot be recorded in advance`)
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  warnMovedHistories(ctx, corpus)
  try {
    const { state, item } = await gradeItem(ctx.vault, corpus, id, grade, date, ctx.today)
    const entry = state[item]
    const renamed = item === id ? '' : ` (renamed from ${id})`
    if (ctx.json) ctx.out(JSON.stringify({ item, date, grade, next_due: entry?.next_due ?? null }))
    else ctx.out(`${item}${renamed}: ${grade} on ${date}${entry ? `; next due ${entry.next_due}` : ''}`)
    return 0
  } catch (error) {
    if (error instanceof UnknownItemError) {
      ctx.err(`notekeeper: ${error.message}; nothing appended`)
      return 2
    }
    // The line is in the log; only the state (derived, written again by the next command) failed.
    // Exit 2 says nothing was written, and a script would grade again: the review would count twice.
    const written = lineWrittenBefore(error)
    if (written !== null) {
      ctx.err(
        `notekeeper: ${written.item}: ${written.grade} on ${written.date} is in the log (do not grade it again), but ${messageOf(error)}; ` +
          'the next command that writes the state (replay, validate, grade, practice) derives it from the log',
      )
      return 1
    }
    throw error
  }
}

export const gradeSpec: CommandSpec = {
  name: 'grade',
  summary: 'record one review: GRADE is 1-4 or again, hard, good, easy',
  usage: ['ID GRADE [--date YYYY-MM-DD] [--json]'],
  options: { date: { type: 'string', value: 'YYYY-MM-DD', help: 'the day of the review (default: today)' } },
  args: { min: 2, max: 2 },
  json: true,
  run: gradeCommand,
}
