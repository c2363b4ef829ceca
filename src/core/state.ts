import { isIsoDate } from './dates.js'
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

export type ParsedState =
  | {
      state: State
      /** Ids whose entry lacks a calendar `next_due` or a whole `reps` >= 0; left out of `state`. */
      invalid: string[]
    }
  | { error: string }

/**
 * Reads `state.json`. The state is derived data, so a damaged entry is not fatal: it is left
 * out and named, and the next replay regenerates it. Only a file that is not a JSON object at
 * all is an error. `null` (no file yet) and an empty file are an empty state.
 */
export function parseState(text: string | null): ParsedState {
  const body = text === null ? '' : text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (body.trim() === '') return { state: {}, invalid: [] }
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch (error) {
    return { error: `state.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (!isPlainObject(value)) return { error: 'state.json is not a JSON object of entries by item id' }
  const state: State = {}
  const invalid: string[] = []
  for (const [id, entry] of Object.entries(value)) {
    if (isStateEntry(entry)) state[id] = entry
    else invalid.push(id)
  }
  return { state, invalid }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isStateEntry(value: unknown): value is StateEntry {
  if (!isPlainObject(value)) return false
  const reps = value['reps']
  return isIsoDate(value['next_due']) && typeof reps === 'number' && Number.isInteger(reps) && reps >= 0
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
  // JSON.stringify drops keys whose value is undefined; so does the comparison.
  const recordA = a as Record<string, unknown>
  const recordB = b as Record<string, unknown>
  const keysA = Object.keys(recordA).filter(key => recordA[key] !== undefined)
  const keysB = Object.keys(recordB).filter(key => recordB[key] !== undefined)
  if (keysA.length !== keysB.length) return false
  return keysA.every(key => Object.hasOwn(recordB, key) && jsonEqual(recordA[key], recordB[key]))
}

/**
 * `serializeState` for a state that changes a few entries at a time (a practice session writes
 * it after every grade): each entry's text is kept with the entry object it came from, and the
 * sorted ids with the set of ids, so a write costs the changed entries and one join, not 30,000
 * `JSON.stringify` calls and a sort. Gives exactly serializeState's bytes.
 */
export class StateSerializer {
  private readonly fragments = new Map<string, { entry: StateEntry; text: string }>()
  private sortedIds: string[] = []

  serialize(state: State): string {
    const ids = Object.keys(state)
    if (ids.length !== this.sortedIds.length || ids.some(id => !this.fragments.has(id))) {
      this.sortedIds = ids.sort()
      for (const id of this.fragments.keys()) if (!Object.hasOwn(state, id)) this.fragments.delete(id)
    }
    if (this.sortedIds.length === 0) return '{}\n'
    const parts: string[] = []
    for (const id of this.sortedIds) {
      const entry = state[id] as StateEntry
      let known = this.fragments.get(id)
      if (known?.entry !== entry) {
        const body = JSON.stringify(entry, null, 2).replace(/\n/g, '\n  ')
        known = { entry, text: `  ${JSON.stringify(id)}: ${body}` }
        this.fragments.set(id, known)
      }
      parts.push(known.text)
    }
    return `{\n${parts.join(',\n')}\n}\n`
  }
}
