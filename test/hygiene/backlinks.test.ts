import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { runBacklinks } from '../../src/app/find-backlinks.js'

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'hygiene', 'backlinks')

describe('backlinks', () => {
  it('finds every reference to the note and every whole-word mention of its file name, and nothing else', async () => {
    const result = await runBacklinks(nodeVault(FIXTURE), 'reference/http.adoc')
    expect(result).toEqual({
      ok: true,
      references: [
        { file: 'README.adoc', line: 3, text: 'Start with xref:reference/http.adoc[HTTP].' },
        { file: 'internalise/net/proto.adoc', line: 4, text: 'The verbs: xref:../../reference/http.adoc#verbs[].' },
        { file: 'internalise/net/proto.adoc', line: 6, text: 'A plain link:../../reference/http.adoc[link].' },
        { file: 'reference/client.adoc', line: 5, text: 'See xref:http.adoc[HTTP] first.' },
        { file: 'reference/client.adoc', line: 6, text: 'The verbs are in xref:http.adoc#verbs[its verbs section].' },
        { file: 'reference/client.adoc', line: 7, text: 'Mentioned in passing: see http.adoc for details.' },
        { file: 'reference/client.adoc', line: 9, text: 'Caching lives in <<http#_caching,the caching section>>.' },
        { file: 'track/reading.adoc', line: 5, text: '* read http.adoc again' },
      ],
    })
  })

  it('for an anchor, lists only the references that resolve to it, the note’s own included', async () => {
    const result = await runBacklinks(nodeVault(FIXTURE), 'reference/http.adoc#verbs')
    expect(result).toEqual({
      ok: true,
      references: [
        { file: 'internalise/net/proto.adoc', line: 4, text: 'The verbs: xref:../../reference/http.adoc#verbs[].' },
        { file: 'reference/client.adoc', line: 6, text: 'The verbs are in xref:http.adoc#verbs[its verbs section].' },
        { file: 'reference/http.adoc', line: 8, text: 'GET and HEAD are safe; see <<verbs>> again.' },
      ],
    })
  })

  it('gives one entry per line even when a line refers twice', async () => {
    const vault = memoryVault({
      'reference/a.adoc': '= A\n:intent: reference\n:source: x\n',
      'reference/b.adoc': '= B\n:intent: reference\n:source: x\n\nxref:a.adoc[] and <<a#,again>>, see a.adoc.\n',
    })
    expect(await runBacklinks(vault, 'reference/a.adoc')).toEqual({
      ok: true,
      references: [{ file: 'reference/b.adoc', line: 5, text: 'xref:a.adoc[] and <<a#,again>>, see a.adoc.' }],
    })
  })

  it('leaves out the page `hygiene --out` wrote: its findings quote the note, they do not refer to it', async () => {
    // Seen on a real corpus: after `hygiene --out hygiene.adoc`, every finding of a note (a dead
    // link in it, its missing :updated:) came back as a "backlink" of that note.
    const page =
      '// Written by notekeeper hygiene --out; replaced on every run.\n= Hygiene sweep\n\n== stale (info, 1)\n\n* *reference/a.adoc:1*: no :updated: date\n'
    const vault = memoryVault({
      'hygiene.adoc': page,
      'README.adoc': '= Read me\n\nStart with reference/a.adoc.\n',
      'reference/a.adoc': '= A\n:intent: reference\n:source: x\n',
    })
    expect(await runBacklinks(vault, 'reference/a.adoc')).toEqual({
      ok: true,
      references: [{ file: 'README.adoc', line: 3, text: 'Start with reference/a.adoc.' }],
    })
  })

  it('refuses a note or an anchor that does not exist', async () => {
    expect(await runBacklinks(nodeVault(FIXTURE), 'reference/none.adoc')).toMatchObject({ ok: false })
    expect(await runBacklinks(nodeVault(FIXTURE), 'reference/http.adoc#none')).toMatchObject({ ok: false })
  })
})
