import { declaredItems } from '../core/items.js'
import { formatReviewLine } from '../core/log/format.js'
import { type DueItem, nextDueAfter, dueItems as selectDue, suggestGrade } from '../core/practice.js'
import { schedulerFor } from '../core/schedulers/index.js'
import { previewIntervals } from '../core/schedulers/preview.js'
import { GRADES, type Grade, type IsoDate, type State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { type LoadedCorpus, type LoadOptions, loadCorpus } from './corpus.js'
import { appendReviews } from './log-writer.js'
import { assertConfigValid, derivedState, writeStateIfChanged } from './schedule.js'

export { type DueItem, suggestGrade }

/** The due items today, within the daily limits; new items count as registered today (nothing is written). */
export function dueItems(corpus: LoadedCorpus, today: IsoDate): DueItem[] {
  return selectDue({
    notes: corpus.notes,
    state: derivedState(corpus, today),
    reviews: corpus.log.reviews,
    config: corpus.config,
    today,
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
