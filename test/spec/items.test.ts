import { describe, expect, it } from 'vitest'
import { type Files, makeCorpus, readState, run, STATE, validateJson } from './corpus-kit.js'

// SPEC 1, 1.1, 1.2: which files are notes, which entries are items, what their ids are, and
// which attributes count as header attributes. The declared items are read back from state.json.

async function declared(files: Files): Promise<string[]> {
  const dir = makeCorpus(files)
  const result = await run(dir, '2026-05-01', 'replay')
  expect(result.code, result.stderr).toBe(0)
  return Object.keys(readState(dir))
}

const HEAD = '= Note\n:intent: internalise\n\n'

describe('item ids (SPEC 1.2)', () => {
  it('are the path under internalise/ without .adoc, then #, then the anchor, at any depth', async () => {
    expect(
      await declared({
        'internalise/english.adoc': `${HEAD}[qanda]\n[[need-action]]Passive need?:: -ing form.\n`,
        'internalise/lang/french.adoc': `${HEAD}[qanda]\n[[tu-vous]]Tu or vous?:: Vous.\n`,
        'internalise/a/b/c.adoc': `${HEAD}[qanda]\n[[deep]]Deep?:: Yes.\n`,
      }),
    ).toEqual(['a/b/c#deep', 'english#need-action', 'lang/french#tu-vous'])
  })

  it('come only from [qanda] lists, and only from notes under internalise/', async () => {
    expect(
      await declared({
        'internalise/mixed.adoc': `${HEAD}[[plain]]A plain list term:: no item.\n\n[horizontal]\n[[horiz]]Horizontal:: no item.\n\n[qanda]\n[[real]]A real item?:: yes.\n`,
        'reference/ref.adoc':
          '= Ref\n:intent: reference\n:source: a book\n\n[qanda]\n[[ref-item]]Not practice?:: no.\n',
        'track/list.adoc': '= List\n:intent: track\n\n[qanda]\n[[track-item]]Not practice?:: no.\n',
        'README.adoc': '= Readme\n\n[qanda]\n[[readme-item]]Not a note?:: no.\n',
        'internalise/.drafts/draft.adoc': `${HEAD}[qanda]\n[[draft]]Hidden folder?:: no.\n`,
        'internalise/.hidden.adoc': `${HEAD}[qanda]\n[[hidden]]Hidden file?:: no.\n`,
        'internalise/notes.txt': `${HEAD}[qanda]\n[[txt]]Not adoc?:: no.\n`,
      }),
    ).toEqual(['mixed#real'])
  })

  it('a [qanda] list goes on across blank lines while entries follow, and ends at a paragraph', async () => {
    expect(
      await declared({
        'internalise/deck.adoc': `${HEAD}[qanda]\n[[one]]First?:: A.\n\n[[two]]Second?::\nB.\n\n\n[[three]]Third?:: C.\n\nA paragraph ends the list.\n\n[[four]]After the paragraph?:: not in the [qanda] list.\n`,
      }),
    ).toEqual(['deck#one', 'deck#three', 'deck#two'])
  })

  it('entries in listing, literal, passthrough and comment blocks, or in line comments, are not items', async () => {
    const hidden = (id: string) => `[qanda]\n[[${id}]]Hidden?:: no.`
    expect(
      await declared({
        'internalise/deck.adoc': [
          HEAD,
          `----\n${hidden('listing')}\n----\n\n`,
          `[source,asciidoc]\n----\n${hidden('source')}\n----\n\n`,
          `....\n${hidden('literal')}\n....\n\n`,
          `++++\n${hidden('pass')}\n++++\n\n`,
          `////\n${hidden('comment')}\n////\n\n`,
          `// [qanda]\n// [[line-comment]]Hidden?:: no.\n\n`,
          `[qanda]\n[[visible]]Visible?:: yes.\n`,
        ].join(''),
      }),
    ).toEqual(['deck#visible'])
  })

  it('prompt and response are AsciiDoc source, the response with its attached blocks', async () => {
    const dir = makeCorpus({
      'internalise/english.adoc': `${HEAD}[qanda]\n[[need-action]]What form follows _need_ when the action is passive?:: The -ing form: "the car needs washing".\n[[few-little]]_Few_ or _little_ with uncountable nouns?:: _Little_.\n+\nAttached blocks (list continuation) belong to the response.\n`,
      [STATE]: JSON.stringify({
        'english#few-little': { level: 1, next_due: '2026-04-01', reps: 0 },
        'english#need-action': { level: 1, next_due: '2026-04-02', reps: 0 },
      }),
    })
    const result = await run(dir, '2026-05-01', 'due', '--json')
    const { due } = JSON.parse(result.stdout) as { due: { id: string; prompt: string; response: string }[] }
    expect(due.map(d => d.id)).toEqual(['english#few-little', 'english#need-action'])
    expect(due[0]!.prompt).toBe('_Few_ or _little_ with uncountable nouns?')
    expect(due[0]!.response).toContain('_Little_.')
    expect(due[0]!.response).toContain('Attached blocks (list continuation) belong to the response.')
    expect(due[1]!.prompt).toBe('What form follows _need_ when the action is passive?')
    expect(due[1]!.response).toBe('The -ing form: "the car needs washing".')
  })

  it("a [qanda] entry whose term does not begin with [[id]] is item-missing-id on the term's line", async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': `${HEAD}[qanda]\n[[ok]]Fine?:: yes.\nNo anchor?:: error.\nAnchor [[late]] too late?:: error.\n`,
    })
    const { code, findings } = await validateJson(dir, '2026-05-01')
    expect(code).toBe(1)
    expect(findings.filter(f => f.rule === 'item-missing-id').map(f => [f.file, f.line, f.severity])).toEqual([
      ['internalise/deck.adoc', 6, 'error'],
      ['internalise/deck.adoc', 7, 'error'],
    ])
  })
})

describe('header attributes (SPEC 1.1)', () => {
  it('count only in the header: an :intent: after the first blank line does not', async () => {
    const dir = makeCorpus({
      'internalise/late.adoc': '= Late intent\n\n:intent: internalise\n\nBody.\n',
      'internalise/ok.adoc': '= In the header\n// a comment line stays in the header\n:intent: internalise\n\nBody.\n',
      'reference/late-source.adoc': '= Late source\n:intent: reference\n\n:source: https://example.com\n',
      'internalise/body-date.adoc': '= Body date\n:intent: internalise\n\n:updated: not-a-date\n',
    })
    const { findings } = await validateJson(dir, '2026-05-01')
    const errors = findings.filter(f => f.severity === 'error').map(f => [f.rule, f.file])
    expect(errors).toEqual([
      ['intent-missing', 'internalise/late.adoc'],
      ['source-missing', 'reference/late-source.adoc'],
    ])
  })

  it(':intent: matches its folder case-insensitively', async () => {
    const dir = makeCorpus({
      'internalise/a.adoc': '= A\n:intent: Internalise\n',
      'reference/b.adoc': '= B\n:intent: REFERENCE\n:source: me\n',
      'track/c.adoc': '= C\n:intent: tRaCk\n',
      // Not notes: no :intent: needed.
      'README.adoc': '= Readme\n\nThe method.\n',
      'docs/adr/0001-use-asciidoc.adoc': '= 1. Use AsciiDoc\n\nAccepted.\n',
    })
    const { code, findings } = await validateJson(dir, '2026-05-01')
    expect(findings.filter(f => f.severity === 'error')).toEqual([])
    expect(code).toBe(0)
  })
})
