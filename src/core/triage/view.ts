// The triage view (SPEC 3, `notekeeper triage --json`): each Track note's items grouped by
// status, statuses in file order as titled, empty ones included.

import type { NoteModel } from '../types.js'

export interface TriageItem {
  line: number
  /** The item's first line without its list marker. */
  text: string
}

export interface TriageStatus {
  status: string
  items: TriageItem[]
}

export interface TriageNote {
  file: string
  statuses: TriageStatus[]
}

export interface TriageView {
  notes: TriageNote[]
}

/** Track notes only (folder `track`), in path order so that two runs print the same thing. */
export function triageView(notes: readonly NoteModel[]): TriageView {
  const track = notes
    .filter(note => note.folder === 'track')
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return {
    notes: track.map(note => ({
      file: note.path,
      statuses: note.track.map(section => ({
        status: section.status,
        items: section.items.map(item => ({ line: item.line, text: item.text })),
      })),
    })),
  }
}
