import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { vaultContract } from './vault-contract.js'

vaultContract('memory vault', { exclusiveCreate: false, stat: true }, files => ({ vault: memoryVault(files) }))

describe('memory vault', () => {
  it('shows its files as a Map that tests can inspect', async () => {
    const vault = memoryVault({ 'track/t.adoc': 't' })
    await vault.write('internalise/.srs/state.json', '{}\n')
    expect([...vault.files.entries()]).toEqual([
      ['track/t.adoc', 't'],
      ['internalise/.srs/state.json', '{}\n'],
    ])
  })

  it('appends as read, add, write, so two unlocked appends can lose one (like the plugin hosts)', async () => {
    const vault = memoryVault({ 'log.jsonl': '' })
    await Promise.all([vault.append('log.jsonl', 'a\n'), vault.append('log.jsonl', 'b\n')])
    expect(['a\n', 'b\n']).toContain(vault.files.get('log.jsonl'))
  })
})
