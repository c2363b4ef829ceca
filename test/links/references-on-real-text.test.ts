// Issue 9's reference kinds through the command line: what a person sees in validate and hygiene.

import { describe, expect, it } from 'vitest'
import { makeCorpus, run, validateJson } from '../spec/corpus-kit.js'

const TODAY = '2026-05-10'
const HEADER = ['= A', ':intent: reference', ':source: me', '']

describe('validate and hygiene on references Asciidoctor reads differently from a path', () => {
  it('Antora resource ids: one xref-unverifiable info per note, never xref-unresolved nor dead-link', async () => {
    const dir = makeCorpus({
      'reference/a.adoc': [
        ...HEADER,
        'See xref:module:page.adoc[Page] and xref:2.0@comp:mod:page.adoc#x[V].', // 5
        '',
        'include::partial$snippet.adoc[]', // 7
        '',
        'image::example$diagram.png[D]', // 9
        '',
        'link:view-source:https://example.org/[source] and link:irc:chat[chat].',
        '',
      ].join('\n'),
    })
    const { findings } = await validateJson(dir, TODAY)
    expect(findings.filter(f => f.rule === 'xref-unresolved')).toEqual([])
    const unverifiable = findings.filter(f => f.rule === 'xref-unverifiable')
    expect(unverifiable.map(f => [f.file, f.line, f.severity, f['count']])).toEqual([
      ['reference/a.adoc', 5, 'info', 4],
    ])
    const hygiene = await run(dir, TODAY, 'hygiene', '--json')
    const swept = JSON.parse(hygiene.stdout) as { findings: { rule: string; target?: string }[] }
    expect(swept.findings.filter(f => f.rule === 'dead-link')).toEqual([])
  })

  it('<<other.adoc,Other>> is an unresolved id with a hint, where xref:other.adoc[] resolves', async () => {
    const dir = makeCorpus({
      'reference/other.adoc': [...HEADER, 'Text.'].join('\n'),
      'reference/a.adoc': [...HEADER, 'See <<other.adoc,Other>>.', 'See xref:other.adoc[Other].'].join('\n'),
    })
    const { findings } = await validateJson(dir, TODAY)
    const unresolved = findings.filter(f => f.rule === 'xref-unresolved')
    expect(unresolved.map(f => [f.file, f.line, f.target, f.missing])).toEqual([
      ['reference/a.adoc', 5, 'other.adoc', 'anchor'],
    ])
    expect(unresolved[0]?.message).toContain('xref:other.adoc[]')
  })

  it('a body attribute in an include target, and a // line in a table, give no false dead link', async () => {
    const dir = makeCorpus({
      'reference/sub/x.adoc': [...HEADER, 'Included.'].join('\n'),
      'reference/a.adoc': [
        ...HEADER,
        ':d: sub',
        '',
        'include::{d}/x.adoc[]',
        '',
        '|===',
        '| a | xref:sub/x.adoc[X]',
        '// | b | xref:gone.adoc[Gone]',
        '|===',
      ].join('\n'),
    })
    const { findings } = await validateJson(dir, TODAY)
    expect(findings.filter(f => f.rule === 'xref-unresolved')).toEqual([])
    const hygiene = await run(dir, TODAY, 'hygiene', '--json')
    const swept = JSON.parse(hygiene.stdout) as { findings: { rule: string }[] }
    expect(swept.findings.filter(f => f.rule === 'dead-link')).toEqual([])
  })
})
