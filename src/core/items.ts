import { type Aliases, hasAliases, isRenamedAway } from './aliases.js'
import type { NoteModel, PracticeItem } from './types.js'

export interface DeclaredItem {
  item: PracticeItem
  file: string
  /**
   * The note that declares it, whose header attributes its `{name}` references read. The note,
   * not its attributes: a packed model decodes them only when an item is shown, not for every
   * replay (which declares every item and shows none).
   */
  note: Pick<NoteModel, 'attributes'>
}

/**
 * Every practice item the Internalise notes declare, by id. When two entries share an id the
 * first one (in path, then line order) counts (SPEC 1.2); the second is validate's
 * `item-duplicate-id`. An id `aliases` rename away is left out (SPEC 1.8): its reviews are the
 * other id's, so it is never registered, practised or graded; validate's `alias-declared`.
 */
export function declaredItems(notes: readonly NoteModel[], aliases: Aliases = {}): Map<string, DeclaredItem> {
  const declared = new Map<string, DeclaredItem>()
  const renames = hasAliases(aliases)
  for (const note of notes) {
    if (note.folder !== 'internalise') continue
    for (const item of note.items) {
      if (!declared.has(item.id) && !(renames && isRenamedAway(item.id, aliases)))
        declared.set(item.id, { item, file: note.path, note })
    }
  }
  return declared
}
