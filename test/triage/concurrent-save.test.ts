import fs from 'node:fs'
import nodePath from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { triageEdit } from '../../src/app/triage-edit.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import type { Vault } from '../../src/ports/vault.js'
import { tempCorpus } from '../support/temp-corpus.js'
import { fixture } from './helpers.js'

// A save by the user (an editor, a sync tool) that lands while the triage edit is being written
// must never be lost (issue 15): the vault reads the note again after the new text is on disk,
// right before the rename, and the edit is refused if it changed.

const FILE = 'track/reading.adoc'

describe('a triage edit beside a concurrent save', () => {
  it('refuses, keeping the save, when the note changes after the edit read it and before its rename', async () => {
    const corpus = tempCorpus({ [FILE]: fixture('reading.adoc') })
    try {
      const disk = nodePath.join(corpus.path, FILE)
      const saved = `${fixture('reading.adoc')}\n// saved in the editor meanwhile\n`
      const inner = nodeVault(corpus.path)
      const vault: Vault = {
        ...inner,
        // The editor's save lands between the edit's own read and the vault's last check.
        async writeIfUnchanged(path, text, expected) {
          fs.writeFileSync(disk, saved)
          return (await inner.writeIfUnchanged?.(path, text, expected)) ?? true
        },
      }
      const outcome = await triageEdit(vault, { file: FILE, verb: 'promote', line: 8 }, DEFAULT_CONFIG)
      expect(outcome).toMatchObject({ ok: false, reason: 'refused' })
      expect(outcome.message).toBe(
        'track/reading.adoc: the file changed since it was read; nothing written, run the command again',
      )
      expect(fs.readFileSync(disk, 'utf8')).toBe(saved)
      expect(fs.readdirSync(nodePath.dirname(disk))).toEqual(['reading.adoc'])
    } finally {
      corpus.remove()
    }
  })

  it('writes the edit when nothing changed', async () => {
    const corpus = tempCorpus({ [FILE]: fixture('reading.adoc') })
    try {
      const outcome = await triageEdit(nodeVault(corpus.path), { file: FILE, verb: 'promote', line: 8 }, DEFAULT_CONFIG)
      expect(outcome).toMatchObject({ ok: true, changed: true })
      expect(fs.readFileSync(nodePath.join(corpus.path, FILE), 'utf8')).not.toBe(fixture('reading.adoc'))
    } finally {
      corpus.remove()
    }
  })
})
