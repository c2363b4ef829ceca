import { loadCorpus } from '../../app/corpus.js'
import { gradeItem, UnknownItemError } from '../../app/practice.js'
import { dateProblem } from '../../core/dates.js'
import { type Command, flagString, UsageError } from '../context.js'

/** `notekeeper grade ID GRADE [--date D]`: appends one review and updates the state (SPEC 3). */
export const gradeCommand: Command = async ctx => {
  const [id, grade, extra] = ctx.args
  if (!id || !grade || extra !== undefined) throw new UsageError('usage: notekeeper grade ID GRADE [--date YYYY-MM-DD]')
  const date = flagString(ctx, 'date') ?? ctx.today
  const problem = dateProblem(date)
  if (problem !== null) throw new UsageError(`--date ${date} ${problem}; nothing written`)
  const corpus = await loadCorpus(ctx.vault)
  if (corpus.configFinding) {
    ctx.err(`${corpus.configFinding.file}: ${corpus.configFinding.message}; nothing written`)
    return 2
  }
  try {
    const { state } = await gradeItem(ctx.vault, corpus, id, grade, date, ctx.today)
    const entry = state[id]
    if (ctx.json) ctx.out(JSON.stringify({ item: id, date, grade, next_due: entry?.next_due ?? null }))
    else ctx.out(`${id}: ${grade} on ${date}${entry ? `; next due ${entry.next_due}` : ''}`)
    return 0
  } catch (error) {
    if (error instanceof UnknownItemError) {
      ctx.err(`${error.message}; nothing appended`)
      return 2
    }
    throw error
  }
}
