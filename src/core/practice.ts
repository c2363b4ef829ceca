import { declaredItems } from './items.js'
import { failureCount } from './leech.js'
import { historiesByItem } from './replay.js'
import type { Config, IsoDate, NoteModel, Review, State } from './types.js'

export { type AnswerCheck, checkAnswer, suggestGrade } from './answer/suggest.js'

/** One item to practise, as `notekeeper due --json` prints it (plus where it is written). */
export interface DueItem {
  id: string
  prompt: string
  response: string
  next_due: IsoDate
  leech: boolean
  file: string
  line: number
}

export interface DueInput {
  notes: readonly NoteModel[]
  /** The state a replay gives (new items registered). */
  state: State
  reviews: readonly Review[]
  config: Config
  today: IsoDate
  /** Practise only part of the corpus (`--note`, `--folder`); the daily limits still hold for the whole day. */
  scope?: PracticeScope
}

/** A subset to practise: one note (its path from the corpus root) or one folder and everything under it. */
export interface PracticeScope {
  note?: string
  folder?: string
}

/** Whether an item written in `file` belongs to the scope. Paths are corpus-relative with `/`. */
export function inScope(file: string, scope: PracticeScope | undefined): boolean {
  if (scope === undefined) return true
  if (scope.note !== undefined && file !== normalisePath(scope.note)) return false
  if (scope.folder !== undefined) {
    const folder = normalisePath(scope.folder)
    if (folder !== '' && !file.startsWith(`${folder}/`)) return false
  }
  return true
}

/** `./internalise/lang/` → `internalise/lang`: the forms a person types for one path. */
export function normalisePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/+$/, '')
}

/**
 * The due items (SPEC 2, Practice): `next_due <= today`, in `next_due` then id order, within the
 * daily limits of SPEC 1.8. What was already practised today counts against the limits: an item
 * whose first review is dated today uses up a new-item slot, and every item reviewed today uses up
 * a review slot, so stopping and starting again on one day never shows more than the limits allow.
 */
export function dueItems(input: DueInput): DueItem[] {
  const declared = declaredItems(input.notes)
  const histories = historiesByItem([...input.reviews], input.config.aliases)
  let reviewedToday = 0
  let newToday = 0
  for (const [id, history] of histories) {
    if (!declared.has(id)) continue
    if (history.some(r => r.date === input.today)) reviewedToday++
    if (history[0]?.date === input.today) newToday++
  }
  const { newPerDay, reviewsPerDay } = input.config.limits
  let reviewBudget = reviewsPerDay === null ? Infinity : Math.max(0, reviewsPerDay - reviewedToday)
  let newBudget = newPerDay === null ? Infinity : Math.max(0, newPerDay - newToday)

  const candidates = [...declared.entries()]
    .map(([id, { item, file }]) => ({ id, item, file, entry: input.state[id] }))
    .filter(c => c.entry !== undefined && c.entry.next_due <= input.today && inScope(c.file, input.scope))
    .sort((a, b) =>
      a.entry!.next_due < b.entry!.next_due
        ? -1
        : a.entry!.next_due > b.entry!.next_due
          ? 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0,
    )

  const due: DueItem[] = []
  for (const { id, item, file, entry } of candidates) {
    if (reviewBudget <= 0) break
    const isNew = entry!.reps === 0
    if (isNew && newBudget <= 0) continue
    if (isNew) newBudget--
    reviewBudget--
    const failures = failureCount(histories.get(id) ?? [])
    due.push({
      id,
      prompt: item.prompt,
      response: item.response,
      next_due: entry!.next_due,
      leech: failures >= input.config.leechThreshold,
      file,
      line: item.line,
    })
  }
  return due
}

/** The earliest `next_due` after today, for "nothing is due; the next item is due on ...". */
export function nextDueAfter(state: State, today: IsoDate): IsoDate | null {
  let next: IsoDate | null = null
  for (const entry of Object.values(state)) {
    if (entry.next_due > today && (next === null || entry.next_due < next)) next = entry.next_due
  }
  return next
}
