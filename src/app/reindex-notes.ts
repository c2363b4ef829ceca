import { scanNote } from '../core/asciidoc/scan.js'
import { DEFAULT_NOTE_BYTES } from '../core/config.js'
import type { Corpus } from '../core/corpus.js'
import { withNotes } from '../core/snapshot.js'
import type { Finding, IsoDate, NoteModel } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { messageOf, unreadable } from './load-corpus.js'
import { utf8Length } from './log-mark.js'
import { packScanned } from './packed-model.js'
import type { ScanCache } from './scan-cache.js'

/**
 * The corpus after the files at `paths` changed (a watcher's event, or a session noticing an
 * edit): only those files are read and scanned again, and only their items' state is derived
 * again (core/snapshot.ts). A path that is gone, unreadable or over `limits.noteBytes` leaves the
 * notes, with its `note-unreadable` finding as a full load would give it. The models come out
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
      const text = await vault.read(path)
      if (text === null) {
        deleted.push(path)
        continue
      }
      const bytes = utf8Length(text)
      if (bytes <= limit) {
        const scan = () => scanNote(path, text)
        scanned.push({ model: options.cache ? options.cache.byText(path, text, null, scan) : packScanned(scan()) })
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
  const unreadableNow = [...corpus.unreadable.filter(finding => !touched.has(finding.file)), ...findings]
  return withNotes(corpus, { scanned, deleted, unread, unreadable: unreadableNow }, today)
}
