import { type Aliases, aliasResolver, canonicalId } from './aliases.js'
import { addDays, compareDates, isIsoDate, LAST_SUPPORTED_DATE } from './dates.js'
import { type ReviewLog, reviewLogOf } from './log/review-log.js'
import type { Scheduler } from './scheduler.js'
import type { IsoDate, Review, State, StateEntry } from './types.js'

export { failureCount } from './leech.js'

/** Replay order (SPEC 1.5): date order, and the order of the file (the array) within one date. */
export function inReplayOrder(history: readonly Review[]): Review[] {
  return sortIntoReplayOrder([...history])
}

/**
 * Sorts `list` in place into replay order, and only when it is not already in it: a log written
 * by the tools is in date order except for the odd back-dated line.
 */
function sortIntoReplayOrder(list: Review[]): Review[] {
  for (let i = 1; i < list.length; i++) {
    // Array.prototype.sort is stable (ES2019), which is what keeps same-day lines in file order.
    if ((list[i] as Review).date < (list[i - 1] as Review).date)
      return list.sort((a, b) => compareDates(a.date, b.date))
  }
  return list
}

/**
 * Every item's reviews, keyed by the id they count for after aliases, each list in replay order.
 * The reviews themselves are returned as read (their `item` is the id written in the log).
 */
export function historiesByItem(reviews: readonly Review[], aliases: Aliases = {}): Map<string, Review[]> {
  const canonical = aliasResolver(aliases)
  const byItem = new Map<string, Review[]>()
  for (const review of reviews) {
    const id = canonical(review.item)
    const list = byItem.get(id)
    if (list) list.push(review)
    else byItem.set(id, [review])
  }
  for (const list of byItem.values()) sortIntoReplayOrder(list)
  return byItem
}

/**
 * A scheduler that can fold a whole history in one go, giving exactly what applying its reviews
 * one at a time gives (test/core/replay.property.test.ts holds it to that), without the entries
 * in between. Optional: `foldHistory` below uses it when the scheduler has it.
 */
export interface HistoryFolding {
  foldHistory(this: Scheduler, start: StateEntry, history: readonly Review[]): StateEntry
}

/**
 * A scheduler that can fold an item's history straight from the log's columns (`ReviewLog.foldOf`),
 * with no review objects: what a replay of a million reviews spends most of its time on otherwise.
 * Null when it cannot give exactly what `foldHistory` gives (the caller then folds the objects).
 */
export interface LogFolding {
  foldLogged(this: Scheduler, start: StateEntry, log: ReviewLog, id: string): StateEntry | null
}

/** Applies `history` (already in replay order) to `start`, one review line at a time. */
export function foldHistory(start: StateEntry, history: readonly Review[], scheduler: Scheduler): StateEntry {
  const folding = (scheduler as Scheduler & Partial<HistoryFolding>).foldHistory
  if (typeof folding === 'function') return folding.call(scheduler, start, history)
  return foldEachReview(start, history, scheduler)
}

/** The fold by definition: what every scheduler's whole-history fold must equal. */
export function foldEachReview(start: StateEntry, history: readonly Review[], scheduler: Scheduler): StateEntry {
  let entry = start
  for (const review of history) entry = scheduler.review(entry, review.date, review.grade, review.item)
  return entry
}

/**
 * The date an item without a review that counts is due (SPEC 1.5):
 * - the one it was given when first registered: the `next_due` of a never-reviewed entry (reps
 *   0) of the previous state;
 * - today, when the previous state shows it reviewed: every review it had has been taken back
 *   since (an undo). It was due when it was reviewed, and is asked again; the `next_due` of that
 *   entry was the taken-back review's, no registration;
 * - else the day after today: registered now.
 */
function registeredDue(previous: State | null, id: string, today: IsoDate, aliases: Aliases = {}): IsoDate {
  const entry = previous === null ? undefined : (entryOf(previous, id) ?? formerEntry(previous, id, aliases))
  if (entry === undefined || !isIsoDate(entry.next_due)) return tomorrowOf(today)
  return entry.reps === 0 ? entry.next_due : today
}

const entryOf = (state: State, id: string): StateEntry | undefined => (Object.hasOwn(state, id) ? state[id] : undefined)

/**
 * The entry of an id renamed to `id` (SPEC 1.8: its history follows it), for an item renamed
 * before its first review: its registration date is all the history it has, and without this
 * the renamed item was registered again, a day after the derivation (an overdue new item went
 * to tomorrow). The first such id in config.json's order; only ever asked for an item without
 * an entry of its own, so the walk over the aliases is rare and short.
 */
function formerEntry(state: State, id: string, aliases: Aliases): StateEntry | undefined {
  for (const former in aliases) {
    if (!Object.hasOwn(aliases, former) || former === id) continue
    const entry = entryOf(state, former)
    if (entry !== undefined && canonicalId(former, aliases) === id) return entry
  }
  return undefined
}

/**
 * The entry an item's replay starts from: the scheduler's initial entry, due on the date the item
 * was registered with when it has never been reviewed. An item with a review is dated by its
 * reviews alone, whatever date its start holds (every scheduler: test/core/schedulers.test.ts),
 * so the previous state is asked for (`previous`) only for an item without one: a loaded corpus
 * then parses state.json only when some declared item was never reviewed (docs/perf.md (14)).
 * `registrations`: what the state held for items first reviewed since it was read (`Corpus`),
 * asked before it, as it was the previous state of those items before their review replaced it.
 */
export function startEntry(
  scheduler: Scheduler,
  log: ReviewLog,
  id: string,
  today: IsoDate,
  previous: () => State | null,
  registrations?: ReadonlyMap<string, IsoDate>,
): StateEntry {
  const reviewed = log.lastDateOf !== undefined ? log.lastDateOf(id) !== null : log.historyOf(id).length > 0
  if (reviewed) return scheduler.initial(tomorrowOf(today))
  // Every review taken back (an undo) in the process that recorded the first one: the item goes
  // back to the registration it had then, among the new items at its own place (ADR 0041).
  const kept = registrations?.get(id)
  return scheduler.initial(kept ?? registeredDue(previous(), id, today, log.aliases))
}

/**
 * The day after `today`, worked out once for the 30,000 items of one derivation, not once each;
 * on the last supported day, that day (a registration is a due date, clamped as every due date
 * is, SPEC 1.7: state.json never holds a date its reader would refuse as damaged).
 */
let lastToday: IsoDate | null = null
let lastTomorrow: IsoDate = '1970-01-02'
function tomorrowOf(today: IsoDate): IsoDate {
  if (today !== lastToday) {
    lastTomorrow = today >= LAST_SUPPORTED_DATE ? LAST_SUPPORTED_DATE : addDays(today, 1)
    lastToday = today
  }
  return lastTomorrow
}

export interface ReplayInput {
  /** The log, grouped by item after its aliases: the everyday input (log/columnar-log.ts for a log read from its file). */
  log?: ReviewLog
  /**
   * Or the log's valid reviews that count, in file order: voided ones already taken out
   * (log/voids.ts, SPEC 1.5), grouped under `aliases`. Ignored when `log` is given.
   */
  reviews?: readonly Review[]
  aliases?: Aliases
  /** The ids the notes declare; the state holds exactly these. */
  declared: readonly string[]
  /** The state as last written (for the registration date of never-reviewed items), or null. */
  previous: State | null
  today: IsoDate
  scheduler: Scheduler
}

/**
 * `state = f(log + declared items)` (SPEC 1.5): one entry per declared id, each the fold of its
 * history from the scheduler's initial entry. Reviews of ids no note declares do not enter it.
 */
export function replay(input: ReplayInput): State {
  const { declared, previous, today, scheduler } = input
  const log = input.log ?? reviewLogOf(input.reviews ?? [], { aliases: input.aliases ?? {} })
  const state: State = {}
  const logged = (scheduler as Scheduler & Partial<LogFolding>).foldLogged
  const fromColumns = typeof logged === 'function' && log.foldOf !== undefined
  const previousState = (): State | null => previous
  for (const id of declared) {
    const start = startEntry(scheduler, log, id, today, previousState)
    const folded = fromColumns ? logged.call(scheduler, start, log, id) : null
    if (folded !== null) {
      state[id] = folded
      continue
    }
    const history = log.historyOf(id)
    state[id] = history.length > 0 ? foldHistory(start, history, scheduler) : start
  }
  return state
}

/**
 * One review applied on top of the item's current entry. It equals a replay only while reviews
 * arrive in date order; use `refoldItem` after appending a line that may be dated earlier than
 * the item's last review (a `grade --date` in the past).
 */
export function applyReview(state: State, id: string, review: Review, scheduler: Scheduler, today: IsoDate): State {
  const current = Object.hasOwn(state, id) ? state[id] : undefined
  const entry = current ?? scheduler.initial(addDays(today, 1))
  return { ...state, [id]: scheduler.review(entry, review.date, review.grade, review.item) }
}

/**
 * The item's entry re-derived from its whole history (in any order; it is put in replay order
 * here), as SPEC 1.5 asks after a new review is appended: what `replay` with `state` as the
 * previous state gives for that item.
 */
export function refoldItem(
  state: State,
  id: string,
  history: readonly Review[],
  scheduler: Scheduler,
  today: IsoDate,
): State {
  const start = scheduler.initial(registeredDue(state, id, today))
  return { ...state, [id]: foldHistory(start, inReplayOrder(history), scheduler) }
}
