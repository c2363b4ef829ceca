import type { Corpus } from './corpus.js'
import { addDays } from './dates.js'
import type { DeclaredItem } from './items.js'
import { type GradePreviews, previewIntervals } from './schedulers/preview.js'
import { derived, type ItemFacts } from './snapshot.js'
import type { IsoDate } from './types.js'

export { type AnswerCheck, checkAnswer, suggestGrade } from './answer/suggest.js'

/** One item to practise, as `notekeeper due --json` prints it (plus where it is written). */
export interface DueItem {
  id: string
  prompt: string
  response: string
  next_due: IsoDate
  leech: boolean
  /** Never reviewed before (reps 0): a session's retention leaves its first answer out. */
  isNew: boolean
  /**
   * Graded `again` today and not relearned since (SPEC 1.8 `practice.relearn`): due again today,
   * whatever date the scheduler gave it; `next_due` is then today. Absent: not relearning.
   */
  relearning?: boolean
  file: string
  line: number
  /**
   * The note's header attributes by name: `{name}` in the prompt and response means their value,
   * in the terminal, the review window and the answer check as in the note (absent: none).
   */
  attributes?: Readonly<Record<string, string>>
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

/** The due items the daily limits let through today, and how many more they hold back. */
export interface DueSelection {
  due: DueItem[]
  /** Due items of the scope left for another day by the limits (`new`: those never reviewed). */
  heldBack: { items: number; new: number }
}

/**
 * The due items (SPEC 2, Practice): `next_due <= today`, in `next_due` then written order, within the
 * daily limits of SPEC 1.8 (reviewed items take the slots first, new items what is left). What was
 * already practised today counts against the limits: an item whose first review is dated today
 * uses up a new-item slot, and every item reviewed today uses up a review slot, so stopping and
 * starting again on one day never shows more than the limits allow. `scope` narrows the items
 * shown; the limits still hold for the whole day. With `practice.relearn`, the items failed today
 * and not relearned come first, in the order they were failed, outside the limits (ADR 0041).
 */
export function dueItems(corpus: Corpus, today: IsoDate, scope?: PracticeScope): DueItem[] {
  return dueSelection(corpus, today, scope).due
}

/**
 * `dueItems`, and the due items of the scope the limits hold back: they are due all the same, so
 * "nothing is due" would be wrong when the limits are what stops the day (SPEC 3 `due`).
 */
export function dueSelection(corpus: Corpus, today: IsoDate, scope?: PracticeScope): DueSelection {
  const facts = derived(corpus, today)
  const { newPerDay, reviewsPerDay } = corpus.config.limits
  let reviewBudget = reviewsPerDay === null ? Infinity : Math.max(0, reviewsPerDay - facts.reviewedToday)
  let newBudget = newPerDay === null ? Infinity : Math.max(0, newPerDay - facts.newToday)
  const relearn = corpus.config.practice.relearn

  const candidates: Candidate[] = []
  for (const [id, item] of facts.items) {
    const declared = facts.declared.get(id)
    if (declared === undefined || !inScope(declared.file, scope)) continue
    // Failed today and not relearned since: due today whatever date the scheduler gave the
    // `again` (tomorrow, at the earliest), as a lapsed card stays in relearning in Anki.
    if (relearn && item.relearning) candidates.push({ id, declared, item, failedAt: lineOfLastReview(corpus, id) })
    else if (item.entry.next_due <= today) candidates.push({ id, declared, item, failedAt: null })
  }
  // Relearning first, the one failed first first (Anki shows a learning card once its step is
  // over, before reviews and new cards). Then items due the same day in the order they are
  // written: by note, then by line, as a person added them (an id order put `n#q10` before
  // `n#q2`); the id decides only between two of one line.
  candidates.sort((a, b) => {
    if (a.failedAt !== null || b.failedAt !== null) {
      if (a.failedAt === null) return 1
      if (b.failedAt === null) return -1
      if (a.failedAt !== b.failedAt) return a.failedAt - b.failedAt
    }
    const x = a.item.entry.next_due
    const y = b.item.entry.next_due
    if (x !== y) return x < y ? -1 : 1
    const f = a.declared.file
    const g = b.declared.file
    if (f !== g) return f < g ? -1 : 1
    const line = a.declared.item.line - b.declared.item.line
    return line !== 0 ? line : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  })

  // Reviews take the review budget first, then new items what is left (within newPerDay too), as
  // Anki's v3 scheduler fills its limits: taken in one next_due order, a backlog of new items
  // (registered days ago, so due earlier) took every slot and pushed due reviews back day after day.
  // Relearning items are outside the limits: their review today took its slot already (counted
  // in reviewedToday, and in newToday for a first review), as an `again` relearned within the
  // session takes none; held back, a failed item would wait for a day it was not failed on.
  const taken = new Set<string>()
  for (const { id, failedAt } of candidates) if (failedAt !== null) taken.add(id)
  for (const { id, item, failedAt } of candidates) {
    if (reviewBudget <= 0) break
    if (item.entry.reps === 0 || failedAt !== null) continue
    taken.add(id)
    reviewBudget--
  }
  for (const { id, item } of candidates) {
    if (reviewBudget <= 0 || newBudget <= 0) break
    if (item.entry.reps !== 0) continue
    taken.add(id)
    newBudget--
    reviewBudget--
  }
  // The ones taken are shown in the one order above (reviews and new items mixed by due date, as
  // Anki mixes them by default); only which ones are taken depends on the kind.
  const due: DueItem[] = []
  const heldBack = { items: 0, new: 0 }
  for (const { id, declared, item, failedAt } of candidates) {
    if (!taken.has(id)) {
      heldBack.items++
      if (item.entry.reps === 0) heldBack.new++
      continue
    }
    due.push({
      id,
      prompt: declared.item.prompt,
      response: declared.item.response,
      // A relearning item is due today; the scheduler's date is where it goes once relearned.
      next_due: failedAt !== null ? today : item.entry.next_due,
      leech: item.failures >= corpus.config.leechThreshold,
      isNew: item.entry.reps === 0,
      ...(failedAt !== null ? { relearning: true } : {}),
      file: declared.file,
      line: declared.item.line,
      attributes: Object.fromEntries(declared.note.attributes.map(a => [a.name, a.value])),
    })
  }
  return { due, heldBack }
}

/** A due item before the limits choose: `failedAt`, for an item relearning, the log line of the `again` it failed with. */
interface Candidate {
  id: string
  declared: DeclaredItem
  item: ItemFacts
  failedAt: number | null
}

/** The line of the item's last review that counts: for a relearning item, its `again` of today (replay order ends with today's lines, in file order). */
function lineOfLastReview(corpus: Corpus, id: string): number {
  return corpus.log.historyOf(id).at(-1)?.line ?? 0
}

/** ", 3 more held back by the daily limits (2 of them new)" beside the items shown; "" when none is held back (SPEC 1.8). */
export function heldBackPhrase(heldBack: DueSelection['heldBack']): string {
  if (heldBack.items === 0) return ''
  const fresh =
    heldBack.new === 0
      ? ''
      : heldBack.new === heldBack.items
        ? heldBack.items === 1
          ? ' (a new one)'
          : ' (all new)'
        : ` (${heldBack.new} of them new)`
  return `, ${heldBack.items} more held back by the daily limits${fresh}`
}

/** "5 more items are due, 3 of them new, and wait for another day (limits.newPerDay 0, ...)": what `due` and `practice` say when the limits stop the day. */
export function limitsReachedLine(corpus: Corpus, today: IsoDate, heldBack: DueSelection['heldBack']): string {
  const { newPerDay, reviewsPerDay } = corpus.config.limits
  const limits = [
    newPerDay === null ? null : `limits.newPerDay ${newPerDay}`,
    reviewsPerDay === null ? null : `limits.reviewsPerDay ${reviewsPerDay}`,
  ].filter(x => x !== null)
  const count = `${heldBack.items} more item${heldBack.items === 1 ? ' is' : 's are'} due`
  let fresh = ''
  if (heldBack.new > 0)
    fresh =
      heldBack.new < heldBack.items
        ? `, ${heldBack.new} of them new`
        : heldBack.items === 1
          ? ', a new one'
          : ', all new'
  return `The daily limits are reached (${today}): ${count}${fresh}, and wait for another day (${limits.join(', ')}).`
}

/**
 * The earliest `next_due` after today among the declared items of `scope` (all of them without
 * one), for "nothing is due; the next item is due on ...". With `--note` it was the whole
 * corpus's date, which said nothing about the note asked for.
 */
export function nextDueDate(corpus: Corpus, today: IsoDate, scope?: PracticeScope): IsoDate | null {
  const facts = derived(corpus, today)
  let next: IsoDate | null = null
  for (const [id, { entry }] of facts.items) {
    if (entry.next_due <= today || (next !== null && entry.next_due >= next)) continue
    const declared = facts.declared.get(id)
    if (declared !== undefined && inScope(declared.file, scope)) next = entry.next_due
  }
  return next
}

/** What each grade would give the item if graded today, under the active scheduler (the buttons' and the terminal's days). */
export function previewGrades(corpus: Corpus, id: string, today: IsoDate): GradePreviews {
  const facts = derived(corpus, today)
  const entry = facts.items.get(id)?.entry ?? facts.scheduler.initial(addDays(today, 1))
  return previewIntervals(facts.scheduler, entry, today, id)
}
