import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { nodeVault } from '../src/adapters/node-vault.js'
import { reindexNotes } from '../src/app/reindex-notes.js'
import type { Corpus } from '../src/core/corpus.js'
import { dueItems } from '../src/core/practice.js'
import { wholeDerivationCount } from '../src/core/snapshot.js'
import { TODAY } from './cold.js'
import { ms, percentile } from './grade-step.js'
import { median, number, row } from './measure.js'

// Re-index after one edit, in a long-lived process: a note's text changes on disk (one response
// reworded), and the corpus already in memory, derived, is told that path changed. Timed: reading
// and scanning that note, and the snapshot updating that note's items (the next due list is then
// one call away). Each edited note gets its old text back afterwards.

export async function reindexStep(corpusDir: string, corpus: Corpus, edits = 25): Promise<void> {
  const vault = nodeVault(corpusDir)
  dueItems(corpus, TODAY)
  const notes = corpus.notes.filter(note => note.folder === 'internalise' && note.items.length > 0)
  const step = Math.max(1, Math.floor(notes.length / edits))
  const derivations = wholeDerivationCount()
  const times: number[] = []
  let current = corpus
  for (let k = 0; k < edits && k * step < notes.length; k++) {
    const path = (notes[k * step] as { path: string }).path
    const file = join(corpusDir, path)
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace(/::\s/, `:: (reworded ${k}) `))
    const t0 = performance.now()
    current = await reindexNotes(vault, current, [path], TODAY)
    times.push(performance.now() - t0)
    writeFileSync(file, original)
    current = await reindexNotes(vault, current, [path], TODAY)
  }
  const medianMs = median(times)
  console.log(
    `\nre-index after one edit (long-lived process, ${number(times.length)} edits, the corpus already derived):`,
  )
  row('  re-index one note, median', ms(medianMs), '', '', '', '≤ 20 ms', medianMs <= 20 ? 'ok' : 'MISSED')
  row('  re-index one note, p99', ms(percentile(times, 99)), '', '', '', '', '')
  console.log(`  whole-log derivations during the edits: ${wholeDerivationCount() - derivations}`)
}
