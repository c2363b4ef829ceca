import { type Backlink, backlinks, parseBacklinkTarget } from '../core/backlinks.js'
import { buildTargetIndex } from '../core/links/resolve.js'
import type { Vault } from '../ports/vault.js'
import { type LoadOptions, loadCorpus } from './load-corpus.js'
import { whyNotRead } from './note-read.js'
import { readNoteTexts } from './note-texts.js'

export type BacklinksResult = { ok: true; references: Backlink[] } | { ok: false; message: string }

/** SPEC 2.1 backlinks of `NOTE` or `NOTE#ANCHOR` (a path from the corpus root), computed now, stored nowhere. */
export async function runBacklinks(
  vault: Vault,
  target: string,
  options: Pick<LoadOptions, 'cache' | 'logCache'> = {},
): Promise<BacklinksResult> {
  const { note, anchor } = parseBacklinkTarget(target.replace(/^\.\//, ''))
  const corpus = await loadCorpus(vault, options)
  const model = corpus.notes.find(candidate => candidate.path === note)
  if (!model) {
    const why = whyNotRead(corpus.unreadable, note)
    return { ok: false, message: `${note}: ${why ?? 'no such .adoc file in the corpus'}` }
  }
  const index = buildTargetIndex(corpus.files, corpus.notes, corpus.notRead)
  if (anchor !== null && !index.ids.get(note)?.has(anchor))
    return { ok: false, message: `${note}: no anchor or section id "${anchor}"` }
  // Mentions of the note's name are found in prose: every note's text is read for them.
  const texts = await readNoteTexts(
    vault,
    corpus.notes.map(source => source.path),
  )
  return { ok: true, references: backlinks({ notes: corpus.notes, texts, index }, note, anchor) }
}
