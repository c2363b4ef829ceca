import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { reindexNotes } from '../../src/app/reindex-notes.js'
import { createScanCache } from '../../src/app/scan-cache.js'
import { LOG_PATH } from '../../src/core/corpus.js'
import { dueItems } from '../../src/core/practice.js'
import { derivedState, wholeDerivationCount } from '../../src/core/snapshot.js'

const TODAY = '2026-11-30'
const deck = (anchors: string[]) =>
  `= Deck\n:intent: internalise\n\n[qanda]\n${anchors.map(a => `[[${a}]]${a.toUpperCase()}?:: ${a}.`).join('\n')}\n`

describe('re-indexing the files that changed', () => {
  it('gives what a full load gives, without deriving the whole corpus again', async () => {
    const vault = memoryVault({
      'internalise/deck.adoc': deck(['a', 'b']),
      'internalise/other.adoc': deck(['x']),
      'internalise/gone.adoc': deck(['g']),
      [LOG_PATH]: `{"item":"deck#b","date":"2026-11-10","grade":"good"}\n{"item":"new#n","date":"2026-11-11","grade":"easy"}\n`,
    })
    const corpus = await loadCorpus(vault)
    derivedState(corpus, TODAY)
    await vault.write('internalise/deck.adoc', deck(['b', 'c']))
    await vault.write('internalise/new.adoc', deck(['n']))
    await vault.remove('internalise/gone.adoc')
    const derivations = wholeDerivationCount()
    const paths = ['internalise/deck.adoc', 'internalise/new.adoc', 'internalise/gone.adoc']
    const reindexed = await reindexNotes(vault, corpus, paths, TODAY)
    const state = derivedState(reindexed, TODAY)
    expect(wholeDerivationCount()).toBe(derivations)
    const fresh = await loadCorpus(vault)
    expect(reindexed.notes).toEqual(fresh.notes)
    expect(reindexed.files).toEqual(fresh.files)
    expect(state).toEqual(derivedState(fresh, TODAY))
    expect(dueItems(reindexed, TODAY)).toEqual(dueItems(fresh, TODAY))
    expect(state['new#n']?.reps).toBe(1)
    expect(state['deck#a']).toBeUndefined()
  })

  it('through a scan cache, records what it scanned: the next load serves that model, not a new scan', async () => {
    const vault = memoryVault({ 'internalise/deck.adoc': deck(['a']), 'internalise/other.adoc': deck(['x']) })
    const cache = createScanCache()
    const corpus = await loadCorpus(vault, { cache })
    await vault.write('internalise/deck.adoc', deck(['a', 'b']))
    const reindexed = await reindexNotes(vault, corpus, ['internalise/deck.adoc'], TODAY, { cache })
    const edited = reindexed.notes.find(note => note.path === 'internalise/deck.adoc')
    expect(edited?.items.map(item => item.id)).toEqual(['deck#a', 'deck#b'])
    const fresh = await loadCorpus(vault, { cache })
    expect(fresh.notes.find(note => note.path === 'internalise/deck.adoc')).toBe(edited)
    expect(dueItems(reindexed, TODAY)).toEqual(dueItems(fresh, TODAY))
  })
})
