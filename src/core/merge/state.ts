import { entriesEqual } from '../state.js'
import type { State, StateEntry } from '../types.js'

/**
 * The registrations of three versions of `state.json` in one (SPEC 1.5, ADR 0019): for every
 * item any of them holds, its never-reviewed entry (reps 0) with the earliest `next_due` (the
 * earlier registration wins), or, when none of them is a registration any more, ours, theirs or
 * the base's entry in that order. It is the `previous` state a replay over the merged log starts
 * from, so that an item keeps the day it was first registered on whichever device that was.
 */
export function mergedRegistrations(base: State, ours: State, theirs: State): State {
  const merged: State = {}
  for (const id of new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])) {
    const versions = [entryOf(ours, id), entryOf(theirs, id), entryOf(base, id)]
    let registration: StateEntry | undefined
    for (const entry of versions) {
      if (entry === undefined || entry.reps !== 0) continue
      if (registration === undefined || entry.next_due < registration.next_due) registration = entry
    }
    const entry = registration ?? versions.find(version => version !== undefined)
    if (entry !== undefined) merged[id] = entry
  }
  return merged
}

/**
 * A three-way merge of `state.json` entry by entry, for when the merged log cannot be replayed
 * (ADR 0019): an item only one side changed takes that side's entry; one both sides registered
 * keeps the earlier registration; one both sides reviewed keeps ours until the next replay,
 * which `notekeeper sync` runs over the merged work tree. An item one side dropped and the
 * other left alone is dropped.
 */
export function mergeStatesByEntry(base: State, ours: State, theirs: State): State {
  const registrations = mergedRegistrations(base, ours, theirs)
  const merged: State = {}
  for (const id of Object.keys(registrations)) {
    const [o, a, b] = [entryOf(base, id), entryOf(ours, id), entryOf(theirs, id)]
    if (a === undefined && b === undefined) continue
    if (o !== undefined && (a === undefined || b === undefined)) {
      const kept = a ?? b
      if (entriesEqual(kept, o)) continue // dropped on one side, untouched on the other
    }
    let entry: StateEntry | undefined
    if (a === undefined || entriesEqual(a, o)) entry = b ?? a
    else if (b === undefined || entriesEqual(b, o) || entriesEqual(a, b)) entry = a
    else if (a.reps === 0 && b.reps === 0) entry = registrations[id]
    else entry = a
    if (entry !== undefined) merged[id] = entry
  }
  return merged
}

function entryOf(state: State, id: string): StateEntry | undefined {
  return Object.hasOwn(state, id) ? state[id] : undefined
}
