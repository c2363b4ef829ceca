import { type LoadedCorpus, loadCorpus, type ScanCache } from '../../app/corpus.js'
import {
  type DueItem,
  dueItems,
  gradeItem,
  nextDueDate,
  previewGrades,
  registerState,
  suggestGrade,
} from '../../app/practice.js'
import { GRADES, type Grade } from '../../core/types.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnSkippedLines } from '../config-output.js'
import type { Command, CommandContext } from '../context.js'
import { parseGrade } from '../grades.js'

/**
 * `notekeeper practice`: each due item in turn: the prompt, the user's answer (one line; empty is
 * fine), the response beside it, a suggested grade, the grade (1-4 or a word; Enter takes the
 * suggestion), appended to the log before the next item. Works the same on a terminal and on
 * piped input, and ends cleanly, with a summary, when the input ends.
 */
export const practiceCommand: Command = async ctx => {
  // Each grade reloads the corpus (another writer may have added reviews); the cache keeps notes
  // whose text did not change from being scanned again.
  const cache: ScanCache = new Map()
  let corpus = await loadCorpus(ctx.vault, { cache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  await registerState(ctx.vault, corpus, ctx.today)
  const due = dueItems(corpus, ctx.today)
  if (due.length === 0) {
    const next = nextDueDate(corpus, ctx.today)
    ctx.out(`Nothing is due today (${ctx.today}).${next ? ` The next item is due on ${next}.` : ''}`)
    return 0
  }
  ctx.out(
    `${due.length} item${due.length === 1 ? '' : 's'} due today (${ctx.today}), scheduler ${corpus.config.scheduler}. Type your answer, then grade it.`,
  )
  const lines = ctx.input[Symbol.asyncIterator]()
  const readLine = async (prompt: string): Promise<string | null> => {
    ctx.out(prompt)
    const next = await lines.next()
    return next.done ? null : next.value
  }
  const tally: Record<Grade, number> = { again: 0, hard: 0, good: 0, easy: 0 }
  let done = 0
  for (const [index, item] of due.entries()) {
    showPrompt(ctx, item, index, due.length)
    const answer = await readLine('answer> ')
    if (answer === null) break
    const suggested = suggestGrade(answer, item.response)
    showResponse(ctx, corpus, item, answer, suggested)
    const grade = await askGrade(ctx, readLine, suggested)
    if (grade === null) break
    const result = await gradeItem(ctx.vault, corpus, item.id, grade, ctx.today, ctx.today, { cache })
    corpus = result.corpus
    tally[grade]++
    done++
    ctx.out(`  ${grade}: next due ${result.state[item.id]?.next_due ?? '?'}\n`)
  }
  const left = due.length - done
  ctx.out(
    `Practised ${done} of ${due.length}: ${GRADES.map(g => `${tally[g]} ${g}`).join(', ')}.${left > 0 ? ` ${left} left for later (input ended).` : ''}`,
  )
  return 0
}

function showPrompt(ctx: CommandContext, item: DueItem, index: number, total: number): void {
  ctx.out(
    `\n[${index + 1} of ${total}] ${item.id}${item.leech ? '   (leech: failed often; consider rewriting this prompt)' : ''}`,
  )
  ctx.out(indent(item.prompt))
}

function showResponse(
  ctx: CommandContext,
  corpus: LoadedCorpus,
  item: DueItem,
  answer: string,
  suggested: Grade,
): void {
  ctx.out(`  your answer: ${answer.trim() === '' ? '(none)' : answer.trim()}`)
  ctx.out(`  response:\n${indent(item.response, '    ')}`)
  const preview = previewGrades(corpus, item.id, ctx.today)
  ctx.out(`  grades: ${GRADES.map((g, i) => `${i + 1} ${g} (${preview[g].days} d)`).join(' · ')}`)
  ctx.out(`  suggested: ${suggested}`)
}

async function askGrade(
  ctx: CommandContext,
  readLine: (prompt: string) => Promise<string | null>,
  suggested: Grade,
): Promise<Grade | null> {
  for (;;) {
    const raw = await readLine(`grade [1-4 or again/hard/good/easy, Enter = ${suggested}]> `)
    if (raw === null) return null
    if (raw.trim() === '') return suggested
    const grade = parseGrade(raw)
    if (grade) return grade
    ctx.out(`  "${raw.trim()}" is not a grade.`)
  }
}

function indent(text: string, pad = '  '): string {
  return text
    .split('\n')
    .map(line => pad + line)
    .join('\n')
}

export const practiceSpec: CommandSpec = {
  name: 'practice',
  summary: 'practise the due items (terminal or piped input)',
  usage: [''],
  run: practiceCommand,
}
