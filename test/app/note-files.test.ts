import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeCacheStore } from '../../src/adapters/node-cache-store.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { runValidate } from '../../src/app/check-corpus.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { reindexNotes } from '../../src/app/reindex-notes.js'
import { createScanCache, scanCacheKey } from '../../src/app/scan-cache.js'
import { triageEdit } from '../../src/app/triage-edit.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import type { Finding } from '../../src/core/types.js'
import { cli } from '../support/cli.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

// No file is left out silently (SPEC 1, ADR 0035): what the listing does not follow (a symbolic
// link) or cannot read (a pipe, a socket, a device) is a `note-skipped` finding, and a command
// naming it says why; a note whose bytes are not UTF-8 is read all the same, with a
// `note-encoding` finding at the line of its first bad byte.

const TODAY = '2026-11-30'
const DECK = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]Prompt a?:: Response a.\n'
const TRACK = '= T\n:intent: track\n\n== Now\n* one\n'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})
function corpus(files: Record<string, string | Uint8Array>): string {
  const made = tempCorpus()
  cleanups.push(made.remove)
  for (const [relative, content] of Object.entries(files)) {
    const full = nodePath.join(made.path, relative)
    fs.mkdirSync(nodePath.dirname(full), { recursive: true })
    fs.writeFileSync(full, content)
  }
  return made.path
}
function fifo(path: string): void {
  const made = spawnSync('mkfifo', [path])
  if (made.status !== 0) throw new Error(`mkfifo ${path}: ${made.stderr}`)
}
const pick = (findings: readonly Finding[], rule: string) =>
  findings.filter(f => f.rule === rule).map(({ file, line, severity, message }) => ({ file, line, severity, message }))

/** A corpus with a linked note, a linked folder of notes, a dangling link, a pipe, and a linked image (no note). */
function corpusWithSkips(): string {
  const outside = tempFolder()
  cleanups.push(outside.remove)
  fs.writeFileSync(nodePath.join(outside.path, 'shared.adoc'), '= Shared\n:intent: reference\n:source: me\n')
  const root = corpus({ 'internalise/deck.adoc': DECK, 'track/t.adoc': TRACK, 'reference/img/real.png': 'png' })
  const at = (path: string) => nodePath.join(root, path)
  fs.symlinkSync(at('internalise/deck.adoc'), at('internalise/alias.adoc'))
  fs.symlinkSync(outside.path, at('reference/shared'))
  fs.symlinkSync(at('nowhere.adoc'), at('track/gone.adoc'))
  fs.symlinkSync(at('reference/img/real.png'), at('reference/img/link.png'))
  fifo(at('track/pipe.adoc'))
  return root
}

describe.skipIf(process.platform === 'win32')('files the listing skips', () => {
  it('the node vault lists them apart, each with why', async () => {
    const root = corpusWithSkips()
    const listed = await nodeVault(root).listing?.()
    expect(listed?.files).toEqual(['internalise/deck.adoc', 'reference/img/real.png', 'track/t.adoc'])
    expect(listed?.skipped).toEqual([
      { path: 'internalise/alias.adoc', reason: 'a symbolic link, not followed' },
      { path: 'reference/img/link.png', reason: 'a symbolic link, not followed' },
      { path: 'reference/shared', reason: 'a symbolic link to a folder, not followed', folder: true },
      { path: 'track/gone.adoc', reason: 'a symbolic link that leads nowhere, not followed' },
      { path: 'track/pipe.adoc', reason: 'not a regular file (a named pipe)' },
    ])
  })

  it('validate warns of each one where a note could be, and the rest of the corpus still counts', async () => {
    const root = corpusWithSkips()
    const outcome = await runValidate(nodeVault(root), { today: TODAY, dryRun: true })
    expect(pick(outcome.findings, 'note-skipped')).toEqual([
      {
        file: 'internalise/alias.adoc',
        line: undefined,
        severity: 'warning',
        message: 'not read as a note: a symbolic link, not followed',
      },
      {
        file: 'reference/shared',
        line: undefined,
        severity: 'warning',
        message: 'its notes are not read: a symbolic link to a folder, not followed',
      },
      {
        file: 'track/gone.adoc',
        line: undefined,
        severity: 'warning',
        message: 'not read as a note: a symbolic link that leads nowhere, not followed',
      },
      {
        file: 'track/pipe.adoc',
        line: undefined,
        severity: 'warning',
        message: 'not read as a note: not a regular file (a named pipe)',
      },
    ])
    expect(outcome.corpus.notes.map(note => note.path)).toEqual(['internalise/deck.adoc', 'track/t.adoc'])
    expect(outcome.summary.errors).toBe(0)
  })

  it('a command naming one says why instead of "no such note"', async () => {
    const root = corpusWithSkips()
    const run = (...args: string[]) => cli([...args, '--corpus', root, '--today', TODAY])
    const note = await run('due', '--note', 'internalise/alias.adoc')
    expect(note.code).toBe(2)
    expect(note.stderr).toMatch(
      /^notekeeper: --note internalise\/alias\.adoc: not read as a note: a symbolic link, not followed\n/,
    )
    expect((await run('practice', '--note', 'track/pipe.adoc')).stderr).toMatch(
      /^notekeeper: --note track\/pipe\.adoc: not read as a note: not a regular file \(a named pipe\)\n/,
    )
    expect((await run('due', '--folder', 'reference/shared')).stderr).toMatch(
      /^notekeeper: --folder reference\/shared: its notes are not read: a symbolic link to a folder, not followed\n/,
    )
    expect((await run('due', '--note', 'reference/shared/shared.adoc')).stderr).toMatch(
      /^notekeeper: --note reference\/shared\/shared\.adoc: not read: reference\/shared is a symbolic link to a folder, not followed\n/,
    )
    expect((await run('backlinks', 'internalise/alias.adoc')).stderr).toMatch(
      /^notekeeper: internalise\/alias\.adoc: not read as a note: a symbolic link, not followed\n/,
    )
    const grade = await run('grade', 'alias#a', 'good')
    expect(grade.code).toBe(2)
    expect(grade.stderr).toContain(
      'no note declares the item "alias#a" (internalise/alias.adoc: not read as a note: a symbolic link, not followed)',
    )
    // Still "no such note" for a path where nothing stands.
    expect((await run('due', '--note', 'internalise/none.adoc')).stderr).toContain('no such note in the corpus')
  })

  it('a link to a file it skipped says why the file is not read, not that it does not exist', async () => {
    const root = corpusWithSkips()
    fs.writeFileSync(
      nodePath.join(root, 'reference/links.adoc'),
      '= Links\n:intent: reference\n:source: me\n\nSee xref:../track/pipe.adoc[the pipe], xref:shared/shared.adoc[shared] and xref:none.adoc[none].\n\nimage::img/link.png[]\n',
    )
    const validated = await cli(['validate', '--corpus', root, '--today', TODAY, '--dry-run'])
    expect(validated.stdout).toContain(
      'reference/links.adoc:5: error xref-unresolved: xref to ../track/pipe.adoc: track/pipe.adoc is not read: not a regular file (a named pipe)',
    )
    expect(validated.stdout).toContain(
      'reference/links.adoc:5: error xref-unresolved: xref to shared/shared.adoc: reference/shared/shared.adoc is not read: reference/shared is a symbolic link to a folder, not followed',
    )
    // Where nothing stands, as before.
    expect(validated.stdout).toContain('xref to none.adoc: the file does not exist')
    const swept = await cli(['hygiene', '--corpus', root, '--today', TODAY])
    expect(swept.stdout).toContain(
      'reference/links.adoc:5: error dead-link: xref ../track/pipe.adoc: track/pipe.adoc is not read: not a regular file (a named pipe)',
    )
    expect(swept.stdout).toContain('xref none.adoc: reference/none.adoc does not exist')
    // Any file the listing skipped, not only notes: an image behind a link (review).
    expect(swept.stdout).toContain(
      'reference/links.adoc:7: error dead-link: image img/link.png: reference/img/link.png is not read: a symbolic link, not followed',
    )
  })

  it('triage shows the Track notes it read, says which it skipped, and exits 0 for those warnings', async () => {
    const root = corpusWithSkips()
    const view = await cli(['triage', '--corpus', root, '--today', TODAY])
    expect(view.code).toBe(0)
    expect(view.stdout).toContain('track/t.adoc')
    expect(view.stderr.split('\n').filter(Boolean)).toEqual([
      'notekeeper: track/gone.adoc: not read as a note: a symbolic link that leads nowhere, not followed',
      'notekeeper: track/pipe.adoc: not read as a note: not a regular file (a named pipe)',
    ])
  })
})

/** Latin-1 bytes in a UTF-8 note: "Café" saved by another editor. */
const LATIN1_DECK = new Uint8Array([
  ...new TextEncoder().encode('= Deck\n:intent: internalise\n\n[qanda]\n[[a]]Written \uFFFD?:: Yes.\n[[b]]Caf'),
  0xe9,
  ...new TextEncoder().encode('?:: A drink.\n'),
])

describe('notes that are not UTF-8', () => {
  it('are read and indexed all the same, with an error at the line of the first bad byte; a written U+FFFD is none', async () => {
    const root = corpus({
      'internalise/deck.adoc': LATIN1_DECK,
      'internalise/ok.adoc': '= OK\n:intent: internalise\n\n\uFFFD\n',
    })
    const outcome = await runValidate(nodeVault(root), { today: TODAY, dryRun: true })
    expect(pick(outcome.findings, 'note-encoding')).toEqual([
      {
        file: 'internalise/deck.adoc',
        line: 6,
        severity: 'error',
        message:
          'not UTF-8: byte 0xE9 (column 9, byte 70 of the file) begins a UTF-8 character that the bytes after it ' +
          'do not complete (Latin-1 text?); the note is read with U+FFFD in place of each such sequence (save it as UTF-8)',
      },
    ])
    const items = outcome.corpus.notes.find(note => note.path === 'internalise/deck.adoc')?.items
    expect(items?.map(item => [item.id, item.prompt])).toEqual([
      ['deck#a', 'Written \uFFFD?'],
      ['deck#b', 'Caf\uFFFD?'],
    ])
  })

  it('say what is wrong with the first bad byte: a sequence cut short, a lone continuation, a byte UTF-8 never has', async () => {
    const note = (bad: number[]) =>
      new Uint8Array([...new TextEncoder().encode('= D\n:intent: internalise\n\nx'), ...bad, 0x0a])
    const root = corpus({
      'internalise/cut.adoc': note([0xc3, 0x41]),
      'internalise/lone.adoc': note([0xa9]),
      'internalise/never.adoc': note([0xff]),
    })
    const outcome = await runValidate(nodeVault(root), { today: TODAY, dryRun: true })
    expect(pick(outcome.findings, 'note-encoding').map(f => [f.file, f.message.split(';')[0]])).toEqual([
      [
        'internalise/cut.adoc',
        'not UTF-8: byte 0xC3 (column 2, byte 27 of the file) begins a UTF-8 character that the bytes after it do not complete (Latin-1 text?)',
      ],
      [
        'internalise/lone.adoc',
        'not UTF-8: byte 0xA9 (column 2, byte 27 of the file) continues a UTF-8 character that no byte before it began',
      ],
      ['internalise/never.adoc', 'not UTF-8: byte 0xFF (column 2, byte 27 of the file) is never part of UTF-8 text'],
    ])
  })

  it('are said again by a warm load, whose scan cache never serves them unread', async () => {
    const root = corpus({ 'internalise/deck.adoc': LATIN1_DECK, 'internalise/other.adoc': DECK })
    // Old enough to be trusted by its stamp (the racy window is 2 s).
    const old = new Date(Date.now() - 3_600_000)
    for (const name of ['deck.adoc', 'other.adoc']) fs.utimesSync(nodePath.join(root, 'internalise', name), old, old)
    const store = tempFolder()
    cleanups.push(store.remove)
    const load = () =>
      loadCorpus(nodeVault(root), {
        cache: createScanCache({ store: { cache: nodeCacheStore(store.path), key: scanCacheKey(root) } }),
      })
    for (const loaded of [await load(), await load()]) {
      expect(loaded.unreadable.map(f => `${f.rule} ${f.file}:${f.line}`)).toEqual([
        'note-encoding internalise/deck.adoc:6',
      ])
      expect(loaded.notes.map(note => note.path)).toEqual(['internalise/deck.adoc', 'internalise/other.adoc'])
    }
    // Nothing the store holds changed: a warm load does not write the cache again.
    const stored = fs.readdirSync(store.path).map(name => nodePath.join(store.path, name))
    const before = stored.map(file => fs.statSync(file).mtimeMs)
    await new Promise(resolve => setTimeout(resolve, 20))
    await load()
    expect(stored.map(file => fs.statSync(file).mtimeMs)).toEqual(before)
  })

  it('a re-index after the note is saved as UTF-8 drops the finding', async () => {
    const root = corpus({ 'internalise/deck.adoc': LATIN1_DECK })
    const vault = nodeVault(root)
    const loaded = await loadCorpus(vault)
    expect(loaded.unreadable.map(f => f.rule)).toEqual(['note-encoding'])
    fs.writeFileSync(nodePath.join(root, 'internalise/deck.adoc'), DECK)
    expect((await reindexNotes(vault, loaded, ['internalise/deck.adoc'], TODAY)).unreadable).toEqual([])
    fs.writeFileSync(nodePath.join(root, 'internalise/deck.adoc'), LATIN1_DECK)
    const again = await reindexNotes(vault, loaded, ['internalise/deck.adoc'], TODAY)
    expect(again.unreadable.map(f => `${f.rule}:${f.line}`)).toEqual(['note-encoding:6'])
  })

  it('a triage edit of such a Track note is refused and its bytes are left as they are', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`${TRACK}* caf`), 0xe9, 0x0a])
    const root = corpus({ 'track/t.adoc': bytes })
    const outcome = await triageEdit(
      nodeVault(root),
      { verb: 'promote', file: 'track/t.adoc', line: 5 },
      DEFAULT_CONFIG,
    )
    expect(outcome).toMatchObject({ ok: false, reason: 'refused' })
    expect(outcome.message).toMatch(/^track\/t\.adoc:6: not UTF-8: byte 0xE9 .*; nothing written/)
    expect(new Uint8Array(fs.readFileSync(nodePath.join(root, 'track/t.adoc')))).toEqual(bytes)
  })
})
