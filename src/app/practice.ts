import { canonicalId } from '../core/aliases.js'
import { declaredItems } from '../core/items.js'
import { formatReviewLine } from '../core/log/format.js'
import { formatVoidLine } from '../core/log/voids.js'
import {
  type DueItem,
  nextDueAfter,
  type PracticeScope,
  dueItems as selectDue,
  suggestGrade,
} from '../core/practice.js'
import { schedulerFor } from '../core/schedulers/index.js'
import { previewIntervals } from '../core/schedulers/preview.js'
import { GRADES, type Grade, type IsoDate, type Review, type State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { type LoadedCorpus, type LoadOptions, loadCorpus } from './corpus.js'
import { appendReviews } from './log-writer.js'
import { assertConfigValid, derivedState, writeStateIfChanged } from './schedule.js'

export { type DueItem, type PracticeScope, suggestGrade }

/** The due items today (of `scope`, when given), within the daily limits; new items count as registered today (nothing is written). */
export function dueItems(corpus: LoadedCorpus, today: IsoDate, scope?: PracticeScope): DueItem[] {
  return selectDue({
    notes: corpus.notes,
    state: derivedState(corpus, today),
    reviews: corpus.log.all(),
    config: corpus.config,
    today,
    ...(scope ? { scope } : {}),
  })
}

/** When the next item falls due, for "nothing is due" screens. */
export function nextDueDate(corpus: LoadedCorpus, today: IsoDate): IsoDate | null {
  return nextDueAfter(derivedState(corpus, today), today)
}

/** What each grade would give the item if graded today, under the active scheduler. */
export function previewGrades(
  corpus: LoadedCorpus,
  id: string,
  today: IsoDate,
): Record<Grade, { next_due: IsoDate; days: number }> {
  const scheduler = schedulerFor(corpus.config)
  const entry = derivedState(corpus, today)[id] ?? scheduler.initial(today)
  return previewIntervals(scheduler, entry, today, id)
}

export class UnknownItemError extends Error {
  override name = 'UnknownItemError'
}

/**
 * Records one graded review: refuses an undeclared id or a bad grade before touching anything,
 * appends the line under the writers' lock (SPEC 1.4), then regenerates state.json from the log
 * as it now is on disk, so that reviews another writer added meanwhile are in it too.
 * Returns the corpus as reloaded after the append, and the state written from it.
 */
export async function gradeItem(
  vault: Vault,
  corpus: LoadedCorpus,
  id: string,
  grade: string,
  date: IsoDate,
  today: IsoDate,
  options: LoadOptions = {},
): Promise<{ corpus: LoadedCorpus; state: State }> {
  assertConfigValid(corpus)
  if (!(GRADES as readonly string[]).includes(grade))
    throw new UnknownItemError(`unknown grade "${grade}" (use again, hard, good or easy)`)
  if (!declaredItems(corpus.notes).has(id)) throw new UnknownItemError(`no note declares the item "${id}"`)
  await appendReviews(vault, [formatReviewLine({ item: id, date, grade: grade as Grade })])
  const reloaded = await loadCorpus(vault, options)
  assertConfigValid(reloaded)
  const state = derivedState(reloaded, today)
  await writeStateIfChanged(vault, state)
  return { corpus: reloaded, state }
}

/** Registers new items and drops vanished ones: what `replay` does and every writing command does first. */
export async function registerState(vault: Vault, corpus: LoadedCorpus, today: IsoDate): Promise<boolean> {
  assertConfigValid(corpus)
  return writeStateIfChanged(vault, derivedState(corpus, today))
}

/** Nothing to take back: no review (of that item) counts. */
export class NothingToUndoError extends Error {
  override name = 'NothingToUndoError'
}

/**
 * Takes back the last review written (of `id`, when given; after aliases): the review that counts
 * and stands lowest in the log. Appends its void line under the writers' lock (SPEC 1.4), then
 * writes the state a replay of the log as it now is gives. The log keeps every line.
 */
export async function undoLastReview(
  vault: Vault,
  corpus: LoadedCorpus,
  id: string | null,
  today: IsoDate,
  options: LoadOptions = {},
): Promise<{ corpus: LoadedCorpus; state: State; undone: Review }> {
  assertConfigValid(corpus)
  const aliases = corpus.config.aliases
  const wanted = id === null ? null : canonicalId(id, aliases)
  let undone: Review | undefined
  for (const review of corpus.log.all()) {
    if (wanted !== null && canonicalId(review.item, aliases) !== wanted) continue
    if (undone === undefined || review.line > undone.line) undone = review
  }
  if (undone === undefined)
    throw new NothingToUndoError(id === null ? 'the log holds no review to undo' : `no review of "${id}" to undo`)
  return { ...(await appendVoid(vault, undone, today, options)), undone }
}

/**
 * Takes back a grade given in this session (practice's undo): the void line for `grade` of `id`
 * on `date`, which takes the latest such review, the one just written (SPEC 1.4).
 */
export async function undoLastGrade(
  vault: Vault,
  corpus: LoadedCorpus,
  id: string,
  grade: Grade,
  today: IsoDate,
  options: LoadOptions = {},
): Promise<{ corpus: LoadedCorpus; state: State }> {
  assertConfigValid(corpus)
  return appendVoid(vault, { item: id, date: today, grade }, today, options)
}

async function appendVoid(
  vault: Vault,
  review: Pick<Review, 'item' | 'date' | 'grade'>,
  today: IsoDate,
  options: LoadOptions,
): Promise<{ corpus: LoadedCorpus; state: State }> {
  await appendReviews(vault, [formatVoidLine(review)])
  const reloaded = await loadCorpus(vault, options)
  assertConfigValid(reloaded)
  const state = derivedState(reloaded, today)
  await writeStateIfChanged(vault, state)
  return { corpus: reloaded, state }
}
