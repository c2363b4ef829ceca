import { canonicalId, isRenamedAway } from '../core/aliases.js'
import { type Corpus, notePathOfItem } from '../core/corpus.js'
import { formatReviewLine } from '../core/log/format.js'
import type { LogVoid } from '../core/log/voids.js'
import { formatVoidLine } from '../core/log/voids.js'
import { derived, derivedState, registrationsWith, withLog, withReview, withStateOnDisk } from '../core/snapshot.js'
import { GRADES, type Grade, type IsoDate, type Review, type State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import type { LockOptions } from './lock.js'
import { withLogReadAgain } from './log-mark.js'
import { appendAfterMark } from './log-writer.js'
import { whyNotRead } from './note-read.js'
import type { StateWrites } from './state-writes.js'
import { assertConfigValid, writeCorpusState, writeStateIfChanged } from './write-state.js'

export class UnknownItemError extends Error {
  override name = 'UnknownItemError'
}

/** What a write of the log leaves: the corpus as it now stands (the line in it), and the state written from it. */
export interface Graded {
  corpus: Corpus
  state: State
}

/** A grade recorded: the corpus and state after it, and the id it was written under (after `aliases`). */
export interface GradeRecorded extends Graded {
  item: string
}

export interface StateOptions {
  /** Write state.json through this (after the next card is shown, coalesced) instead of before returning. */
  stateWrites?: StateWrites
  /** Options of the writers' lock, for the line and for state.json (tests: time, the stale window). */
  lock?: LockOptions
}

/**
 * Records one graded review: refuses an undeclared id or a bad grade before touching anything,
 * appends the line under the writers' lock (SPEC 1.4), folds that item's history again, and writes
 * state.json. The notes are not read again; the log only when another writer added lines since
 * the corpus read it, so that their reviews are in the state too (ADR 0020).
 */
export async function gradeItem(
  vault: Vault,
  corpus: Corpus,
  id: string,
  grade: string,
  date: IsoDate,
  today: IsoDate,
  options: StateOptions = {},
): Promise<GradeRecorded> {
  assertConfigValid(corpus)
  if (!(GRADES as readonly string[]).includes(grade))
    throw new UnknownItemError(`unknown grade "${grade}" (use again, hard, good or easy)`)
  // An id renamed since (`aliases`): the review is written under the id it counts for, as undo
  // takes one back, so that a script that still grades the old id neither fails nor keeps it alive.
  const item = canonicalId(id, corpus.config.aliases)
  refuseRenamedAway(corpus, id, item)
  if (!derived(corpus, today).declared.has(item)) {
    // Its note may stand there unread (a link, a pipe, over the size limit): then that is why.
    const why = whyNotRead(corpus.unreadable, notePathOfItem(item))
    const renamed = item === id ? '' : ` (config.json's aliases rename "${id}" to it)`
    throw new UnknownItemError(
      `no note declares the item "${item}"${renamed}${why === null ? '' : ` (${notePathOfItem(item)}: ${why})`}`,
    )
  }
  const review = { item, date, grade: grade as Grade }
  // Asked before the line is appended: the registration an undo of a first review gives back.
  const registrations = registrationsWith(corpus, item, today)
  const { mark } = await appendLines(vault, [formatReviewLine(review)], corpus, options)
  try {
    const next =
      mark === null
        ? await withLogReadAgain(vault, { ...corpus, ...(registrations !== undefined ? { registrations } : {}) })
        : withReview(corpus, { ...review, line: mark.lines }, today, mark)
    return { ...(await saveState(vault, next, today, options)), item }
  } catch (error) {
    // The review's line is in the log: whatever failed after it (reading the log again, the state)
    // must not be taken for a grade not saved, which a person would then give again.
    if (typeof error === 'object' && error !== null) afterTheLine.set(error, review)
    throw error
  }
}

/**
 * A grade or an undo of an id a note declares while the aliases rename it away (to `item`):
 * the person means the declared item, which the alias leaves without a history of its own
 * (validate's alias-declared). A line under the other id would move the other item's date, and
 * can never be taken out of the log.
 */
function refuseRenamedAway(corpus: Corpus, id: string, item: string): void {
  if (!isRenamedAway(id, corpus.config.aliases)) return
  const note = corpus.notes.find(model => model.path === notePathOfItem(id))
  if (note?.folder === 'internalise' && note.items.some(declared => declared.id === id))
    throw new UnknownItemError(
      `"${id}" is declared in ${note.path}, but config.json's aliases rename it to "${item}", so its reviews ` +
        `count for "${item}": give the item another id, or remove the alias (see validate's alias-declared)`,
    )
}

/**
 * An undo of a review whose item's note is there but not read now (SPEC 1.5: its entry is kept
 * as it was): a void line would change the item's replay, and its date with it, behind the
 * entry that stays; refused as a grade of it is, with the reason.
 */
function refuseUnreadNote(corpus: Corpus, item: string): void {
  const why = whyNotRead(corpus.unreadable, notePathOfItem(item))
  if (why !== null)
    throw new UnknownItemError(
      `the review to undo is of "${item}", whose note is not read now (${notePathOfItem(item)}: ${why})`,
    )
}

/** Errors thrown after a line was appended, with what that line recorded (a grade, or the grade a void took back). */
const afterTheLine = new WeakMap<object, LineWritten>()

export type LineWritten = Pick<Review, 'item' | 'date' | 'grade'>

/** Whether `error` came from gradeItem or an undo after its line was appended: the grade (or the void) is in the log. */
export function lineWasWritten(error: unknown): boolean {
  return lineWrittenBefore(error) !== null
}

/** What the line appended before `error` recorded, or null when `error` came before any line was written. */
export function lineWrittenBefore(error: unknown): LineWritten | null {
  return (typeof error === 'object' && error !== null && afterTheLine.get(error)) || null
}

/** Registers new items and drops vanished ones: what `replay` does and every writing command does first. */
export async function registerState(vault: Vault, corpus: Corpus, today: IsoDate): Promise<boolean> {
  assertConfigValid(corpus)
  return writeCorpusState(vault, corpus, today)
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
  corpus: Corpus,
  id: string | null,
  today: IsoDate,
): Promise<Graded & { undone: Review }> {
  assertConfigValid(corpus)
  const aliases = corpus.config.aliases
  const wanted = id === null ? null : canonicalId(id, aliases)
  if (id !== null && wanted !== null) refuseRenamedAway(corpus, id, wanted)
  let undone: Review | undefined
  const candidates = wanted === null ? corpus.log.all() : corpus.log.historyOf(wanted)
  for (const review of candidates) if (undone === undefined || review.line > undone.line) undone = review
  if (undone === undefined) {
    if (id === null) throw new NothingToUndoError('the log holds no review to undo')
    // An id no note declares, with no review under it either, is most likely mistyped.
    const undeclared =
      wanted !== null && !derived(corpus, today).declared.has(wanted) ? ', and no note declares it' : ''
    throw new NothingToUndoError(`no review of "${id}" to undo${undeclared}`)
  }
  refuseUnreadNote(corpus, canonicalId(undone.item, aliases))
  return { ...(await appendVoid(vault, corpus, undone, today)), undone }
}

/**
 * Takes back a grade given in this session (practice's undo): the void line for `grade` of `id`
 * on the date that grade was written with, which takes the latest such review, the one just
 * written (SPEC 1.4). That date is the one of the item's last log line with this grade, not
 * `today`: the review window dates each grade by the clock, so a grade given before midnight and
 * undone after it got a void of the next day, which matched nothing, and the grade still counted.
 */
export async function undoLastGrade(
  vault: Vault,
  corpus: Corpus,
  id: string,
  grade: Grade,
  today: IsoDate,
  options: StateOptions = {},
): Promise<Graded> {
  assertConfigValid(corpus)
  let date = today
  let latestLine = -1
  for (const review of corpus.log.historyOf(canonicalId(id, corpus.config.aliases)))
    if (review.grade === grade && review.line > latestLine) {
      latestLine = review.line
      date = review.date
    }
  return appendVoid(vault, corpus, { item: id, date, grade }, today, options)
}

/**
 * The lines appended after the corpus's mark; in a session, in turn with its own state writes
 * (StateWrites), so that a grade never waits for them the way it waits for another process.
 */
function appendLines(vault: Vault, lines: string[], corpus: Corpus, options: StateOptions) {
  const append = () => appendAfterMark(vault, lines, corpus.logFile, options.lock)
  return options.stateWrites ? options.stateWrites.inTurn(append) : append()
}

async function appendVoid(
  vault: Vault,
  corpus: Corpus,
  review: Pick<Review, 'item' | 'date' | 'grade'>,
  today: IsoDate,
  options: StateOptions = {},
): Promise<Graded> {
  const { mark } = await appendLines(vault, [formatVoidLine(review)], corpus, options)
  try {
    let next: Corpus
    if (mark === null || corpus.log.withVoid === undefined) next = await withLogReadAgain(vault, corpus)
    else {
      const correction: LogVoid = { item: review.item, date: review.date, void: review.grade, line: mark.lines }
      const log = corpus.log.withVoid(correction)
      // Only the item the void took a review from is folded again (withReview's path, for one id).
      next = withLog(corpus, log, today, [canonicalId(review.item, log.aliases)], mark)
    }
    return await saveState(vault, next, today, options)
  } catch (error) {
    // The void line is in the log, as a grade's is (gradeItem): an undo run again would take back
    // a second review.
    if (typeof error === 'object' && error !== null) afterTheLine.set(error, review)
    throw error
  }
}

/**
 * The state after a line of ours, written now or handed to the session's StateWrites. Only while
 * the log is as this corpus knows it (`logFile`, state-guard.ts): a writer that added a line since
 * writes a state with ours and its own in it, so ours is left unwritten rather than put over it.
 */
async function saveState(vault: Vault, corpus: Corpus, today: IsoDate, options: StateOptions): Promise<Graded> {
  const state = derivedState(corpus, today)
  const guard = { from: corpus.logFile, ...(options.lock && { lock: options.lock }) }
  try {
    options.stateWrites?.schedule(vault, state, guard)
  } catch {
    // An earlier coalesced write failed: this grade's line is in the log already, so write now and
    // fail only if that fails too, as a grade without coalescing would.
    await writeStateIfChanged(vault, state, 'changed', guard)
  }
  if (!options.stateWrites) await writeStateIfChanged(vault, state, 'changed', guard)
  return { corpus: withStateOnDisk(corpus, state, today), state }
}
