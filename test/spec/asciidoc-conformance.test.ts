import { describe, expect, it } from 'vitest'
import { type Files, makeCorpus, readState, run, validateJson } from './corpus-kit.js'

// SPEC 1 says "AsciiDoc is read as Asciidoctor reads it". Each input below was once read
// differently by the scanner; the expected values are what Asciidoctor 4.1's own parse gives
// (test/fixtures/asciidoc/ holds the same cases, compared with Asciidoctor by the differential test).

async function declared(files: Files): Promise<string[]> {
  const dir = makeCorpus(files)
  const result = await run(dir, '2026-05-01', 'replay')
  expect(result.code, result.stderr).toBe(0)
  return Object.keys(readState(dir))
}

const HEAD = '= Note\n:intent: internalise\n\n'

describe('[qanda] lists Asciidoctor recognises and the scanner does not', () => {
  it('the style given as a named attribute: [style=qanda]', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}[style=qanda]\n[[a]]A?:: a\n` })).toEqual(['d#a'])
  })

  it('the style given quoted: ["qanda"]', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}["qanda"]\n[[a]]A?:: a\n` })).toEqual(['d#a'])
  })
})

describe('preprocessor conditionals', () => {
  it('a [qanda] list inside ifdef::unset-attribute[] ... endif::[] is not in the document', async () => {
    expect(
      await declared({
        'internalise/d.adoc': `${HEAD}ifdef::never[]\n[qanda]\n[[hidden]]H?:: h\nendif::[]\n\n[qanda]\n[[v]]V?:: v\n`,
      }),
    ).toEqual(['d#v'])
  })

  it('an anchor inside an excluded ifdef region is no xref target', async () => {
    const dir = makeCorpus({
      'reference/r.adoc':
        '= R\n:intent: reference\n:source: me\n\n<<gone>> <<kept>>\n\nifdef::never[]\n[[gone]]\nHidden.\nendif::[]\n\n[[kept]]\nKept.\n',
    })
    const { findings } = await validateJson(dir, '2026-05-01')
    expect(findings.filter(f => f.rule === 'xref-unresolved').map(f => [f.line, f.target, f.missing])).toEqual([
      [5, 'gone', 'anchor'],
    ])
  })
})

describe('header attribute values as Asciidoctor computes them', () => {
  const errors = async (text: string) =>
    (await validateJson(makeCorpus({ 'internalise/x.adoc': text }), '2026-05-01')).findings
      .filter(f => f.severity === 'error')
      .map(f => [f.rule, f['intent']])

  it('an attribute reference in the value is substituted: :intent: {base} with :base: internalise is internalise', async () => {
    expect(await errors('= T\n:base: internalise\n:intent: {base}\n')).toEqual([])
  })

  it('an attribute entry inside an excluded ifdef region does not count', async () => {
    expect(await errors('= T\n:intent: internalise\nifdef::never[]\n:intent: reference\nendif::[]\n')).toEqual([])
  })
})

describe('ids Asciidoctor registers and the scanner does not', () => {
  const unresolved = async (body: string) =>
    (
      await validateJson(
        makeCorpus({ 'reference/r.adoc': `= R\n:intent: reference\n:source: me\n\n${body}` }),
        '2026-05-01',
      )
    ).findings
      .filter(f => f.rule === 'xref-unresolved')
      .map(f => f.target)

  it('a bibliography anchor [[[id]]] is an xref target', async () => {
    expect(
      await unresolved(
        'See <<fowler>>.\n\n[bibliography]\n== References\n\n* [[[fowler]]] Martin Fowler, Refactoring.\n',
      ),
    ).toEqual([])
  })

  it('an entity in a section title is dropped from the auto id: "A &amp; B" gives _a_b', async () => {
    expect(await unresolved('<<_a_b>>\n\n== A &amp; B\n')).toEqual([])
  })
})
