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
})
