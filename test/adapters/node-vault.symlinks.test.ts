import fs from 'node:fs'
import nodePath from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { readNoteTexts } from '../../src/app/note-texts.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

// The node vault resolves each folder once per burst of reads rather than each file; these
// pin down that the guarantee is the same: symlinks leading inside are read, outside refused.

describe('node vault reads through symlinks only when they stay inside the corpus', () => {
  it('reads a symlinked file and a symlinked folder that lead inside the corpus', async () => {
    const corpus = tempCorpus({ 'internalise/a.adoc': 'alpha', 'reference/deep/b.adoc': 'beta' })
    try {
      fs.symlinkSync(
        nodePath.join(corpus.path, 'internalise/a.adoc'),
        nodePath.join(corpus.path, 'internalise/alias.adoc'),
      )
      fs.symlinkSync(nodePath.join(corpus.path, 'reference/deep'), nodePath.join(corpus.path, 'track'))
      const vault = nodeVault(corpus.path)
      expect(
        await Promise.all(
          ['internalise/alias.adoc', 'track/b.adoc', 'internalise/a.adoc'].map(path => vault.read(path)),
        ),
      ).toEqual(['alpha', 'beta', 'alpha'])
    } finally {
      corpus.remove()
    }
  })

  it('refuses every file of a folder that leads outside, each error naming its own file, among many reads at once', async () => {
    const outside = tempFolder()
    const corpus = tempCorpus({ 'internalise/a.adoc': 'a' })
    try {
      fs.writeFileSync(nodePath.join(outside.path, 'one.adoc'), 'secret one')
      fs.writeFileSync(nodePath.join(outside.path, 'two.adoc'), 'secret two')
      fs.symlinkSync(outside.path, nodePath.join(corpus.path, 'reference'))
      const vault = nodeVault(corpus.path)
      const results = await Promise.allSettled(
        ['reference/one.adoc', 'internalise/a.adoc', 'reference/two.adoc'].map(path => vault.read(path)),
      )
      // Each names its own file, and the link on its way that leads out.
      const leadsOut = `reference is a symbolic link to ${outside.path}, outside the corpus`
      expect(results.map(result => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([
        expect.stringMatching(new RegExp(`^VaultError: reference/one\\.adoc: ${escaped(leadsOut)}: `)),
        'a',
        expect.stringMatching(new RegExp(`^VaultError: reference/two\\.adoc: ${escaped(leadsOut)}: `)),
      ])
    } finally {
      corpus.remove()
      outside.remove()
    }
  })

  it('sees a folder swapped for a symlink to the outside after an earlier read of it', async () => {
    const outside = tempFolder()
    const corpus = tempCorpus({ 'reference/notes/a.adoc': 'inside' })
    try {
      fs.writeFileSync(nodePath.join(outside.path, 'a.adoc'), 'outside')
      const vault = nodeVault(corpus.path)
      expect(await vault.read('reference/notes/a.adoc')).toBe('inside')
      fs.rmSync(nodePath.join(corpus.path, 'reference/notes'), { recursive: true })
      fs.symlinkSync(outside.path, nodePath.join(corpus.path, 'reference/notes'))
      await expect(vault.read('reference/notes/a.adoc')).rejects.toThrow('outside the corpus')
    } finally {
      corpus.remove()
      outside.remove()
    }
  })

  it('sees a folder swapped for a symlink to the outside after a load that read it', async () => {
    const outside = tempFolder()
    const corpus = tempCorpus({ 'reference/notes/a.adoc': '= Inside\n', 'reference/notes/b.adoc': '= B\n' })
    try {
      fs.writeFileSync(nodePath.join(outside.path, 'a.adoc'), '= Outside\n')
      const vault = nodeVault(corpus.path)
      const loaded = await loadCorpus(vault)
      expect(loaded.notes.map(note => note.title)).toEqual(['Inside', 'B'])
      fs.rmSync(nodePath.join(corpus.path, 'reference/notes'), { recursive: true })
      fs.symlinkSync(outside.path, nodePath.join(corpus.path, 'reference/notes'))
      await expect(vault.read('reference/notes/a.adoc')).rejects.toThrow('outside the corpus')
      // A symlinked folder is not listed (as Logseq lists), so a second load has no note there.
      expect((await loadCorpus(vault)).notes).toEqual([])
    } finally {
      corpus.remove()
      outside.remove()
    }
  })

  it('a load of many notes in several folders gives every note in path order, progress counting up by one', async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 150; i++)
      files[`${['internalise', 'reference', 'track'][i % 3]}/f${i % 7}/n${String(i).padStart(3, '0')}.adoc`] =
        `= Note ${i}\n`
    const corpus = tempCorpus(files)
    try {
      const progress: number[] = []
      const loaded = await loadCorpus(nodeVault(corpus.path), {
        onProgress: (done, total) => progress.push(done * 1000 + total),
      })
      const paths = Object.keys(files).sort()
      expect(loaded.notes.map(note => note.path)).toEqual(paths)
      expect(loaded.notes.map(note => note.title)).toEqual(paths.map(path => files[path]?.slice(2, -1)))
      const texts = await readNoteTexts(nodeVault(corpus.path), paths)
      expect([...texts.keys()]).toEqual(paths)
      expect(progress).toEqual(paths.map((_path, index) => (index + 1) * 1000 + paths.length))
    } finally {
      corpus.remove()
    }
  })
})

describe('node vault reads small and large files alike', () => {
  it('gives a multi-megabyte log back whole, non-ASCII text included, and refuses it through an outside symlink', async () => {
    const line = '{"item":"langue/français#tu-vous","date":"2026-01-01","grade":"good"}\n'
    const log = line.repeat(40_000) // about 2.8 MB: past the size read synchronously
    const outside = tempFolder()
    const corpus = tempCorpus({ 'internalise/.srs/log.jsonl': log, 'internalise/small.adoc': 'é' })
    try {
      fs.writeFileSync(nodePath.join(outside.path, 'big.adoc'), log)
      fs.symlinkSync(nodePath.join(outside.path, 'big.adoc'), nodePath.join(corpus.path, 'internalise/big.adoc'))
      const vault = nodeVault(corpus.path)
      expect(await vault.read('internalise/.srs/log.jsonl')).toBe(log)
      expect(await vault.read('internalise/small.adoc')).toBe('é')
      await expect(vault.read('internalise/big.adoc')).rejects.toThrow('outside the corpus')
    } finally {
      corpus.remove()
      outside.remove()
    }
  })
})

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
