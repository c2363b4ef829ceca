import { loadCorpus } from '../../app/load-corpus.js'
import { dueSelection, heldBackPhrase, limitsReachedLine, nextDueDate } from '../../core/practice.js'
import { oneLine } from '../../core/terminal-text.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnMovedHistories, warnSkippedLines } from '../config-output.js'
import type { Command } from '../context.js'
import { practiceScope } from '../practice-scope.js'

/** `notekeeper due [--note FILE] [--folder DIR] [--json]`: `{"due": [{id, prompt, response, next_due, leech, relearning?}], "heldBack": {items, new}}` (SPEC 3). Writes nothing. */
export const dueCommand: Command = async ctx => {
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  warnMovedHistories(ctx, corpus)
  const scope = practiceScope(ctx, corpus)
  const { due, heldBack } = dueSelection(corpus, ctx.today, scope)
  if (ctx.json) {
    ctx.out(
      JSON.stringify(
        {
          // `relearning: true` only on an item failed today and not relearned (SPEC 3), as other optional keys.
          due: due.map(({ id, prompt, response, next_due, leech, relearning }) => ({
            id,
            prompt,
            response,
            next_due,
            leech,
            ...(relearning === true ? { relearning } : {}),
          })),
          // Due today but left for another day by the limits: an empty list is not "nothing due".
          heldBack,
        },
        null,
        2,
      ),
    )
    return 0
  }
  if (due.length === 0 && heldBack.items > 0) {
    ctx.out(limitsReachedLine(corpus, ctx.today, heldBack))
    return 0
  }
  if (due.length === 0) {
    const next = nextDueDate(corpus, ctx.today, scope)
    // Loaded here, the one place that says it: date-fns costs every command's start 4 MB otherwise.
    const { relativeDay } = await import('../../core/human-dates.js')
    ctx.out(
      `Nothing is due today (${ctx.today}).${next ? ` The next item is due on ${next} (${relativeDay(next, ctx.today)}).` : ''}`,
    )
    return 0
  }
  ctx.out(`${due.length} item${due.length === 1 ? '' : 's'} due today (${ctx.today})${heldBackPhrase(heldBack)}:`)
  for (const item of due)
    ctx.out(
      `  ${item.next_due}  ${oneLine(item.id)}${item.relearning ? '  [relearning: again today]' : ''}${item.leech ? '  [leech: rewrite it]' : ''}  (${oneLine(item.file)}:${item.line})`,
    )
  return 0
}

export const dueSpec: CommandSpec = {
  name: 'due',
  summary: 'list the items due today or earlier; writes nothing',
  usage: ['[--note FILE] [--folder DIR] [--json]'],
  options: {
    note: { type: 'string', value: 'FILE', help: 'only the items of this note (its path from the corpus root)' },
    folder: { type: 'string', value: 'DIR', help: 'only the items of the notes under this folder' },
  },
  json: true,
  run: dueCommand,
}
