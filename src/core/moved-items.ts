// Items whose note moved or was renamed without an alias (SPEC 1.8 `aliases`): their history
// stays under the old ids, which no note declares, while their anchors stand in another note.
// validate names the alias to add; the commands that replay warn of them.

import type { Corpus } from './corpus.js'
import { declaredItems } from './items.js'

/**
 * Where an undeclared id's history most likely belongs now: the one declared id with its anchor
 * (`deck#a`, moved to `sub/deck#a`), or null when no declared item or several have it. A note
 * moved or renamed without an alias (SPEC 1.8). The anchors are indexed once, when this is made:
 * make it again after the declarations change.
 */
export function movedItems(declared: Iterable<string>): (id: string) => string | null {
  const byAnchor = new Map<string, string[]>()
  for (const other of declared) {
    const anchor = other.slice(other.indexOf('#') + 1)
    const ids = byAnchor.get(anchor)
    if (ids === undefined) byAnchor.set(anchor, [other])
    else ids.push(other)
  }
  return id => {
    const hash = id.indexOf('#')
    const candidates = hash < 0 ? undefined : byAnchor.get(id.slice(hash + 1))
    return candidates?.length === 1 ? (candidates[0] as string) : null
  }
}

/**
 * The ids with a history that no note declares (reviews in the log, or a registration in
 * state.json) whose anchor stands in exactly one declared item, with that item: each is left out
 * of the state until an alias carries it over, and a never-reviewed one's registration date is
 * lost at the next write.
 */
export function historiesLeftBehind(corpus: Corpus): { id: string; now: string }[] {
  // The declarations alone (no replay): a command that replays nothing pays no derivation for this.
  const declared = declaredItems(corpus.notes, corpus.config.aliases)
  const movedTo = movedItems(declared.keys())
  const found: { id: string; now: string }[] = []
  const seen = new Set<string>()
  const consider = (id: string): void => {
    if (declared.has(id) || seen.has(id)) return
    seen.add(id)
    const now = movedTo(id)
    if (now !== null) found.push({ id, now })
  }
  for (const id of corpus.log.items()) consider(id)
  for (const id of Object.keys(corpus.state ?? {})) consider(id)
  return found
}
