import { gradeItem, lineWasWritten, registerState, undoLastGrade } from '../../app/grade-review.js'
import { loadCorpus } from '../../app/load-corpus.js'
import { StateWrites } from '../../app/state-writes.js'
import { type Corpus, STATE_PATH } from '../../core/corpus.js'
import {
  type AnswerCheck,
  checkAnswer,
  type DueItem,
  dueSelection,
  heldBackPhrase,
  limitsReachedLine,
  nextDueDate,
  previewGrades,
} from '../../core/practice.js'
import { PracticeSession, summaryLine } from '../../core/practice-session.js'
import { oneLine, styled, type TerminalStyle } from '../../core/terminal-text.js'
import { GRADES, type Grade } from '../../core/types.js'
import { VaultError } from '../../ports/vault.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnMovedHistories, warnSkippedLines } from '../config-output.js'
import type { Command, CommandContext } from '../context.js'
import { parseGrade } from '../grades.js'
import { practiceScope } from '../practice-scope.js'
import { renderDiff, renderTerminal } from '../terminal-card.js'

/**
 * `notekeeper practice [--note FILE] [--folder DIR]`: each due item in turn: the prompt rendered
 * for the terminal, the user's answer (one line; empty is fine), the response beside it with the
 * word diff, the grade (1-4 or a word; Enter takes the suggestion only when the rule is confident),
 * appended to the log before the next item. An `again` comes back later in the session
 * (`practice.relearn`); `u` takes back the last grade (a void line), `s` skips. Works the same on
 * a terminal and on piped input, and always ends with a summary: at the end, at end of input, and
 * on Ctrl-C.
 */
export const practiceCommand: Command = async ctx => {
  // Read once: each grade appends its line and folds that item again (ADR 0020); another writer's
  // lines are noticed by the log's size and read then.
  let corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  // state.json is written after each next card is shown, and flushed before the summary.
  const stateWrites = new StateWrites()
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  warnMovedHistories(ctx, corpus)
  const scope = practiceScope(ctx, corpus)
  await registerState(ctx.vault, corpus, ctx.today)
  const { due, heldBack } = dueSelection(corpus, ctx.today, scope)
  if (due.length === 0 && heldBack.items > 0) {
    ctx.out(limitsReachedLine(corpus, ctx.today, heldBack))
    return 0
  }
  if (due.length === 0) {
    const next = nextDueDate(corpus, ctx.today, scope)
    // As `due` says it (loaded only here: date-fns costs every command's start 4 MB otherwise).
    const { relativeDay } = await import('../../core/human-dates.js')
    ctx.out(
      `Nothing is due today (${ctx.today}).${next ? ` The next item is due on ${next} (${relativeDay(next, ctx.today)}).` : ''}`,
    )
    return 0
  }
  const style: TerminalStyle = { color: ctx.color ?? false }
  const readLine = ctx.readLine ?? fallbackReader(ctx)
  ctx.out(
    `${due.length} item${due.length === 1 ? '' : 's'} due today (${ctx.today})` +
      `${heldBackPhrase(heldBack)}, scheduler ${corpus.config.scheduler}. ` +
      'Type your answer, then grade it. At the answer prompt, :u takes back the last grade and :s skips.',
  )
  const session = new PracticeSession(due, { relearn: corpus.config.practice.relearn })
  let ended = false
  // The grade whose line could not be written, if one: the summary names it instead of saying
  // that every grade given is in the log (QA: it said so after `log.lock: cannot create`).
  let unsaved: { id: string; grade: Grade } | null = null
  try {
    for (let item = session.current(); item !== null; item = session.current()) {
      showPrompt(ctx, style, session, item)
      const answer = await readLine(styled(style, 'bold', 'answer> '))
      if (answer === null) {
        ended = true
        break
      }
      const command = answer.trim()
      if (command === ':u' || command === ':s') {
        if (command === ':s') session.skip()
        else corpus = await undo(ctx, corpus, session, stateWrites)
        continue
      }
      const check = checkAnswer(answer, item.response, item.attributes)
      showResponse(ctx, style, corpus, item, answer, check)
      const choice = await askGrade(ctx, readLine, check, () => session.canUndo())
      if (choice === null) {
        ended = true
        break
      }
      if (choice === 'skip') {
        session.skip()
        continue
      }
      if (choice === 'undo') {
        corpus = await undo(ctx, corpus, session, stateWrites)
        continue
      }
      // A failure after the line was appended (reading the log again, state.json) leaves the
      // grade in the log; any before it (the lock, the append) means the line was not written.
      unsaved = { id: item.id, grade: choice }
      const result = await gradeItem(ctx.vault, corpus, item.id, choice, ctx.today, ctx.today, { stateWrites }).catch(
        (error: unknown) => {
          if (lineWasWritten(error) || (error instanceof VaultError && error.path === STATE_PATH)) {
            // In the log: counted as given, and the error (state.json, say) follows the summary.
            unsaved = null
            session.grade(choice)
          }
          throw error
        },
      )
      unsaved = null
      corpus = result.corpus
      session.grade(choice)
      const again = choice === 'again' && corpus.config.practice.relearn ? '; it comes back later in this session' : ''
      // The id the line was written under (after aliases): the one whose date moved.
      ctx.out(`  ${choice}: next due ${result.state[result.item]?.next_due ?? '?'}${again}\n`)
    }
  } finally {
    // Every way out prints what was done: the end, the end of input, Ctrl-C, and an error. Ctrl-C
    // is said as such: "input ended" told a person who pressed it that something had gone wrong.
    const summary = session.summary()
    const why = ended ? ` (${ctx.inputInterrupted?.() ? 'session interrupted' : 'input ended'})` : ''
    // The reason goes with whatever was cut short: items never shown, or only an `again` item's
    // second showing (all items graded once, so nothing "left", yet the session ended early).
    const relearn =
      summary.relearnLeft > 0
        ? `${summary.relearnLeft} relearning showing${summary.relearnLeft === 1 ? '' : 's'} not done`
        : null
    const cut = [summary.left > 0 ? `${summary.left} left for later` : null, relearn].filter(x => x !== null)
    const left = cut.length > 0 ? ` ${cut.join(', ')}${why}.` : ended ? ` Ended early${why}.` : ''
    const skipped = summary.skipped > 0 ? ` ${summary.skipped} skipped.` : ''
    const kept =
      unsaved === null
        ? 'Every grade given is in the log.'
        : `The ${unsaved.grade} for ${oneLine(unsaved.id)} was not saved: the log could not be written (the error follows). Every other grade given is in the log.`
    ctx.out(`${summaryLine(summary)}.${left}${skipped} ${kept}`)
    try {
      await stateWrites.flush()
    } finally {
      ctx.closeInput?.()
    }
  }
  return 0
}

async function undo(
  ctx: CommandContext,
  corpus: Corpus,
  session: PracticeSession,
  stateWrites: StateWrites,
): Promise<Corpus> {
  const last = session.undo()
  if (last === null) {
    ctx.out('  Nothing to undo in this session.')
    return corpus
  }
  const result = await undoLastGrade(ctx.vault, corpus, last.item.id, last.grade, ctx.today, { stateWrites })
  ctx.out(`  Took back ${last.grade} for ${oneLine(last.item.id)} (a void line in the log); it is asked again.`)
  return result.corpus
}

function showPrompt(ctx: CommandContext, style: TerminalStyle, session: PracticeSession, item: DueItem): void {
  const { done, total } = session.progress()
  const relearning = session.isRelearning() ? '  (again: relearning)' : ''
  const leech = item.leech ? '   (leech: failed often; consider rewriting this prompt)' : ''
  // A file name may hold any character but `/`, an escape sequence too; the id is made from it.
  ctx.out(
    `\n${styled(style, 'dim', `[${done + 1} of ${total}]`)} ${oneLine(item.id)}  ${styled(style, 'dim', `${oneLine(item.file)}:${item.line}`)}${relearning}${leech}`,
  )
  ctx.out(renderTerminal(item.prompt, style, '  ', item.attributes))
}

function showResponse(
  ctx: CommandContext,
  style: TerminalStyle,
  corpus: Corpus,
  item: DueItem,
  answer: string,
  check: AnswerCheck,
): void {
  ctx.out(`  your answer: ${answer.trim() === '' ? '(none)' : answer.trim()}`)
  ctx.out(`  response:\n${renderTerminal(item.response, style, '    ', item.attributes)}`)
  if (check.diff.length > 0) ctx.out(`  diff: ${renderDiff(check.diff, style)}`)
  const preview = previewGrades(corpus, item.id, ctx.today)
  ctx.out(`  grades: ${GRADES.map((g, i) => `${i + 1} ${g} (${preview[g].days} d)`).join(' · ')}`)
  const equal = GRADES.filter((g, i) => GRADES.some((h, j) => j !== i && preview[h].next_due === preview[g].next_due))
  if (equal.length > 0)
    ctx.out(
      `  (${equal.join(', ')} give the same date: the scheduler has no longer or shorter interval for this item now)`,
    )
  ctx.out(`  suggested: ${check.suggested}${check.confident ? '' : ' (not sure: type the grade)'}`)
}

async function askGrade(
  ctx: CommandContext,
  readLine: (prompt: string) => Promise<string | null>,
  check: AnswerCheck,
  canUndo: () => boolean,
): Promise<Grade | 'undo' | 'skip' | null> {
  const enter = check.confident ? `Enter = ${check.suggested}` : 'type 1-4'
  for (;;) {
    const raw = await readLine(`grade [1-4 or again/hard/good/easy, ${enter}, u = undo last, s = skip]> `)
    if (raw === null) return null
    const word = raw.trim().toLowerCase()
    if (word === '') {
      if (check.confident) return check.suggested
      ctx.out(`  The suggestion (${check.suggested}) is not sure enough for Enter: type 1-4.`)
      continue
    }
    if (word === 'u' || word === 'undo') {
      if (canUndo()) return 'undo'
      // The answer typed stays: asked again, a piped grade would be read as the next answer.
      ctx.out('  Nothing to undo in this session: grade this item.')
      continue
    }
    if (word === 's' || word === 'skip') return 'skip'
    const grade = parseGrade(raw)
    if (grade) return grade
    ctx.out(`  "${raw.trim()}" is not a grade.`)
  }
}

/** For contexts built without a line reader (tests that hand in lines): prompt on its own line, then the next line. */
function fallbackReader(ctx: CommandContext): (prompt: string) => Promise<string | null> {
  let lines: AsyncIterator<string> | null = null
  return async prompt => {
    ctx.out(prompt)
    lines ??= ctx.input[Symbol.asyncIterator]()
    const next = await lines.next()
    return next.done ? null : next.value
  }
}

export const practiceSpec: CommandSpec = {
  name: 'practice',
  summary: 'practise the due items (terminal or piped input); u undoes, s skips',
  usage: ['[--note FILE] [--folder DIR]'],
  options: {
    note: { type: 'string', value: 'FILE', help: 'only the items of this note (its path from the corpus root)' },
    folder: { type: 'string', value: 'DIR', help: 'only the items of the notes under this folder' },
  },
  // The card's styles; its note text is cleaned before they are added (terminal-card.ts).
  styles: true,
  run: practiceCommand,
}
