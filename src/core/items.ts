import type { NoteModel, PracticeItem } from './types.js'

export interface DeclaredItem {
  item: PracticeItem
  file: string
}

/**
 * Every practice item the Internalise notes declare, by id. When two entries share an id the
 * first one (in path, then line order) counts (SPEC 1.2); the second is validate's
 * `item-duplicate-id`.
 */
export function declaredItems(notes: readonly NoteModel[]): Map<string, DeclaredItem> {
  const declared = new Map<string, DeclaredItem>()
  for (const note of notes) {
    if (note.folder !== 'internalise') continue
    for (const item of note.items) {
      if (!declared.has(item.id)) declared.set(item.id, { item, file: note.path })
    }
  }
  return declared
}
