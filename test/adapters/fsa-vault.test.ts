import { describe, expect, it } from 'vitest'
import { fsaVault } from '../../src/adapters/fsa-vault.js'
import { VaultError } from '../../src/ports/vault.js'
import { fakeDirectory } from '../support/fake-fsa.js'
import { vaultContract } from './vault-contract.js'

vaultContract('File System Access vault', { exclusiveCreate: false, stat: true }, async files => {
  const vault = fsaVault(fakeDirectory(), 'notes')
  for (const [path, text] of Object.entries(files)) await vault.write(path, text)
  return { vault }
})

describe('File System Access vault', () => {
  it('reports a path through a file as a VaultError, not as a missing file', async () => {
    const vault = fsaVault(fakeDirectory(), 'notes')
    await vault.write('internalise/a.adoc', 'a')
    await expect(vault.write('internalise/a.adoc/b.adoc', 'b')).rejects.toThrow(VaultError)
    await expect(vault.read('internalise')).rejects.toThrow('internalise: cannot read')
  })

  it('names the picked folder in its description', () => {
    expect(fsaVault(fakeDirectory(), 'notes').description).toBe('folder notes (File System Access)')
  })
})
