// Item ids after renames (SPEC 1.8 `aliases`): the one place that says which id a review counts
// for, shared by replay, validate, practice, undo and the merge drivers.

export type Aliases = Readonly<Record<string, string>>

/**
 * The id an item's reviews count for (SPEC 1.8 `aliases`). Chains are followed, so an item
 * renamed twice (`a` to `b`, later `b` to `c`) keeps its whole history. The aliases of a cycle
 * (`a` to `b` and `b` to `a`) name no new id, so they are not followed: each id on the cycle
 * counts for itself, and a chain that runs into the cycle stops at the id where it enters. (A
 * cycle used to stop at the last id before repeating, so `a` counted for `b` and `b` for `a`:
 * two histories swapped, and an answer that depended on where the walk began.) The walk is
 * bounded by the ids it has seen, so no config can make it loop; validate reports the cycle
 * (`aliasCycles`).
 */
export function canonicalId(id: string, aliases: Aliases = {}): string {
  if (!Object.hasOwn(aliases, id)) return id // the usual case, without allocating
  let current = id
  const seen = new Set([current])
  while (Object.hasOwn(aliases, current)) {
    const next = aliases[current]
    if (typeof next !== 'string') break
    // Back at an id already walked: the walk entered a cycle there, and stops at that id.
    if (seen.has(next)) return next
    seen.add(next)
    current = next
  }
  return current
}

/**
 * Whether `aliases` rename `id` to another id: its reviews count for that one. An id on a cycle
 * is renamed to nothing (canonicalId). A note that declares such an id (a new item given an old
 * id, or a rename undone with the alias left in place) declares an item that can have no
 * history of its own: the log's lines under that id are the other item's (ADR 0039).
 */
export function isRenamedAway(id: string, aliases: Aliases = {}): boolean {
  return Object.hasOwn(aliases, id) && canonicalId(id, aliases) !== id
}

/**
 * Whether `aliases` name any id at all: a loop over 30,000 declared ids asks this once rather
 * than `isRenamedAway` of each, whose look-up of a fresh id string costs even in an empty object.
 */
export function hasAliases(aliases: Aliases): boolean {
  for (const id in aliases) if (Object.hasOwn(aliases, id)) return true
  return false
}

/** `canonicalId` for every id of one log, each worked out once; the identity when there are no aliases. */
export function aliasResolver(aliases: Aliases): (id: string) => string {
  // Object.hasOwn with a fresh string key is a string-table look-up in V8: skip it a million
  // times when there is nothing to look up.
  if (Object.keys(aliases).length === 0) return id => id
  const resolved = new Map<string, string>()
  return id => {
    let canonical = resolved.get(id)
    if (canonical === undefined) resolved.set(id, (canonical = canonicalId(id, aliases)))
    return canonical
  }
}

/**
 * Every cycle of the aliases, once each, as its ids in alias order (`["a", "b"]` for `a` to `b`,
 * `b` to `a`; `["a"]` for `a` to itself), starting from its id that comes first in `aliases`'
 * key order (the order of config.json). Linear in the number of aliases.
 */
export function aliasCycles(aliases: Aliases): string[][] {
  const cycles: string[][] = []
  // 1: on the walk under way; 2: done (on a cycle already found, or leading to none).
  const state = new Map<string, 1 | 2>()
  for (const start of Object.keys(aliases)) {
    const walk: string[] = []
    let current: string | undefined = start
    while (current !== undefined && Object.hasOwn(aliases, current) && !state.has(current)) {
      state.set(current, 1)
      walk.push(current)
      const next: unknown = aliases[current]
      current = typeof next === 'string' ? next : undefined
    }
    if (current !== undefined && state.get(current) === 1) cycles.push(walk.slice(walk.indexOf(current)))
    for (const id of walk) state.set(id, 2)
  }
  if (cycles.length === 0) return cycles
  const order = new Map(Object.keys(aliases).map((id, k) => [id, k]))
  return cycles.map(cycle => rotateToFirstKey(cycle, order))
}

/** The cycle starting from its id that comes first in `order` (the keys of the aliases). */
function rotateToFirstKey(cycle: readonly string[], order: ReadonlyMap<string, number>): string[] {
  let first = 0
  for (let k = 1; k < cycle.length; k++)
    if ((order.get(cycle[k] as string) as number) < (order.get(cycle[first] as string) as number)) first = k
  return [...cycle.slice(first), ...cycle.slice(0, first)]
}
