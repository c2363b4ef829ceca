import { scanNote } from '../core/asciidoc/scan.js'
import { DEFAULT_NOTE_BYTES } from '../core/config.js'
import type { Corpus } from '../core/corpus.js'
import { withNotes } from '../core/snapshot.js'
import type { Finding, IsoDate, NoteModel } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { messageOf, unreadable } from './load-corpus.js'
import { utf8Length } from './log-mark.js'
import { encodingFinding, readNoteText } from './note-read.js'
import { packScanned } from './packed-model.js'
import type { ScanCache } from './scan-cache.js'

/**
 * The corpus after the files at `paths` changed (a watcher's event, or a session noticing an
 * edit): only those files are read and scanned again, and only their items' state is derived
 * again (core/snapshot.ts). A path that is gone, unreadable or over `limits.noteBytes` leaves the
 * notes, with its `note-unreadable` finding as a full load would give it; one whose bytes are not
 * UTF-8 stays, with its `note-encoding` finding. The models come out
 * as a load with the same `cache` gives them, packed (ADR 0029): through the cache (and recorded,
 * so the next load does not scan the file again), or scanned and packed without one.
 */
export async function reindexNotes(
  vault: Vault,
  corpus: Corpus,
  paths: readonly string[],
  today: IsoDate,
  options: { cache?: ScanCache } = {},
): Promise<Corpus> {
  const limit = corpus.config.limits.noteBytes ?? DEFAULT_NOTE_BYTES
  const scanned: { model: NoteModel }[] = []
  const deleted: string[] = []
  const unread: string[] = []
  const findings: Finding[] = []
  for (const path of paths) {
    try {
      const read = await readNoteText(vault, path)
      if (read === null) {
        deleted.push(path)
        continue
      }
      const { text, invalid } = read
      const bytes = utf8Length(text)
      if (bytes <= limit) {
        const scan = () => scanNote(path, text)
        scanned.push({ model: options.cache ? options.cache.byText(path, text, null, scan) : packScanned(scan()) })
        if (invalid !== null) findings.push(encodingFinding(path, invalid))
      } else {
        unread.push(path)
        findings.push(unreadable(path, `${path} is ${bytes} bytes, over limits.noteBytes (${limit}): not read`, bytes))
      }
    } catch (error) {
      unread.push(path)
      findings.push(unreadable(path, `cannot read ${path}: ${messageOf(error)}`))
    }
  }
  const touched = new Set(paths)
  // What the listing skipped stays said: no path here is listed again.
  const kept = corpus.unreadable.filter(finding => finding.rule === 'note-skipped' || !touched.has(finding.file))
  const unreadableNow = [...kept, ...findings]
  return withNotes(corpus, { scanned, deleted, unread, unreadable: unreadableNow }, today)
}
