import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { readNoteTexts } from '../../src/app/note-texts.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { hygiene, hygieneWithExternal } from '../../src/core/hygiene/index.js'

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'hygiene', 'dead-links')

async function sweep() {
  const vault = nodeVault(FIXTURE)
  const corpus = await loadCorpus(vault)
  return hygieneWithExternal({
    notes: corpus.notes,
    files: corpus.files,
    texts: await readNoteTexts(
      vault,
      corpus.notes.map(note => note.path),
    ),
    config: corpus.config,
    today: '2026-11-30',
  })
}

describe('dead links', () => {
  it('reports every reference whose file or anchor is missing, and nothing else', async () => {
    const { findings } = await sweep()
    const dead = findings
      .filter(f => f.rule === 'dead-link')
      .map(({ file, line, target, missing, severity }) => ({ file, line, target, missing, severity }))
    expect(dead).toEqual([
      { file: 'reference/http.adoc', line: 12, target: 'caching#stale', missing: 'anchor', severity: 'error' },
      { file: 'reference/http.adoc', line: 13, target: 'missing.adoc#x', missing: 'file', severity: 'error' },
      { file: 'reference/http.adoc', line: 14, target: 'nowhere', missing: 'anchor', severity: 'error' },
      { file: 'reference/http.adoc', line: 15, target: '../../outside.adoc', missing: 'file', severity: 'error' },
      { file: 'reference/http.adoc', line: 19, target: 'absent.png', missing: 'file', severity: 'error' },
      { file: 'reference/http.adoc', line: 21, target: 'snippets/missing.adoc', missing: 'file', severity: 'error' },
      { file: 'reference/http.adoc', line: 23, target: 'files/none.pdf', missing: 'file', severity: 'error' },
    ])
  })

  it('names the missing place in the message', async () => {
    const { findings } = await sweep()
    const messages = findings.filter(f => f.rule === 'dead-link').map(f => f.message)
    expect(messages[0]).toContain('"stale"')
    expect(messages[0]).toContain('reference/caching.adoc')
    expect(messages[1]).toContain('reference/missing.adoc does not exist')
    expect(messages[3]).toContain('never read')
  })

  it('leaves external URLs to the online check and never reports them offline', async () => {
    const { findings, external } = await sweep()
    expect(external).toEqual([
      { file: 'reference/http.adoc', line: 24, target: 'https://example.com/', url: 'https://example.com/' },
    ])
    expect(findings.some(f => String(f.target).startsWith('https:'))).toBe(false)
  })

  it('does not check the README or ADRs as sources', async () => {
    const vault = nodeVault(FIXTURE)
    const corpus = await loadCorpus(vault)
    const findings = hygiene({
      notes: corpus.notes,
      files: corpus.files,
      texts: await readNoteTexts(
        vault,
        corpus.notes.map(note => note.path),
      ),
      config: corpus.config,
      today: '2026-11-30',
    })
    expect(findings.filter(f => f.file === 'README.adoc')).toEqual([])
  })

  it('takes a link to a folder of the corpus for a place that exists; an image must still be a file', async () => {
    // `link:examples/[]` was "reference/examples does not exist" beside the folder itself.
    const a =
      '= A\n:intent: reference\n:source: x\n\nlink:examples/[], link:./examples[] and link:examples/deep/[].\n\nimage:examples/[]\n\nlink:nothing/[]\n'
    const files = ['reference/a.adoc', 'reference/examples/deep/run.sh']
    const notes = [scanNote('reference/a.adoc', a)]
    const findings = hygiene({
      notes,
      files,
      texts: new Map([['reference/a.adoc', a]]),
      config: DEFAULT_CONFIG,
      today: '2026-11-30',
    })
    expect(
      findings.filter(f => f.rule === 'dead-link').map(({ line, target, missing }) => ({ line, target, missing })),
    ).toEqual([
      { line: 7, target: 'examples/', missing: 'file' },
      { line: 9, target: 'nothing/', missing: 'file' },
    ])
  })

  it('says that a target holds an attribute the note does not define, as a warning, not that a made-up path does not exist', () => {
    const a = [
      '= A',
      ':intent: reference',
      ':source: x',
      ':guides: guides',
      '',
      'See link:{doc-javadoc-url}org/hibernate/NaturalId.html[NaturalId] and xref:{guides}/gone.adoc[].',
      '',
      'include::{snippets}/run.adoc[]',
      '',
    ].join('\n')
    const findings = hygiene({
      notes: [scanNote('reference/intro/a.adoc', a)],
      files: ['reference/intro/a.adoc'],
      texts: new Map([['reference/intro/a.adoc', a]]),
      config: DEFAULT_CONFIG,
      today: '2026-11-30',
    })
    expect(
      findings
        .filter(f => f.rule === 'dead-link')
        .map(({ line, severity, message, attribute }) => ({ line, severity, message, attribute })),
    ).toEqual([
      {
        line: 6,
        severity: 'warning',
        message:
          'link {doc-javadoc-url}org/hibernate/NaturalId.html: the target holds {doc-javadoc-url}, an attribute this note does not define, so the link cannot be checked (as the note stands it leads nowhere)',
        attribute: 'doc-javadoc-url',
      },
      // An attribute the note defines is substituted: that target is simply missing.
      {
        line: 6,
        severity: 'error',
        message: 'xref guides/gone.adoc: reference/intro/guides/gone.adoc does not exist',
        attribute: undefined,
      },
      {
        line: 8,
        severity: 'warning',
        message:
          'include {snippets}/run.adoc: the target holds {snippets}, an attribute this note does not define, so the link cannot be checked (as the note stands it leads nowhere)',
        attribute: 'snippets',
      },
    ])
  })
})

describe('include directives, read as the preprocessor reads them', () => {
  const NOTE = [
    '= Samples',
    ':intent: reference',
    ':source: x',
    '',
    '[source,java]',
    '----',
    'include::A.java[]',
    '----',
    '',
    '....',
    'include::Missing.txt[lines=1..4]',
    '....',
    '',
    '++++',
    'include::missing.html[]',
    '++++',
    '',
    '////',
    'include::in-a-comment.adoc[]',
    '////',
    '',
    '// include::commented.adoc[]',
    '',
    'include::gone-optional.adoc[opts=optional]',
    '',
    'include::gone-too.adoc[leveloffset=+1,options="x, optional"]',
    '',
    'include::gone-percent.adoc[%optional]',
    '',
  ].join('\n')
  const model = scanNote('reference/samples.adoc', NOTE)

  it('finds them inside listing, literal and passthrough blocks, never inside comments', () => {
    expect(model.references.map(r => [r.line, r.target, r.optional === true])).toEqual([
      [7, 'A.java', false],
      [11, 'Missing.txt', false],
      [15, 'missing.html', false],
      [24, 'gone-optional.adoc', true],
      [26, 'gone-too.adoc', true],
      // `%optional` is no option of an include: Asciidoctor.js 4.1 reports that file missing.
      [28, 'gone-percent.adoc', false],
    ])
  })

  it('reports a missing file, but not where the include is optional (Asciidoctor drops it)', () => {
    const findings = hygiene({
      notes: [model],
      files: ['reference/samples.adoc', 'reference/A.java'],
      texts: new Map([['reference/samples.adoc', NOTE]]),
      config: DEFAULT_CONFIG,
      today: '2026-11-30',
    })
    expect(findings.filter(f => f.rule === 'dead-link').map(f => [f.line, f.target])).toEqual([
      [11, 'Missing.txt'],
      [15, 'missing.html'],
      [28, 'gone-percent.adoc'],
    ])
  })
})
