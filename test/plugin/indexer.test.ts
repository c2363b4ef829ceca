import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { createIndexer } from '../../src/plugin/session/indexer.js'
import type { Vault } from '../../src/ports/vault.js'
import { memoryCacheStore } from '../support/memory-cache-store.js'

const note = (title: string) => `= ${title}\n\n[qanda]\n[[q]] What is ${title}?::\n  An answer.\n`

function counting(vault: Vault, description = vault.description): Vault & { noteReads: () => number } {
  let reads = 0
  return {
    ...vault,
    description,
    read: path => {
      if (path.endsWith('.adoc')) reads++
      return vault.read(path)
    },
    noteReads: () => reads,
  }
}

describe("the plugin's indexer", () => {
  it('keeps its scan cache across sessions in the store: the next session reads no unchanged note', async () => {
    const files = memoryVault({ 'internalise/a.adoc': note('Alpha'), 'internalise/b.adoc': note('Beta') })
    const store = memoryCacheStore()
    const first = counting(files, 'folder /notes (Logseq desktop bridge)')
    await createIndexer(() => first, undefined, store).refresh()
    expect(first.noteReads()).toBe(2)
    await files.write('internalise/b.adoc', note('Gamma'))
    const next = counting(files, 'folder /notes (Logseq desktop bridge)')
    const corpus = await createIndexer(() => next, undefined, store).refresh()
    expect(corpus.notes.map(n => n.title)).toEqual(['Alpha', 'Gamma'])
    expect(next.noteReads()).toBe(1) // only the changed note
  })

  it('gives another corpus folder its own entry', async () => {
    const store = memoryCacheStore()
    let vault: Vault = counting(memoryVault({ 'internalise/a.adoc': note('Alpha') }), 'folder /one (bridge)')
    const indexer = createIndexer(() => vault, undefined, store)
    await indexer.refresh()
    vault = counting(memoryVault({ 'internalise/a.adoc': note('Omega') }), 'folder /two (bridge)')
    expect((await indexer.refresh()).notes.map(n => n.title)).toEqual(['Omega'])
    expect(store.bytes.size).toBe(2)
  })
})
