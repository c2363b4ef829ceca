// Items whose note moved or was renamed without an alias (SPEC 1.8 `aliases`): their history
// stays under the old ids, which no note declares, while their anchors stand in another note.
// validate names the alias to add; the commands that replay warn of them.

import { CONFIG_PATH, type Corpus, notePathOfItem, unreadNotes } from './corpus.js'
import type { DeclaredItem } from './items.js'

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
 * The ids reviewed in the log that no note declares (after aliases), whose anchor stands in
 * exactly one declared item, with that item: each one's history is left out of the state until an
 * alias carries it over. An id whose note is there but unread this time is no move (its entries
 * are kept, SPEC 1.5). `declared`: the derivation's (a command that replays has it already);
 * the anchors are indexed only when some reviewed id is undeclared.
 */
export function historiesLeftBehind(
  corpus: Corpus,
  declared: ReadonlyMap<string, DeclaredItem>,
): { id: string; now: string }[] {
  const isUnread = unreadNotes(corpus)
  const undeclared: string[] = []
  for (const id of corpus.log.items()) if (!declared.has(id) && !isUnread?.(notePathOfItem(id))) undeclared.push(id)
  if (undeclared.length === 0) return []
  const movedTo = movedItems(declared.keys())
  const found: { id: string; now: string }[] = []
  for (const id of undeclared) {
    const now = movedTo(id)
    if (now !== null) found.push({ id, now })
  }
  return found
}

/**
 * The one sentence that warns of `historiesLeftBehind`'s finds (null: none), for the command line
 * and the review window alike; `validate` is how the reader runs validate where they are.
 */
export function movedHistoriesWarning(moved: readonly { id: string; now: string }[], validate: string): string | null {
  const first = moved[0]
  if (first === undefined) return null
  const one = moved.length === 1
  return (
    `${one ? `${first.id} has` : `${moved.length} items (${first.id} first) have`} reviews no note declares, and ` +
    `${one ? 'its anchor stands' : 'the anchor of each stands'} in one other item (${first.id} in ${first.now}): a ` +
    `note moved or renamed? Those reviews are left out of the state until "aliases" in ${CONFIG_PATH} carries them ` +
    `over; ${validate} names the aliases to add`
  )
}
