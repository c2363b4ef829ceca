import { describe, expect, it } from 'vitest'
import { type Files, makeCorpus, readState, run, validateJson } from './corpus-kit.js'

const xrefErrors = async (text: string) =>
  (await validateJson(makeCorpus({ 'reference/x.adoc': text }), '2026-05-01')).findings
    .filter(f => f.rule === 'xref-unresolved')
    .map(f => [f.line, f.target])
const REF_HEAD = '= X\n:intent: reference\n:source: me\n'

// SPEC 1: "AsciiDoc is read as Asciidoctor reads it". Constructs an Asciidoctor user writes
// without thinking, each of which changes what is an item or a header attribute.

async function declared(files: Files): Promise<string[]> {
  const dir = makeCorpus(files)
  const result = await run(dir, '2026-05-01', 'replay')
  expect(result.code, result.stderr).toBe(0)
  return Object.keys(readState(dir))
}

const HEAD = '= Note\n:intent: internalise\n\n'
const errorsOf = async (text: string) =>
  (await validateJson(makeCorpus({ 'internalise/x.adoc': text }), '2026-05-01')).findings.filter(
    f => f.severity === 'error',
  )

describe('the header as Asciidoctor defines it', () => {
  it('attributes at the top of a document without a title are header attributes', async () => {
    expect(await errorsOf(':intent: internalise\n\nBody.\n')).toEqual([])
  })

  it('a header attribute set twice takes its last value; one unset (:name!:) is missing', async () => {
    expect(await errorsOf('= X\n:intent: reference\n:intent: internalise\n')).toEqual([])
    expect((await errorsOf('= X\n:intent: internalise\n:intent!:\n')).map(f => f.rule)).toEqual(['intent-missing'])
  })

  it('author and revision lines under the title keep the attributes below them in the header', async () => {
    expect(
      await errorsOf('= T\nJane Doe <jane@example.com>\nv1.0, 2026-01-01\n:intent: internalise\n\nBody.\n'),
    ).toEqual([])
  })
})

describe('what is a [qanda] entry', () => {
  it('a nested list (:::) inside an entry belongs to its response, not to the [qanda] list', async () => {
    expect(
      await declared({ 'internalise/d.adoc': `${HEAD}[qanda]\n[[a]]Q?:: A\n[[b]]Sub term::: nested\n[[c]]Q3?:: C\n` }),
    ).toEqual(['d#a', 'd#c'])
  })

  it('the ;; delimiter makes entries too', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}[qanda]\n[[a]]Q?;; A\n` })).toEqual(['d#a'])
  })

  it('[[id,reftext]] gives the id', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}[qanda]\n[[tu-vous,Tu or vous]]Q?:: A\n` })).toEqual([
      'd#tu-vous',
    ])
  })

  it('fenced code, [listing] and [literal] paragraphs hide entries; example and open blocks do not', async () => {
    expect(
      await declared({
        'internalise/d.adoc': `${HEAD}\`\`\`\n[qanda]\n[[fenced]]Q?:: A\n\`\`\`\n\n[listing]\n[[l1]]Q?:: A\n\n[literal]\n[[l2]]Q?:: A\n\n====\n[qanda]\n[[ex]]Q?:: A\n====\n\n--\n[qanda]\n[[open]]Q?:: A\n--\n`,
      }),
    ).toEqual(['d#ex', 'd#open'])
  })

  it('a [qanda] list in an AsciiDoc table cell (a|) declares items', async () => {
    expect(
      await declared({
        'internalise/d.adoc': `${HEAD}|===\na|\n[qanda]\n[[t]]T?:: t\n|===\n\n|===\n|[[plain]]Not an AsciiDoc cell:: no\n|===\n`,
      }),
    ).toEqual(['d#t'])
  })

  it('a block closes only on a delimiter of its own length', async () => {
    expect(
      await declared({
        'internalise/d.adoc': `${HEAD}------\n[qanda]\n[[x1]]Q?:: A\n----\n[[x2]]Q?:: A\n------\n\n//////\n[qanda]\n[[x3]]Q?:: A\n//////\n\n[qanda]\n[[v]]V?:: v\n`,
      }),
    ).toEqual(['d#v'])
  })
})

describe('Track sections', () => {
  it('Markdown-style ## titles are level-1 sections, hence statuses', async () => {
    const dir = makeCorpus({ 'track/t.adoc': '= T\n:intent: track\n\n## Now\n* a\n\n## Next\n* b\n' })
    const result = await run(dir, null, 'triage', '--json')
    const view = JSON.parse(result.stdout) as { notes: { statuses: { status: string }[] }[] }
    expect(view.notes[0]!.statuses.map(s => s.status)).toEqual(['Now', 'Next'])
  })
})

describe('line ends and byte-order marks in notes', () => {
  it('a CRLF note has the same items, attributes and line numbers', async () => {
    const dir = makeCorpus({
      'internalise/d.adoc': '= Note\r\n:intent: internalise\r\n\r\n[qanda]\r\n[[a]]Q?:: A\r\nNo id?:: B\r\n',
    })
    const { findings } = await validateJson(dir, '2026-05-01')
    expect(findings.filter(f => f.severity === 'error').map(f => [f.rule, f.line])).toEqual([['item-missing-id', 6]])
    expect(Object.keys(readState(dir))).toEqual(['d#a'])
  })

  it('a note starting with a byte-order mark keeps its title and header', async () => {
    const dir = makeCorpus({ 'internalise/d.adoc': '\uFEFF= Note\n:intent: internalise\n\n[qanda]\n[[a]]Q?:: A\n' })
    const { findings } = await validateJson(dir, '2026-05-01')
    expect(findings.filter(f => f.severity === 'error')).toEqual([])
    expect(Object.keys(readState(dir))).toEqual(['d#a'])
  })
})

describe('ids an xref can reach (as Asciidoctor 4.1 assigns them)', () => {
  it('an explicit section id replaces the auto-generated one; the title still resolves', async () => {
    expect(await xrefErrors(`${REF_HEAD}\n<<custom>> <<Title>>\n\n<<_title>>\n\n[#custom]\n== Title\n`)).toEqual([
      [7, '_title'],
    ])
  })

  it(':idprefix: and :idseparator: shape the auto-generated ids', async () => {
    expect(
      await xrefErrors(
        `${REF_HEAD}:idprefix:\n:idseparator: -\n\n<<section-title>>\n\n<<_section_title>>\n\n== Section Title\n`,
      ),
    ).toEqual([[9, '_section_title']])
  })

  it('auto ids drop punctuation, keep letters with accents, and number duplicates', async () => {
    const text = `${REF_HEAD}\n<<_http2_you>> <<_intro>> <<_intro_2>> <<_ünïcode_stuff>> <<_c_templates>>\n\n<<_intro_3>>\n\n== HTTP/2 & You\n\n== Intro\n\n== Intro\n\n== Ünïcode Stuff\n\n== C++ <Templates>\n`
    expect(await xrefErrors(text)).toEqual([[7, '_intro_3']])
  })

  it('block anchors, [#id], anchor:id[] and inline [[id]] are all targets', async () => {
    expect(
      await xrefErrors(
        `${REF_HEAD}\n<<a1>> <<a2>> <<a3>> <<a4>>\n\n[[a1]]\nPara.\n\n[#a2]\nPara.\n\nText with anchor:a3[] inside and [[a4]] here.\n`,
      ),
    ).toEqual([])
  })
})
