import { afterEach, describe, expect, it } from 'vitest'
import { type Vault, VaultError } from '../../src/ports/vault.js'

export interface VaultUnderTest {
  vault: Vault
  cleanup?: () => void | Promise<void>
}

export interface Capabilities {
  /** The host has an exclusive create (Node's `wx`); the plugin hosts do not. */
  exclusiveCreate: boolean
  stat: boolean
}

/** What every adapter promises (src/ports/vault.ts); each adapter's test file runs it. */
export function vaultContract(
  name: string,
  capabilities: Capabilities,
  make: (files: Record<string, string>) => Promise<VaultUnderTest> | VaultUnderTest,
): void {
  describe(`${name}: the Vault contract`, () => {
    const cleanups: Array<() => void | Promise<void>> = []
    const open = async (files: Record<string, string> = {}): Promise<Vault> => {
      const made = await make(files)
      if (made.cleanup) cleanups.push(made.cleanup)
      return made.vault
    }
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup()
    })

    it('reads a file back exactly, and a missing one as null', async () => {
      const text = '= Café\n:intent: internalise\r\nline without end'
      const vault = await open({ 'internalise/fr.adoc': text })
      expect(await vault.read('internalise/fr.adoc')).toBe(text)
      expect(await vault.read('internalise/missing.adoc')).toBeNull()
      expect(await vault.read('nowhere/at/all.adoc')).toBeNull()
    })

    it('writes a whole file, creating its folders, and replaces it on the next write', async () => {
      const vault = await open()
      await vault.write('track/deep/er/reading.adoc', 'first version, rather long\n')
      await vault.write('track/deep/er/reading.adoc', 'second\n')
      expect(await vault.read('track/deep/er/reading.adoc')).toBe('second\n')
      expect(await vault.list()).toEqual(['track/deep/er/reading.adoc'])
    })

    it('appends after the last byte, and creates the file when missing', async () => {
      const vault = await open({ 'internalise/.srs/log.jsonl': 'a\nb' })
      await vault.append('internalise/.srs/log.jsonl', '\nc\n')
      await vault.append('internalise/.srs/new.jsonl', 'x\n')
      expect(await vault.read('internalise/.srs/log.jsonl')).toBe('a\nb\nc\n')
      expect(await vault.read('internalise/.srs/new.jsonl')).toBe('x\n')
    })

    it('lists every file below the root, sorted, relative with "/", leaving out dot names', async () => {
      const vault = await open({
        'README.adoc': 'r',
        'internalise/english.adoc': 'e',
        'internalise/lang/french.adoc': 'f',
        'internalise/.srs/log.jsonl': 'l',
        'reference/.hidden.adoc': 'h',
      })
      expect(await vault.list()).toEqual(['README.adoc', 'internalise/english.adoc', 'internalise/lang/french.adoc'])
      expect(await vault.read('internalise/.srs/log.jsonl')).toBe('l')
    })

    it('leaves no temporary file behind after writes', async () => {
      const vault = await open()
      for (let i = 0; i < 3; i++) await vault.write('internalise/.srs/state.json', `{"n":${i}}\n`)
      await vault.write('internalise/a.adoc', 'a')
      expect(await vault.list()).toEqual(['internalise/a.adoc'])
    })

    it('removes a file, and removing a missing one is no error', async () => {
      const vault = await open({ 'internalise/.srs/log.lock': '{}', 'track/t.adoc': 't' })
      await vault.remove('internalise/.srs/log.lock')
      await vault.remove('internalise/.srs/log.lock')
      await vault.remove('track/t.adoc')
      expect(await vault.read('internalise/.srs/log.lock')).toBeNull()
      expect(await vault.list()).toEqual([])
    })

    it(`has exclusive create: ${capabilities.exclusiveCreate}, stat: ${capabilities.stat}`, async () => {
      const vault = await open()
      expect(typeof vault.createExclusive === 'function').toBe(capabilities.exclusiveCreate)
      expect(typeof vault.stat === 'function').toBe(capabilities.stat)
    })

    if (capabilities.exclusiveCreate)
      it('creates exclusively only when the file is absent', async () => {
        const vault = await open()
        if (!vault.createExclusive) throw new Error('no exclusive create')
        expect(await vault.createExclusive('internalise/.srs/log.lock', 'mine')).toBe(true)
        expect(await vault.createExclusive('internalise/.srs/log.lock', 'theirs')).toBe(false)
        expect(await vault.read('internalise/.srs/log.lock')).toBe('mine')
      })

    if (capabilities.stat)
      it('stats size in bytes and says null for a missing file', async () => {
        const vault = await open({ 'internalise/é.adoc': 'é\n' })
        if (!vault.stat) throw new Error('no stat')
        const stat = await vault.stat('internalise/é.adoc')
        expect(stat?.size).toBe(3)
        expect(Number.isFinite(stat?.mtimeMs)).toBe(true)
        expect(await vault.stat('internalise/none.adoc')).toBeNull()
      })

    it('stats many files at once as one at a time, a failed one as its error in its place (where the host has it)', async () => {
      const vault = await open({ 'internalise/é.adoc': 'é\n', 'track/t.adoc': 'tt\n' })
      if (!vault.statAll) return expect(name).not.toBe('node vault')
      const paths = ['track/t.adoc', 'internalise/none.adoc', '../outside.adoc', 'internalise/é.adoc']
      const all = await vault.statAll(paths)
      expect(all).toHaveLength(4)
      expect(all[0]).toEqual(await vault.stat?.('track/t.adoc'))
      expect(all[1]).toBeNull()
      expect(all[2]).toBeInstanceOf(Error)
      expect(String(all[2])).toContain('../outside.adoc')
      expect(all[3]).toEqual(await vault.stat?.('internalise/é.adoc'))
      expect(all[3]).toMatchObject({ size: 3 })
    })

    it('writes if unchanged only while the file still reads as expected (where the host has it)', async () => {
      const vault = await open({ 'track/home.adoc': 'one\n' })
      if (!vault.writeIfUnchanged) return expect(name).not.toMatch(/^(node|memory) vault$/)
      expect(await vault.writeIfUnchanged('track/home.adoc', 'two\n', 'one\n')).toBe(true)
      expect(await vault.writeIfUnchanged('track/home.adoc', 'three\n', 'one\n')).toBe(false)
      expect(await vault.read('track/home.adoc')).toBe('two\n')
      expect(await vault.list()).toEqual(['track/home.adoc'])
    })

    it('refuses paths that leave the corpus, naming them', async () => {
      const vault = await open({ 'internalise/a.adoc': 'a' })
      for (const path of ['../outside.adoc', 'internalise/../../outside.adoc', '/etc/passwd', 'C:/x.adoc', '']) {
        await expect(vault.read(path)).rejects.toBeInstanceOf(VaultError)
        await expect(vault.write(path, 'x')).rejects.toThrow(VaultError)
        await expect(vault.append(path, 'x')).rejects.toThrow(VaultError)
        await expect(vault.remove(path)).rejects.toThrow(VaultError)
      }
      await expect(vault.read('../outside.adoc')).rejects.toThrow('../outside.adoc')
    })
  })
}
