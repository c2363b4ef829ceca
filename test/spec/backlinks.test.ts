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

  it('counts a mention only where its path leads to the note, and a bare name only where it is unambiguous', async () => {
    // As in real documentation repositories: an index.adoc in every module.
    const dir = makeCorpus({
      'reference/docs/pages/index.adoc': '= Docs\n:intent: reference\n:source: me\n',
      'reference/stem/pages/index.adoc': '= Stem\n:intent: reference\n:source: me\n',
      'reference/docs/nav.adoc': [
        '= Nav',
        ':intent: reference',
        ':source: me',
        '', // 1-4
        '* xref:stem:index.adoc[] is an Antora id of another module', // 5
        '* xref:pages/index.adoc[] is a reference, resolved as one', // 6
        '* <<pages/index.adoc#,the same>>', // 7
        '* https://example.com/index.adoc is an address', // 8
        '* logging/index.adoc leads nowhere here', // 9
        '* see pages/index.adoc, the end of its path', // 10
        '* and index.adoc alone could be either', // 11
      ].join('\n'),
      'reference/stem/nav.adoc': "= N\n:intent: reference\n:source: me\n\nxref:index.adoc[] is its own folder's.\n",
      'reference/docs/pages/other.adoc': '= O\n:intent: reference\n:source: me\n\nSee index.adoc beside it.\n',
    })
    const result = await run(dir, null, 'backlinks', 'reference/docs/pages/index.adoc', '--json')
    expect(result.code, result.stderr).toBe(0)
    expect(places((JSON.parse(result.stdout) as { references: Ref[] }).references)).toEqual([
      'reference/docs/nav.adoc:10',
      'reference/docs/nav.adoc:6',
      'reference/docs/nav.adoc:7',
      'reference/docs/pages/other.adoc:5',
    ])
  })

  it('lists a reference whose anchor the note lacks, saying so, and quotes a long line as findings do', async () => {
    const long = `${'word '.repeat(60)}xref:../reference/http.adoc#gone[] ${'more '.repeat(60)}`
    const dir = makeCorpus({
      'reference/http.adoc': '= H\n:intent: reference\n:source: me\n\n[[here]]\nText.\n',
      'track/t.adoc': `= T\n:intent: track\n\n${long}\n`,
    })
    const json = await run(dir, null, 'backlinks', 'reference/http.adoc', '--json')
    const refs = (JSON.parse(json.stdout) as { references: (Ref & { deadAnchor?: string })[] }).references
    expect(refs).toHaveLength(1)
    expect(refs[0]).toMatchObject({ file: 'track/t.adoc', line: 4, deadAnchor: 'gone' })
    expect(refs[0]?.text.length).toBeLessThanOrEqual(121)
    expect(refs[0]?.text.endsWith('…')).toBe(true)
    const text = await run(dir, null, 'backlinks', 'reference/http.adoc')
    expect(text.stdout).toContain('track/t.adoc:4: word word')
    expect(text.stdout).toContain('(its anchor #gone does not exist)')
    // An anchor's backlinks are the references that reach that anchor: none of them.
    const anchored = await run(dir, null, 'backlinks', 'reference/http.adoc#here', '--json')
    expect((JSON.parse(anchored.stdout) as { references: Ref[] }).references).toEqual([])
  })
})
