import { describe, expect, it } from 'vitest'
import { changedPaths, makeCorpus, run, snapshot } from './corpus-kit.js'

// SPEC 2.1 and 3 `backlinks`: references resolved as Asciidoctor resolves them, plus whole-word
// mentions of the file name; one entry per line; never stored.

const files = {
  'reference/http.adoc': [
    '= HTTP',
    ':intent: reference',
    ':source: RFC 9110',
    '', // 1-4
    '[[status-codes]]', // 5
    'Status codes: see <<status-codes>>.', // 6: its own references
    'Caching: <<_caching>> or, by title, <<Caching>>.', // 7
    '',
    '== Caching',
    '',
    'Caches.',
    '', // 8-12
  ].join('\n'),
  'internalise/web.adoc': [
    '= Web',
    ':intent: internalise',
    '', // 1-3
    'xref:../reference/http.adoc[HTTP] is the note.', // 4
    '<<../reference/http.adoc#status-codes,codes>> and xref:../reference/http#status-codes[again] on one line.', // 5
    'See http.adoc for more.', // 6: a mention
    'myhttp.adoc and http.adocs are not mentions.', // 7
    '',
    '----',
    'xref:../reference/http.adoc[] in a listing is not a reference.',
    '----',
    '', // 8-12
    '// xref:../reference/http.adoc[] in a comment is not one either.', // 13
  ].join('\n'),
  'track/t.adoc': '= T\n:intent: track\n\n== Now\n* read xref:../reference/http#_caching[caching]\n',
  'reference/other.adoc': '= Other\n:intent: reference\n:source: me\n\nxref:https.adoc[] is another note.\n',
}

interface Ref {
  file: string
  line: number
  text: string
}

async function backlinks(target: string): Promise<Ref[]> {
  const dir = makeCorpus(files)
  const before = snapshot(dir)
  const result = await run(dir, null, 'backlinks', target, '--json')
  expect(result.code, result.stderr).toBe(0)
  expect(changedPaths(before, snapshot(dir))).toEqual([])
  const parsed = JSON.parse(result.stdout) as { references: Ref[] }
  expect(Object.keys(parsed)).toEqual(['references'])
  return parsed.references
}

const places = (refs: Ref[]) => refs.map(r => `${r.file}:${r.line}`).sort()

describe('notekeeper backlinks', () => {
  // "the note's own included" is said of note#anchor only: the whole note's backlinks leave out
  // its lines pointing at its own anchors (the reading src/core/backlinks.ts documents).
  it("of a note: other notes' resolved references to it or any of its anchors, and whole-word mentions, one entry per line", async () => {
    const refs = await backlinks('reference/http.adoc')
    expect(places(refs)).toEqual([
      'internalise/web.adoc:4',
      'internalise/web.adoc:5',
      'internalise/web.adoc:6',
      'track/t.adoc:5',
    ])
    for (const r of refs) expect(Object.keys(r).sort()).toEqual(['file', 'line', 'text'])
    expect(refs.find(r => r.file === 'internalise/web.adoc' && r.line === 6)!.text).toContain('http.adoc')
  })

  it("of note#anchor: only the references that resolve to that anchor, the note's own included", async () => {
    expect(places(await backlinks('reference/http.adoc#status-codes'))).toEqual([
      'internalise/web.adoc:5',
      'reference/http.adoc:6',
    ])
  })

  it('of a section: its auto-generated id, and a reference by its title, resolve to it', async () => {
    expect(places(await backlinks('reference/http.adoc#_caching'))).toEqual(['reference/http.adoc:7', 'track/t.adoc:5'])
  })

  it('of a note nothing refers to: an empty list', async () => {
    expect(await backlinks('track/t.adoc')).toEqual([])
  })

  it('counts a mention of the file name as a whole word wherever punctuation bounds it', async () => {
    const dir = makeCorpus({
      'reference/http.adoc': '= H\n:intent: reference\n:source: me\n',
      'track/t.adoc': '= T\n:intent: track\n\nSee http.adoc.\n(http.adoc)\nreference/http.adoc\n',
    })
    const result = await run(dir, null, 'backlinks', 'reference/http.adoc', '--json')
    expect((JSON.parse(result.stdout) as { references: Ref[] }).references.map(r => r.line)).toEqual([4, 5, 6])
  })
})
