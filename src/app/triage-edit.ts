// Triage edits as the CLI and the plugin run them (SPEC 1.3): read the Track note, scan it,
// apply the pure edit, and write it back only if nobody changed the file in between.

import { scanNote } from '../core/asciidoc/scan.js'
import { isNotePath, topFolder } from '../core/corpus.js'
import { nearestName } from '../core/edit-distance.js'
import { add, demote, type EditResult, itemAt, move, promote, prune } from '../core/triage/edit.js'
import { findStatus, standingOf } from '../core/triage/ladder.js'
import type { Config, NoteModel } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { encodingFinding, readNoteText } from './note-read.js'

export const TRIAGE_VERBS = ['promote', 'demote', 'move', 'prune', 'add'] as const
export type TriageVerb = (typeof TRIAGE_VERBS)[number]

export interface TriageRequest {
  /** The note's path from the corpus root (`track/reading.adoc`). */
  file: string
  verb: TriageVerb
  /** The item's first line (every verb but add). */
  line?: number
  /** The target status (move, add). */
  status?: string
  /** The new item's text (add). */
  text?: string
  /**
   * Move or add to a status that is neither a section of the note nor a ladder or final status
   * of the config: without this, refused (a typo such as `Whenever` must not become a section).
   */
  create?: boolean
  /** Refuse unless the item's first line, without its marker, is exactly this. */
  expect?: string
  /**
   * The note's text as the caller last showed it (the plugin's open view): refuse when the file
   * no longer reads so, because the line numbers the user chose from may have moved.
   */
  seen?: string
}

export type TriageOutcome =
  | { ok: true; message: string; file: string; line: number; changed: boolean }
  /** `usage`: the request itself is wrong (no such Track note, missing argument): exit 2. `refused`: exit 1. */
  | { ok: false; message: string; file: string; reason: 'usage' | 'refused' }

export async function triageEdit(vault: Vault, request: TriageRequest, config: Config): Promise<TriageOutcome> {
  // `./track/x.adoc` and `track/x.adoc` name the same note; paths in messages are the plain form.
  const file = request.file.replace(/^(\.\/)+/, '')
  const usage = (message: string): TriageOutcome => ({ ok: false, message, file, reason: 'usage' })
  const refused = (message: string): TriageOutcome => ({ ok: false, message, file, reason: 'refused' })
  if (!isNotePath(file) || topFolder(file) !== 'track')
    return usage(`${file}: not a Track note (a .adoc file under track/)`)
  const read = await readNoteText(vault, file)
  if (read === null) return usage(`${file}: no such file`)
  const { text, invalid } = read
  // Written back, the text would have U+FFFD for good where the file has bytes that are no UTF-8
  // (a Latin-1 "é", say): the person's bytes are never replaced behind their back.
  if (invalid !== null)
    return refused(
      `${file}:${invalid.line}: ${encodingFinding(file, invalid).message}; nothing written (an edit would write U+FFFD over those bytes)`,
    )
  if (request.seen !== undefined && request.seen !== text)
    return refused(`${file}: the file changed since it was shown; nothing written, look again`)
  const model = scanNote(file, text)
  if ((request.verb === 'move' || request.verb === 'add') && request.status !== undefined && !request.create) {
    const unknown = unknownStatus(model, request.status, config)
    if (unknown) return usage(`${file}: ${unknown}; nothing changed (give --create to add that section)`)
  }

  let result: EditResult
  if (request.verb === 'add') {
    if (request.status === undefined || request.text === undefined)
      return usage('add needs a status and the text of the item')
    result = add(text, model, request.status, request.text, config)
  } else {
    const line = request.line
    if (line === undefined) return usage(`${request.verb} needs the item's line (FILE:LINE)`)
    if (request.expect !== undefined) {
      const found = itemAt(model, line)
      if (found && found.item.text.trim() !== request.expect.trim()) {
        return refused(
          `${file}:${line}: the item there reads ${JSON.stringify(found.item.text)}, not ${JSON.stringify(request.expect)}; nothing changed`,
        )
      }
    }
    if (request.verb === 'move') {
      if (request.status === undefined) return usage('move needs a target status')
      result = move(text, model, line, config, request.status)
    } else if (request.verb === 'promote') result = promote(text, model, line, config)
    else if (request.verb === 'demote') result = demote(text, model, line, config)
    else result = prune(text, model, line, config)
  }
  if (!result.ok) return refused(result.message)
  if (result.text === text) return { ok: true, message: result.message, file, line: result.line, changed: false }

  // Someone (the user in an editor, a sync tool) may have saved the note while we worked. The
  // vault checks again right before its rename where it can, so only a save during the rename
  // itself could be lost; elsewhere the check is here, just before the write.
  const changed = (): TriageOutcome =>
    refused(`${file}: the file changed since it was read; nothing written, run the command again`)
  if (vault.writeIfUnchanged) {
    if (!(await vault.writeIfUnchanged(file, result.text, text))) return changed()
  } else {
    if ((await vault.read(file)) !== text) return changed()
    await vault.write(file, result.text)
  }
  return { ok: true, message: result.message, file, line: result.line, changed: true }
}

/** Why a target status would have to be created although no note section or config names it, or null. */
function unknownStatus(model: NoteModel, status: string, config: Config): string | null {
  if (findStatus(model, status) || standingOf(status, config).kind !== 'unranked') return null
  const known = [...model.track.map(section => section.status), ...config.track.ladder, ...config.track.final]
  const names = [...new Set(known.map(name => name.trim()))]
  const near = nearestName(
    status.trim().toLowerCase(),
    names.map(name => name.toLowerCase()),
  )
  const suggestion = near === null ? '' : ` (did you mean ${names.find(name => name.toLowerCase() === near)}?)`
  return `no status "${status.trim()}" in the note or the ladder${suggestion}; known: ${names.join(', ')}`
}
