// Item ids after renames (SPEC 1.8 `aliases`): the one place that says which id a review counts
// for, shared by replay, validate, practice, undo and the merge drivers.

export type Aliases = Readonly<Record<string, string>>

/**
 * The id an item's reviews count for (SPEC 1.8 `aliases`). Chains are followed, so an item
 * renamed twice (`a` to `b`, later `b` to `c`) keeps its whole history; a cycle stops at the last
 * id before it would repeat, so a bad config cannot hang a replay.
 */
export function canonicalId(id: string, aliases: Aliases = {}): string {
  if (!Object.hasOwn(aliases, id)) return id // the usual case, without allocating
  let current = id
  const seen = new Set([current])
  while (Object.hasOwn(aliases, current)) {
    const next = aliases[current]
    if (typeof next !== 'string' || seen.has(next)) break
    seen.add(next)
    current = next
  }
  return current
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
