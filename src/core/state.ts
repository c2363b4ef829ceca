import { FIRST_SUPPORTED_DATE, isIsoDate, isSupportedDate, LAST_SUPPORTED_DATE } from './dates.js'
import { lineColumn, locateJson } from './json-locate.js'
import type { State, StateEntry } from './types.js'

/**
 * The bytes of `state.json` (SPEC 1.5): ids in JavaScript's default sort order, two-space
 * indentation, a final newline, so that it diffs cleanly and two runs give the same bytes.
 * Each entry keeps its own key order (the scheduler's: `level`, `next_due`, `reps` for Leitner).
 */
export function serializeState(state: State): string {
  const sorted: State = {}
  for (const id of Object.keys(state).sort()) {
    const entry = state[id]
    if (entry !== undefined) sorted[id] = entry
  }
  return `${JSON.stringify(sorted, null, 2)}\n`
}

/** A state entry left out as damaged: its id, the line of its key in state.json, and what is wrong. */
export interface StateDamage {
  id: string
  line: number
  problem: string
}

export type ParsedState =
  | {
      state: State
      /**
       * The entries without a `next_due` among the supported dates (SPEC 1.7, as the log's dates)
       * or without a whole `reps` >= 0, in file order; left out of `state`.
       */
      invalid: StateDamage[]
    }
  | { error: string; line: number | null }

/**
 * Reads `state.json`. The state is derived data, so a damaged entry is not fatal: it is left
 * out and named with its line, and the next replay regenerates it. Only a file that is not a
 * JSON object at all is an error. `null` (no file yet) and an empty file are an empty state.
 */
export function parseState(text: string | null): ParsedState {
  const body = text === null ? '' : text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (body.trim() === '') return { state: {}, invalid: [] }
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    // Where it breaks, by line and column: JSON.parse's message names an offset, or nothing.
    return syntaxError(text ?? '', body)
  }
  if (!isPlainObject(value)) return { error: 'state.json is not a JSON object of entries by item id', line: null }
  const problems: { id: string; problem: string }[] = []
  for (const id in value) {
    const problem = Object.hasOwn(value, id) ? entryProblem(value[id]) : null
    if (problem !== null) problems.push({ id, problem })
  }
  // The parsed object is the state, its invalid entries taken out: no copy of 30,000 entries
  // beside it, nor a pair array for each (docs/perf.md (14)); an id `__proto__` stays an entry.
  for (const { id } of problems) delete value[id]
  return { state: value as State, invalid: problems.length === 0 ? [] : located(body, problems) }
}

/**
 * The damaged entries with the line of each one's key. The text is walked for keys only when
 * some entry is damaged: a sound state (the usual one, megabytes at a million reviews) costs
 * nothing more.
 */
function located(body: string, problems: readonly { id: string; problem: string }[]): StateDamage[] {
  const where = locateJson(body)
  const offsets = problems.map(({ id }) => (where.ok ? (where.keys.get(id) ?? 0) : 0))
  const lines = linesAt(body, offsets)
  return problems.map(({ id, problem }, k) => ({ id, line: lines[k] as number, problem }))
}

/** The 1-based line of each offset, in one walk of the text (a state with every entry damaged is no quadratic case). */
function linesAt(text: string, offsets: readonly number[]): number[] {
  const order = offsets.map((_, k) => k).sort((a, b) => (offsets[a] as number) - (offsets[b] as number))
  const lines = new Array<number>(offsets.length)
  let line = 1
  let newline = text.indexOf('\n')
  for (const k of order) {
    while (newline >= 0 && newline < (offsets[k] as number)) {
      line++
      newline = text.indexOf('\n', newline + 1)
    }
    lines[k] = line
  }
  return lines
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * What makes a value no state entry, or null. `next_due` must lie among the supported dates,
 * exactly as a review date of the log must (SPEC 1.7): 0001-01-01 would be due every day
 * forever and 9999-12-31 never, and no scheduler ever writes either.
 */
function entryProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'not an object of fields'
  const due = value['next_due']
  const reps = value['reps']
  if (!isIsoDate(due)) return `"next_due" must be a calendar date YYYY-MM-DD, got ${JSON.stringify(due) ?? 'nothing'}`
  if (!isSupportedDate(due))
    return `"next_due" ${due} is outside the supported range ${FIRST_SUPPORTED_DATE} to ${LAST_SUPPORTED_DATE}`
  if (typeof reps !== 'number' || !Number.isInteger(reps) || reps < 0)
    return `"reps" must be a whole number of at least 0, got ${JSON.stringify(reps) ?? 'nothing'}`
  return null
}

/**
 * Whether two entries say the same thing as JSON (drift detection): same keys and values, key
 * order aside; a missing entry equals only another missing one.
 */
export function entriesEqual(a: StateEntry | undefined, b: StateEntry | undefined): boolean {
  return jsonEqual(a, b)
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((value, index) => jsonEqual(value, b[index]))
  }
  // JSON.stringify drops keys whose value is undefined; so does the comparison. Own keys counted
  // as they are met, not listed: validate compares 30,000 entries, and four arrays each were
  // most of what it allocated there.
  const recordA = a as Record<string, unknown>
  const recordB = b as Record<string, unknown>
  let keysA = 0
  for (const key in recordA) {
    if (!Object.hasOwn(recordA, key) || recordA[key] === undefined) continue
    keysA++
    if (!Object.hasOwn(recordB, key) || !jsonEqual(recordA[key], recordB[key])) return false
  }
  let keysB = 0
  for (const key in recordB) if (Object.hasOwn(recordB, key) && recordB[key] !== undefined) keysB++
  return keysA === keysB
}

/**
 * The ids whose entries changed, in order, in state objects changed in place. A derived state
 * (snapshot.ts) is carried from one corpus to the next and refolded where a review or an edit
 * touched it: that is the one place a state object changes after it is built, and it journals
 * here what it changed. A serializer that wrote the object before then looks at those entries
 * only, not at all 30,000 (3.5 ms of each grade of a piped practice).
 */
const journals = new WeakMap<State, string[]>()

/** Records that the entries of `ids` in `state` were just set or deleted in place. */
export function journalStateChanges(state: State, ids: Iterable<string>): void {
  let journal = journals.get(state)
  if (journal === undefined) {
    journal = []
    journals.set(state, journal)
  }
  for (const id of ids) journal.push(id)
}

/**
 * `serializeState` for a state that changes a few entries at a time (a practice session writes
 * it after every grade). It keeps the last text it gave, with each entry's part of it and the
 * entry object that part came from. A state with the same ids and a few entries replaced (new
 * objects) costs those entries' `JSON.stringify` and one splice of the last text. Before, it
 * cost a lookup and a push per id and a join of 30,000 parts, 30-50 ms at that size. Any other
 * change, or many changed entries, rebuilds the whole text. The result is exactly
 * serializeState's bytes.
 */
export class StateSerializer {
  /** The last state's ids with an entry, sorted; each one's entry and its part of the text (`  "id": {…}`). */
  private ids: string[] = []
  private entries: StateEntry[] = []
  private parts: string[] = []
  /** Where each part starts in `text`. */
  private starts: number[] = []
  private text = '{}\n'
  /** The state object last serialized, how much of its journal had been seen then, and each id's place. */
  private last: State | null = null
  private seen = 0
  private places = new Map<string, number>()

  serialize(state: State): string {
    const changed = this.journaledChanges(state) ?? this.changedEntries(state)
    this.last = state
    this.seen = journals.get(state)?.length ?? 0
    if (changed === null || changed.length > this.ids.length / 8) return this.rebuild(state)
    if (changed.length > 0) this.splice(state, changed)
    return this.text
  }

  /**
   * The places of the entries changed in place since this same object was serialized, from its
   * journal (`journalStateChanges`); null when it is another object, has no journal, or an id
   * came or went (the full comparison then decides).
   */
  private journaledChanges(state: State): number[] | null {
    const journal = journals.get(state)
    if (state !== this.last || journal === undefined) return null
    const changed = new Set<number>()
    for (let i = this.seen; i < journal.length; i++) {
      const id = journal[i] as string
      const k = this.places.get(id)
      if (k === undefined || state[id] === undefined || !Object.hasOwn(state, id)) return null
      if (state[id] !== this.entries[k]) changed.add(k)
    }
    return [...changed].sort((a, b) => a - b)
  }

  /**
   * The places of the entries that are other objects than last time, when the ids are the same;
   * null when they are not. The same count of own keys, and every old id still an own key, is
   * the same set of ids.
   */
  private changedEntries(state: State): number[] | null {
    const { ids, entries } = this
    if (Object.keys(state).length !== ids.length) return null
    const changed: number[] = []
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k] as string
      const entry = state[id]
      if (entry === entries[k]) continue
      if (entry === undefined || !Object.hasOwn(state, id)) return null
      changed.push(k)
    }
    return changed
  }

  private splice(state: State, changed: readonly number[]): void {
    const pieces: string[] = []
    let from = 0
    for (const k of changed) {
      const id = this.ids[k] as string
      const entry = state[id] as StateEntry
      const part = partOf(id, entry)
      const start = this.starts[k] as number
      pieces.push(this.text.slice(from, start), part)
      from = start + (this.parts[k] as string).length
      this.parts[k] = part
      this.entries[k] = entry
    }
    pieces.push(this.text.slice(from))
    this.text = pieces.join('')
    this.placeFrom(changed[0] as number)
  }

  private rebuild(state: State): string {
    const known = new Map(this.ids.map((id, k) => [id, k]))
    const ids = Object.keys(state)
      .filter(id => state[id] !== undefined)
      .sort()
    const entries: StateEntry[] = []
    const parts: string[] = []
    for (const id of ids) {
      const entry = state[id] as StateEntry
      const k = known.get(id)
      parts.push(k !== undefined && this.entries[k] === entry ? (this.parts[k] as string) : partOf(id, entry))
      entries.push(entry)
    }
    this.ids = ids
    this.entries = entries
    this.parts = parts
    this.places = new Map(ids.map((id, k) => [id, k]))
    this.text = parts.length === 0 ? '{}\n' : `{\n${parts.join(',\n')}\n}\n`
    this.starts = new Array<number>(parts.length)
    this.placeFrom(0)
    return this.text
  }

  /** `starts` from part `first` on: the text opens with `{\n`, and `,\n` is between two parts. */
  private placeFrom(first: number): void {
    let at = first === 0 ? 2 : (this.starts[first] as number)
    for (let k = first; k < this.parts.length; k++) {
      this.starts[k] = at
      at += (this.parts[k] as string).length + 2
    }
  }
}

/**
 * Whether `text` is exactly `serializeState(state)`, found without making that text: each entry's
 * part is compared where it must stand (`StateTextMatch`, given the text whole).
 */
export function serializesTo(state: State, text: string): boolean {
  const match = new StateTextMatch(state)
  return match.push(text) && match.end()
}

/**
 * Whether a text given in pieces, one after another, is exactly `serializeState(state)`: each
 * entry's part is made when the text reaches it and compared there. A replay that changes
 * nothing (the usual one) then holds one piece of the file and one part at a time, not the
 * file's 3 MB text beside a second one made from a sorted copy of the state (docs/perf.md (14)).
 * `push` says false as soon as the text differs; `end` says whether it was all of it.
 */
export class StateTextMatch {
  private readonly ids: string[]
  /** The expected text still to come: `next` is the index of the entry after `piece`. */
  private piece: string
  private at = 0
  private next = 0
  private differs = false

  constructor(private readonly state: State) {
    this.ids = Object.keys(state)
      .filter(id => state[id] !== undefined)
      .sort()
    this.piece = this.ids.length === 0 ? '{}\n' : '{\n'
  }

  push(text: string): boolean {
    let from = 0
    while (!this.differs && from < text.length) {
      if (this.at === this.piece.length && !this.advance()) this.differs = true
      else {
        const n = Math.min(this.piece.length - this.at, text.length - from)
        // A whole part inside the piece of text (the usual case) is compared without a copy.
        const expected = this.at === 0 && n === this.piece.length ? this.piece : this.piece.slice(this.at, this.at + n)
        if (!text.startsWith(expected, from)) this.differs = true
        this.at += n
        from += n
      }
    }
    return !this.differs
  }

  end(): boolean {
    while (!this.differs && this.at === this.piece.length) if (!this.advance()) return true
    return false
  }

  /** The next expected piece: an entry's part (after `,\n` from the second on), then `\n}\n`; false past the end. */
  private advance(): boolean {
    const { ids } = this
    if (ids.length === 0 || this.next > ids.length) return false
    if (this.next === ids.length) this.piece = '\n}\n'
    else {
      const id = ids[this.next] as string
      const part = partOf(id, this.state[id] as StateEntry)
      this.piece = this.next === 0 ? part : `,\n${part}`
    }
    this.next++
    this.at = 0
    return true
  }
}

/** One entry's part of state.json's text, as `JSON.stringify(state, null, 2)` writes it. */
function partOf(id: string, entry: StateEntry): string {
  return `  ${JSON.stringify(id)}: ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n  ')}`
}

/** The first syntax error of a state.json that JSON.parse refused, with its line and column in the file. */
function syntaxError(text: string, body: string): { error: string; line: number | null } {
  const located = locateJson(body)
  if (located.ok) return { error: 'state.json is not valid JSON', line: null }
  const bom = text.length - body.length
  const { line, column } = lineColumn(text, located.offset + bom)
  return { error: `state.json is not valid JSON: line ${line}, column ${column}: ${located.message}`, line }
}
