import { canonicalId, isRenamedAway } from './aliases.js'
import { type Corpus, type LogFileMark, notePathOfItem, unreadNotes } from './corpus.js'
import { type DeclaredItem, declaredItems } from './items.js'
import { failureCount } from './leech.js'
import { foldHistory, type LogFolding, startEntry } from './replay.js'
import type { Scheduler } from './scheduler.js'
import { schedulerFor } from './schedulers/index.js'
import { journalStateChanges } from './state.js'
import type { Finding, Grade, IsoDate, NoteModel, Review, State, StateEntry } from './types.js'

// What follows from a corpus on one day (ADR 0020): the state a replay gives (SPEC 1.5) and what
// practice asks of each item, derived once and then carried from one corpus to the next: a new
// review folds only its item's history again, an edited note only that note's items.

/** What practice needs to know about one declared item today. */
export interface ItemFacts {
  entry: StateEntry
  /** Its `again` lines, for leeches (SPEC 1.6). */
  failures: number
  /** Whether a review of it is dated today (it used up a review slot, SPEC 1.8 limits). */
  reviewedToday: boolean
  /** Whether its first review is dated today (it used up a new-item slot). */
  newToday: boolean
  /**
   * Whether its last review that counts (replay order) is an `again` dated today: failed and not
   * yet relearned, so due again today when `practice.relearn` is on (SPEC 1.8, ADR 0041). A void
   * took its review out before this is asked, so an undone `again` keeps nothing due.
   */
  relearning: boolean
}

export interface Derived {
  readonly today: IsoDate
  readonly scheduler: Scheduler
  /** Every declared item by id (the first declaration counts, SPEC 1.2). */
  readonly declared: ReadonlyMap<string, DeclaredItem>
  /** One entry per declared id: the state a replay of the log gives today. */
  readonly items: ReadonlyMap<string, ItemFacts>
  /** Declared items reviewed today, and those first reviewed today: the daily limits' usage. */
  readonly reviewedToday: number
  readonly newToday: number
}

const derivations = new WeakMap<Corpus, Derived>()
const states = new WeakMap<Derived, State>()
let wholeDerivations = 0

/** How many times a whole corpus was derived (every item's history folded), since the process started. */
export function wholeDerivationCount(): number {
  return wholeDerivations
}

/** What follows from `corpus` today: computed on first use, then kept with the corpus. */
export function derived(corpus: Corpus, today: IsoDate): Derived {
  const known = derivations.get(corpus)
  if (known !== undefined && known.today === today) return known
  wholeDerivations++
  const scheduler = schedulerFor(corpus.config)
  const declared = declaredItems(corpus.notes, corpus.config.aliases)
  const items = new Map<string, ItemFacts>()
  for (const id of declared.keys()) items.set(id, itemFacts(corpus, id, scheduler, today))
  const result = withCounts({ today, scheduler, declared, items })
  derivations.set(corpus, result)
  return result
}

/** The state a replay gives for this corpus today (SPEC 1.5): every declared item, new ones registered today. */
export function derivedState(corpus: Corpus, today: IsoDate): State {
  const facts = derived(corpus, today)
  let state = states.get(facts)
  if (state === undefined) {
    state = {}
    for (const [id, { entry }] of facts.items) state[id] = entry
    for (const [id, entry] of entriesOfUnreadNotes(corpus, facts.declared)) state[id] = entry
    states.set(facts, state)
  }
  return state
}

/**
 * The corpus once `review` (the line just appended at the end of the log) counts: the log holds
 * it, and only its item's history is folded again. `logFile`: the log file as it now stands.
 */
export function withReview(corpus: Corpus, review: Review, today: IsoDate, logFile?: LogFileMark | null): Corpus {
  const id = canonicalId(review.item, corpus.log.aliases)
  const registrations = registrationsWith(corpus, id, today)
  const before = taken(corpus, today)
  const next: Corpus = {
    ...corpus,
    log: corpus.log.withReview(review),
    ...(logFile !== undefined ? { logFile } : {}),
    ...(registrations !== undefined ? { registrations } : {}),
  }
  if (before !== undefined) refold(next, before, [id])
  return next
}

/**
 * The corpus's registrations (`Corpus.registrations`) and, when `id` has never been reviewed,
 * the date it is registered with now: about to be reviewed, its entry in the state will be the
 * review's, and an undo of that review needs the registration back (ADR 0041). Asked before the
 * review is appended (the derivation of `corpus` is the one before it).
 */
export function registrationsWith(
  corpus: Corpus,
  id: string,
  today: IsoDate,
): ReadonlyMap<string, IsoDate> | undefined {
  // The derivation there is (a grade derives it first, to refuse an undeclared id): none, no
  // registration is known to keep, and deriving 30,000 items here for one would cost the grade.
  const known = derivations.get(corpus)
  const facts = known !== undefined && known.today === today ? known.items.get(id) : undefined
  if (facts === undefined || facts.entry.reps !== 0 || corpus.registrations?.get(id) === facts.entry.next_due)
    return corpus.registrations
  return new Map(corpus.registrations ?? []).set(id, facts.entry.next_due)
}

/**
 * The corpus with another review log. When the new log differs from the old one only in the
 * histories of `changed` (an undo's void line), only those are folded again; without `changed`
 * (another writer's lines) the state is derived again on first use.
 */
export function withLog(
  corpus: Corpus,
  log: Corpus['log'],
  today: IsoDate,
  changed?: readonly string[],
  logFile?: LogFileMark | null,
): Corpus {
  const next: Corpus = { ...corpus, log, ...(logFile !== undefined ? { logFile } : {}) }
  const before = changed === undefined ? undefined : taken(corpus, today)
  if (changed !== undefined && before !== undefined) refold(next, before, changed)
  return next
}

/** The corpus with the state that is now on disk (after a write): the registration dates new items keep. */
export function withStateOnDisk(corpus: Corpus, state: State, today: IsoDate): Corpus {
  const next: Corpus = { ...corpus, state, stateError: null, stateErrorLine: null, stateInvalid: [] }
  const before = taken(corpus, today)
  if (before !== undefined) derivations.set(next, before)
  return next
}

/** Some files of the corpus changed: what a re-index of just those files found. */
export interface NotesChange {
  /** Notes edited or added, as scanned now. */
  scanned: readonly { model: NoteModel }[]
  /** Files that are gone. */
  deleted: readonly string[]
  /** Files still there that could not be read now (their note leaves the index). */
  unread?: readonly string[]
  /** The corpus's `note-unreadable` findings after the change. */
  unreadable?: Finding[]
}

/**
 * The corpus after some files changed: the notes replaced, and the derived state updated for
 * those notes' items only. An item id names its note (SPEC 1.2: the path, `#`, the anchor), so
 * the items a change can touch are those of the changed notes, before and after.
 */
export function withNotes(corpus: Corpus, change: NotesChange, today: IsoDate): Corpus {
  const notes = corpus.notes.slice()
  const touched = new Set<string>()
  const put = (path: string, model: NoteModel | null): void => {
    const at = insertionPoint(notes, path)
    const old = notes[at]?.path === path ? notes[at] : undefined
    for (const item of old?.items ?? []) touched.add(item.id)
    if (model === null) {
      if (old !== undefined) notes.splice(at, 1)
      return
    }
    if (old !== undefined) notes[at] = model
    else notes.splice(at, 0, model)
    for (const item of model.items) touched.add(item.id)
  }
  for (const path of [...change.deleted, ...(change.unread ?? [])]) put(path, null)
  for (const { model } of change.scanned) put(model.path, model)
  const gone = new Set(change.deleted)
  const listed = new Set(corpus.files)
  const added = change.scanned.filter(({ model }) => !listed.has(model.path)).map(({ model }) => model.path)
  let files = gone.size > 0 ? corpus.files.filter(path => !gone.has(path)) : corpus.files
  if (added.length > 0) files = [...files, ...added].sort()
  const next: Corpus = { ...corpus, notes, files, unreadable: change.unreadable ?? corpus.unreadable }
  const before = taken(corpus, today)
  if (before !== undefined) {
    const declared = before.declared as Map<string, DeclaredItem>
    for (const id of touched) declared.delete(id)
    for (const { model } of change.scanned) {
      if (model.folder !== 'internalise') continue
      // The first declaration of an id counts (SPEC 1.2); a later one is validate's duplicate.
      for (const item of model.items)
        if (!declared.has(item.id) && !isRenamedAway(item.id, next.config.aliases))
          declared.set(item.id, { item, file: model.path, note: model })
    }
    refold(next, before, [...touched], declared)
  }
  return next
}

/** Where `path` stands or would stand in notes sorted by path. */
function insertionPoint(notes: readonly NoteModel[], path: string): number {
  let low = 0
  let high = notes.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((notes[middle] as NoteModel).path < path) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The derivation of `corpus` for `today`, taken away from it to be carried to the corpus that
 * replaces it: its maps are then changed in place (a grade costs one item, not a copy of 30,000
 * entries), so the old corpus must not keep them; asked again, it derives itself afresh.
 */
function taken(corpus: Corpus, today: IsoDate): Derived | undefined {
  const before = derivations.get(corpus)
  if (before === undefined || before.today !== today) return undefined
  derivations.delete(corpus)
  return before
}

/** Folds `ids` again into `before`'s maps, and keeps the result as `next`'s derivation. */
function refold(
  next: Corpus,
  before: Derived,
  ids: readonly string[],
  declared: ReadonlyMap<string, DeclaredItem> = before.declared,
): void {
  const items = before.items as Map<string, ItemFacts>
  const state = states.get(before)
  let { reviewedToday, newToday } = before
  // Journaled before any change (core/state.ts, ADR 0032): should a fold throw halfway, what it
  // changed already is still seen by the serializer.
  if (state !== undefined) journalStateChanges(state, ids)
  for (const id of new Set(ids)) {
    const old = items.get(id)
    if (old?.reviewedToday) reviewedToday--
    if (old?.newToday) newToday--
    if (!declared.has(id)) {
      items.delete(id)
      if (state !== undefined) {
        const kept = entriesOfUnreadNotes(next, declared, [id])[0]
        if (kept === undefined) delete state[id]
        else state[id] = kept[1]
      }
      continue
    }
    const facts = itemFacts(next, id, before.scheduler, before.today)
    items.set(id, facts)
    if (state !== undefined) state[id] = facts.entry
    if (facts.reviewedToday) reviewedToday++
    if (facts.newToday) newToday++
  }
  const result: Derived = { today: before.today, scheduler: before.scheduler, declared, items, reviewedToday, newToday }
  derivations.set(next, result)
  if (state !== undefined) states.set(result, state)
}

/**
 * The state entries of items whose note is there but was not read this time (`note-unreadable`:
 * over the size limit, no permission, a read that failed; `note-skipped`: a link, a pipe), as
 * state.json has them: the note has not gone, so neither have its items. Dropping them lost the
 * registration dates of items never reviewed (an overdue item came back due tomorrow; ADR 0039). Among
 * `ids` only, when given; never an id a note declares.
 */
function entriesOfUnreadNotes(
  corpus: Corpus,
  declared: ReadonlyMap<string, DeclaredItem>,
  ids?: readonly string[],
): [string, StateEntry][] {
  const isUnread = unreadNotes(corpus)
  if (isUnread === null) return []
  const previous = corpus.state
  if (previous === null) return []
  const kept: [string, StateEntry][] = []
  for (const id of ids ?? Object.keys(previous)) {
    const entry = previous[id]
    if (entry !== undefined && !declared.has(id) && isUnread(notePathOfItem(id))) kept.push([id, entry])
  }
  return kept
}

function withCounts(derived: Omit<Derived, 'reviewedToday' | 'newToday'>): Derived {
  let reviewedToday = 0
  let newToday = 0
  for (const facts of derived.items.values()) {
    if (facts.reviewedToday) reviewedToday++
    if (facts.newToday) newToday++
  }
  return { ...derived, reviewedToday, newToday }
}

/**
 * One item's facts from its whole history: what `replay` gives for it (SPEC 1.5). Read from the
 * log's columns where the log and the scheduler can (`foldOf`, `foldLogged`): no review objects,
 * which were most of a derivation's time and garbage (30,000 items, 1,000,000 reviews: 1,000,000
 * objects at every load). Otherwise from the item's history as objects.
 */
function itemFacts(corpus: Corpus, id: string, scheduler: Scheduler, today: IsoDate): ItemFacts {
  const { log } = corpus
  const start = startEntry(scheduler, log, id, today, () => corpus.state, corpus.registrations)
  const logged = (scheduler as Scheduler & Partial<LogFolding>).foldLogged
  const entry = typeof logged === 'function' && log.foldOf !== undefined ? logged.call(scheduler, start, log, id) : null
  if (entry !== null && log.foldOf !== undefined) {
    const start = {
      failures: 0,
      lastFailed: null as IsoDate | null,
      first: null as IsoDate | null,
      today: false,
      last: null as Grade | null,
      lastDate: null as IsoDate | null,
    }
    // Failures as failureCount counts them: one per date with an again.
    const walk = log.foldOf(id, start, (w, grade, date) => {
      if (grade === 'again' && date !== w.lastFailed) {
        w.failures++
        w.lastFailed = date
      }
      w.first ??= date
      if (date === today) w.today = true
      w.last = grade
      w.lastDate = date
      return w
    })
    return {
      entry,
      failures: walk.failures,
      reviewedToday: walk.today,
      newToday: walk.first === today,
      relearning: walk.last === 'again' && walk.lastDate === today,
    }
  }
  const history = log.historyOf(id)
  const last = history.at(-1)
  return {
    entry: history.length > 0 ? foldHistory(start, history, scheduler) : start,
    failures: failureCount(history),
    reviewedToday: reviewedOn(history, today),
    newToday: history[0]?.date === today,
    relearning: last?.grade === 'again' && last.date === today,
  }
}

/** Whether a review of `history` (in replay order: by date) is dated `today`; from the end, where today's are. */
function reviewedOn(history: readonly Review[], today: IsoDate): boolean {
  for (let i = history.length - 1; i >= 0; i--) {
    const date = (history[i] as Review).date
    if (date === today) return true
    if (date < today) return false
  }
  return false
}
