import { describe, expect, it } from 'vitest'
import { makeCorpus, readState, run, validateJson, type Files } from './corpus-kit.js'

// SPEC 1: "AsciiDoc is read as Asciidoctor reads it". Constructs an Asciidoctor user writes
// without thinking, each of which changes what is an item or a header attribute.

async function declared(files: Files): Promise<string[]> {
  const dir = makeCorpus(files)
  const result = await run(dir, '2026-05-01', 'replay')
  expect(result.code, result.stderr).toBe(0)
  return Object.keys(readState(dir))
}

const HEAD = '= Note\n:intent: internalise\n\n'
const errorsOf = async (text: string) => (await validateJson(makeCorpus({ 'internalise/x.adoc': text }), '2026-05-01')).findings.filter((f) => f.severity === 'error')

describe('the header as Asciidoctor defines it', () => {
  it('attributes at the top of a document without a title are header attributes', async () => {
    expect(await errorsOf(':intent: internalise\n\nBody.\n')).toEqual([])
  })

  it('author and revision lines under the title keep the attributes below them in the header', async () => {
    expect(await errorsOf('= T\nJane Doe <jane@example.com>\nv1.0, 2026-01-01\n:intent: internalise\n\nBody.\n')).toEqual([])
  })
})

describe('what is a [qanda] entry', () => {
  it('a nested list (:::) inside an entry belongs to its response, not to the [qanda] list', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}[qanda]\n[[a]]Q?:: A\n[[b]]Sub term::: nested\n[[c]]Q3?:: C\n` })).toEqual(['d#a', 'd#c'])
  })

  it('the ;; delimiter makes entries too', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}[qanda]\n[[a]]Q?;; A\n` })).toEqual(['d#a'])
  })

  it('[[id,reftext]] gives the id', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}[qanda]\n[[tu-vous,Tu or vous]]Q?:: A\n` })).toEqual(['d#tu-vous'])
  })

  it('fenced code, [listing] and [literal] paragraphs hide entries; example and open blocks do not', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}\`\`\`\n[qanda]\n[[fenced]]Q?:: A\n\`\`\`\n\n[listing]\n[[l1]]Q?:: A\n\n[literal]\n[[l2]]Q?:: A\n\n====\n[qanda]\n[[ex]]Q?:: A\n====\n\n--\n[qanda]\n[[open]]Q?:: A\n--\n` })).toEqual(['d#ex', 'd#open'])
  })

  it('a block closes only on a delimiter of its own length', async () => {
    expect(await declared({ 'internalise/d.adoc': `${HEAD}------\n[qanda]\n[[x1]]Q?:: A\n----\n[[x2]]Q?:: A\n------\n\n//////\n[qanda]\n[[x3]]Q?:: A\n//////\n\n[qanda]\n[[v]]V?:: v\n` })).toEqual(['d#v'])
  })
})

describe('Track sections', () => {
  it('Markdown-style ## titles are level-1 sections, hence statuses', async () => {
    const dir = makeCorpus({ 'track/t.adoc': '= T\n:intent: track\n\n## Now\n* a\n\n## Next\n* b\n' })
    const result = await run(dir, null, 'triage', '--json')
    const view = JSON.parse(result.stdout) as { notes: { statuses: { status: string }[] }[] }
    expect(view.notes[0]!.statuses.map((s) => s.status)).toEqual(['Now', 'Next'])
  })
})
