import fs from 'node:fs'
import nodePath from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { VaultError } from '../../src/ports/vault.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'
import { vaultContract } from './vault-contract.js'

vaultContract('node vault', { exclusiveCreate: true, stat: true }, files => {
  const corpus = tempCorpus(files)
  return { vault: nodeVault(corpus.path), cleanup: corpus.remove }
})

describe('node vault on a real disk', () => {
  it('reads files of every size around its small-read buffer (64 KB) exactly, multi-byte characters included', async () => {
    const sized = (bytes: number): string => {
      // 'é' is 2 bytes: a run of them puts a character across every 64 KB boundary.
      const head = 'é'.repeat(Math.floor(bytes / 4))
      return head + 'x'.repeat(bytes - Buffer.byteLength(head))
    }
    const sizes = [0, 1, 65_534, 65_535, 65_536, 65_537, 200_000]
    const corpus = tempCorpus(Object.fromEntries(sizes.map(size => [`n/${size}.adoc`, sized(size)])))
    try {
      const vault = nodeVault(corpus.path)
      for (const size of sizes) {
        const text = await vault.read(`n/${size}.adoc`)
        expect(text, `${size} bytes`).toBe(sized(size))
        expect(Buffer.byteLength(text ?? ''), `${size} bytes`).toBe(size)
      }
    } finally {
      corpus.remove()
    }
  })

  it('reads and stats a path as it does the same path spelt with a ./ in front (the full check)', async () => {
    // The vault joins a path as a listing gives it without splitting it (node-vault.ts, PLAIN_PATH);
    // `./` in front makes it go through corpusSegments, which drops the `.` and refuses what is not
    // inside the corpus. Both must give the same text, stamp, refusal or absence.
    // (A name with `:` always takes the full check, which refuses `c:` only at the start of a path.)
    const corpus = tempCorpus({ 'a/b.adoc': 'b', 'a/.c.adoc': 'c', 'a/x y.adoc': 'xy', '.srs/s': 's' })
    try {
      const vault = nodeVault(corpus.path)
      const segment = fc.constantFrom(
        'a/b.adoc',
        'a/x y.adoc',
        '.srs/s',
        'a',
        'b.adoc',
        '.c.adoc',
        'x y.adoc',
        '.srs',
        's',
        '.',
        '..',
        '',
        'a\\b',
        '...',
      )
      const outcome = (promise: Promise<unknown> | undefined) =>
        (promise ?? Promise.resolve('no stat')).then(
          value => value,
          error => (error instanceof VaultError ? `refused: ${error.message}` : Promise.reject(error)),
        )
      let texts = 0
      await fc.assert(
        fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async segments => {
          const path = segments.join('/')
          // `./` in front of an absolute path would make it relative: those are refused either way.
          fc.pre(!path.startsWith('/'))
          const read = await outcome(vault.read(path))
          if (typeof read === 'string' && !read.startsWith('refused')) texts++
          // A refusal names the path as it was asked for.
          const asAsked = (value: unknown) => (typeof value === 'string' ? value.replaceAll(`./${path}`, path) : value)
          expect(read, path).toEqual(asAsked(await outcome(vault.read(`./${path}`))))
          expect(await outcome(vault.stat?.(path)), path).toEqual(asAsked(await outcome(vault.stat?.(`./${path}`))))
        }),
        { numRuns: 400 },
      )
      expect(texts).toBeGreaterThan(10)
    } finally {
      corpus.remove()
    }
  })

  it('never reads through a symlink to a file outside the corpus, nor lists it', async () => {
    const outside = tempFolder()
    const corpus = tempCorpus({ 'internalise/a.adoc': 'a' })
    try {
      fs.writeFileSync(nodePath.join(outside.path, 'secret.adoc'), 'secret')
      fs.symlinkSync(nodePath.join(outside.path, 'secret.adoc'), nodePath.join(corpus.path, 'internalise/link.adoc'))
      fs.symlinkSync(outside.path, nodePath.join(corpus.path, 'reference'))
      const vault = nodeVault(corpus.path)
      await expect(vault.read('internalise/link.adoc')).rejects.toThrow(VaultError)
      await expect(vault.read('reference/secret.adoc')).rejects.toThrow('outside the corpus')
      await expect(vault.write('reference/new.adoc', 'x')).rejects.toThrow(VaultError)
      expect(fs.existsSync(nodePath.join(outside.path, 'new.adoc'))).toBe(false)
      expect(await vault.list()).toEqual(['internalise/a.adoc'])
    } finally {
      corpus.remove()
      outside.remove()
    }
  })

  it('reports a storage failure as a VaultError naming the path, not as a missing file', async () => {
    const corpus = tempCorpus({ 'internalise/a.adoc/inner': 'x' })
    try {
      const vault = nodeVault(corpus.path)
      // a folder where a file is expected: EISDIR, not ENOENT
      await expect(vault.read('internalise/a.adoc')).rejects.toThrow(
        'internalise/a.adoc: not a regular file (a folder)',
      )
      await expect(vault.append('internalise/a.adoc', 'x')).rejects.toThrow(VaultError)
    } finally {
      corpus.remove()
    }
  })

  it('lists nothing for a root that does not exist yet, and creates it on the first write', async () => {
    const parent = tempFolder()
    try {
      const vault = nodeVault(nodePath.join(parent.path, 'not-yet'))
      expect(await vault.list()).toEqual([])
      await vault.write('internalise/.srs/state.json', '{}\n')
      expect(fs.readFileSync(nodePath.join(parent.path, 'not-yet/internalise/.srs/state.json'), 'utf8')).toBe('{}\n')
    } finally {
      parent.remove()
    }
  })

  it('makes a folder again when it was removed between two writes', async () => {
    const corpus = tempCorpus()
    try {
      const vault = nodeVault(corpus.path)
      await vault.append('internalise/.srs/log.jsonl', 'a\n')
      await vault.createExclusive?.('internalise/.srs/log.lock', 'x')
      fs.rmSync(nodePath.join(corpus.path, 'internalise'), { recursive: true })
      await vault.append('internalise/.srs/log.jsonl', 'b\n')
      expect(await vault.createExclusive?.('internalise/.srs/log.lock', 'y')).toBe(true)
      fs.rmSync(nodePath.join(corpus.path, 'internalise'), { recursive: true })
      await vault.write('internalise/.srs/log.jsonl', 'c\n')
      expect(await vault.read('internalise/.srs/log.jsonl')).toBe('c\n')
      expect(await vault.list()).toEqual([])
    } finally {
      corpus.remove()
    }
  })

  it('names its folder in the description', () => {
    expect(nodeVault('/srv/notes').description).toBe('folder /srv/notes (Node fs)')
  })
})
