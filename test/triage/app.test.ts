import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { triageEdit } from '../../src/app/triage-edit.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import type { Vault } from '../../src/ports/vault.js'
import { fixture } from './helpers.js'

const reading = fixture('reading.adoc')
const FILE = 'track/reading.adoc'

describe('triageEdit', () => {
  it('applies the edit and writes the note', async () => {
    const vault = memoryVault({ [FILE]: reading })
    const outcome = await triageEdit(vault, { file: FILE, verb: 'promote', line: 8 }, DEFAULT_CONFIG)
    expect(outcome).toMatchObject({ ok: true, file: FILE, line: 6, changed: true })
    expect(outcome.message).toMatch(/^track\/reading\.adoc:8: promoted "The Pragmatic Programmer" from Next to Now/)
    expect(vault.files.get(FILE)).toContain(
      '== Now\n* Designing Data-Intensive Applications\n* The Pragmatic Programmer\n** lent to Sam\n\n== Next\n\n== Done\n',
    )
  })

  it('refuses when the item’s first line is not the expected text, and writes nothing', async () => {
    const vault = memoryVault({ [FILE]: reading })
    const outcome = await triageEdit(
      vault,
      { file: FILE, verb: 'prune', line: 8, expect: 'Refactoring' },
      DEFAULT_CONFIG,
    )
    expect(outcome).toMatchObject({ ok: false, reason: 'refused' })
    expect(outcome.message).toMatch(
      /track\/reading\.adoc:8: the item there reads "The Pragmatic Programmer", not "Refactoring"/,
    )
    expect(vault.files.get(FILE)).toBe(reading)
  })

  it('accepts the expected text, compared without its marker', async () => {
    const vault = memoryVault({ [FILE]: reading })
    const outcome = await triageEdit(
      vault,
      { file: FILE, verb: 'move', line: 12, status: 'Next', expect: 'Refactoring' },
      DEFAULT_CONFIG,
    )
    expect(outcome.ok).toBe(true)
    expect(vault.files.get(FILE)).toContain('** lent to Sam\n* Refactoring\n\n== Done\n')
  })

  it('refuses when the file changed after it was read, and keeps the other change', async () => {
    const inner = memoryVault({ [FILE]: reading })
    const byHand = `${reading}* Added in the editor meanwhile\n`
    let reads = 0
    const racing: Vault = {
      ...inner,
      async read(path) {
        const text = await inner.read(path)
        if (++reads === 1) inner.files.set(FILE, byHand)
        return text
      },
    }
    const outcome = await triageEdit(racing, { file: FILE, verb: 'promote', line: 8 }, DEFAULT_CONFIG)
    expect(outcome).toMatchObject({ ok: false, reason: 'refused' })
    expect(outcome.message).toMatch(/changed since it was read/)
    expect(inner.files.get(FILE)).toBe(byHand)
  })

  it('passes the core refusals on, and writes nothing', async () => {
    const vault = memoryVault({ [FILE]: reading })
    for (const request of [
      { file: FILE, verb: 'promote' as const, line: 5 },
      { file: FILE, verb: 'demote' as const, line: 12 },
      { file: FILE, verb: 'prune' as const, line: 9 },
      { file: FILE, verb: 'add' as const, status: 'Now', text: 'two\nlines' },
    ]) {
      const outcome = await triageEdit(vault, request, DEFAULT_CONFIG)
      expect(outcome).toMatchObject({ ok: false, reason: 'refused' })
    }
    expect(vault.files.get(FILE)).toBe(reading)
  })

  it('calls a missing file or a note outside track/ bad usage', async () => {
    const vault = memoryVault({ [FILE]: reading, 'reference/http.adoc': '= HTTP\n:intent: reference\n' })
    expect(
      await triageEdit(vault, { file: 'track/missing.adoc', verb: 'prune', line: 1 }, DEFAULT_CONFIG),
    ).toMatchObject({ ok: false, reason: 'usage' })
    expect(
      await triageEdit(vault, { file: 'reference/http.adoc', verb: 'prune', line: 1 }, DEFAULT_CONFIG),
    ).toMatchObject({ ok: false, reason: 'usage' })
    expect(
      await triageEdit(vault, { file: 'track/.hidden.adoc', verb: 'prune', line: 1 }, DEFAULT_CONFIG),
    ).toMatchObject({ ok: false, reason: 'usage' })
  })

  it('accepts a path written from the corpus root with ./', async () => {
    const vault = memoryVault({ [FILE]: reading })
    expect(await triageEdit(vault, { file: `./${FILE}`, verb: 'prune', line: 12 }, DEFAULT_CONFIG)).toMatchObject({
      ok: true,
      file: FILE,
    })
    expect(vault.files.get(FILE)).toBe(reading.replace('* Refactoring\n', ''))
  })

  it('does not write when the edit changes nothing', async () => {
    const inner = memoryVault({ [FILE]: reading })
    const readOnly: Vault = { ...inner, write: () => Promise.reject(new Error('must not write')) }
    const outcome = await triageEdit(readOnly, { file: FILE, verb: 'move', line: 12, status: 'done' }, DEFAULT_CONFIG)
    expect(outcome).toMatchObject({ ok: true, changed: false })
    expect(outcome.message).toMatch(/already the last item of Done/)
  })

  it('adds to a note and reports where the item went', async () => {
    const vault = memoryVault({ [FILE]: reading })
    const outcome = await triageEdit(
      vault,
      { file: FILE, verb: 'add', status: 'later', text: 'Staff Engineer' },
      DEFAULT_CONFIG,
    )
    expect(outcome).toMatchObject({ ok: true, line: 12 })
    expect(vault.files.get(FILE)).toBe(reading.replace('== Done\n', '== Later\n* Staff Engineer\n\n== Done\n'))
  })
})

describe('triageEdit with the text the caller last showed', () => {
  it('refuses when the note no longer reads as shown, and edits when it does', async () => {
    const vault = memoryVault({ [FILE]: reading })
    const stale = await triageEdit(
      vault,
      { file: FILE, verb: 'prune', line: 8, seen: reading.replace('Refactoring', 'Refactoring, 2nd ed.') },
      DEFAULT_CONFIG,
    )
    expect(stale).toMatchObject({ ok: false, reason: 'refused' })
    expect(vault.files.get(FILE)).toBe(reading)
    expect(
      await triageEdit(vault, { file: FILE, verb: 'prune', line: 8, seen: reading }, DEFAULT_CONFIG),
    ).toMatchObject({ ok: true, changed: true })
  })
})
