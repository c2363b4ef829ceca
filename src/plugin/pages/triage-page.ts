import type { NoteModel } from '../../core/types.js'
import type { BatchBlock } from '../host/host.js'
import type { GeneratedPage } from './generated-page.js'
import { codeSpan } from './logseq-escape.js'

export const TRIAGE_RENDERER = ':notekeeper-triage'
export type TriageVerb = 'promote' | 'demote' | 'prune'
export const TRIAGE_VERBS: readonly TriageVerb[] = ['promote', 'demote', 'prune']

/** What a button on the Triage page acts on; `text` guards the edit (refused if the line changed). */
export interface TriageTarget {
  file: string
  line: number
  text: string
  status: string
}

/**
 * The Triage page. Each item block carries a `{{renderer :notekeeper-triage, TOKEN}}` macro; the
 * plugin fills the macro's slot with promote/demote/prune buttons (provideModel handlers). The
 * token is an opaque key into `targets`, never note text, so nothing from a note reaches the
 * macro's arguments or the button HTML; the generation part makes a page left over from an
 * earlier session show "stale" instead of acting on lines that may have moved.
 */
export function triagePage(
  notes: readonly NoteModel[],
  generation: string,
  header: string,
  pageName: string,
): { page: GeneratedPage; targets: Map<string, TriageTarget> } {
  const targets = new Map<string, TriageTarget>()
  const children: BatchBlock[] = []
  for (const note of notes) {
    if (note.folder !== 'track') continue
    children.push({
      content: `Note ${codeSpan(note.path)}`,
      children: note.track.map(status => ({
        content: `Status ${codeSpan(status.status)}: ${status.items.length}`,
        children: status.items.map(item => {
          const token = `${generation}-${targets.size + 1}`
          targets.set(token, { file: note.path, line: item.line, text: item.text, status: status.status })
          return { content: `{{renderer ${TRIAGE_RENDERER}, ${token}}} ${codeSpan(item.text)}` }
        }),
      })),
    })
  }
  if (children.length === 0) children.push({ content: 'No Track notes in the corpus.' })
  return { page: { name: pageName, header, children }, targets }
}

/** Only tokens this plugin could have written reach the slot's HTML. */
export function isTriageToken(token: string): boolean {
  return /^[a-z0-9]{1,16}-[0-9]{1,7}$/.test(token)
}

/** The buttons for one item, as the trusted template the host injects into the macro slot. */
export function triageButtons(token: string, known: boolean): string {
  if (!isTriageToken(token) || !known) return '<span class="nk-triage-stale">stale: run /triage again</span>'
  const button = (verb: TriageVerb, label: string) =>
    `<button class="nk-triage-btn" data-on-click="nkTriage" data-token="${token}" data-verb="${verb}" title="${verb}">${label}</button>`
  return `<span class="nk-triage">${button('promote', '↑ promote')}${button('demote', '↓ demote')}${button('prune', '✕ prune')}</span>`
}
