import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lineClassAt, lineKindAt } from '../../src/core/asciidoc/line-classes.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { classifyLines } from '../../src/core/asciidoc/verbatim.js'
import { splitLines } from '../../src/core/asciidoc/walk.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { hygiene } from '../../src/core/hygiene/index.js'

// The note model carries what each line is, from the one scan (one byte per line), and the
// hygiene sweep reads prose from it rather than walking every block of every note again.

const kinds = (path: string, text: string): string[] =>
  splitLines(text).map((_, index) => lineKindAt(scanNote(path, text).lineClasses, index))

describe('line classes carried by the note model', () => {
  it('gives one byte per line: header, prose, verbatim, comment, markup and blank lines', () => {
    const text = [
      '= Title',
      ':intent: reference',
      '',
      'Some prose.',
      '// a comment',
      '[source,js]',
      '----',
      'const x = 1',
      '----',
      '',
      '* an item',
    ].join('\n')
    const model = scanNote('reference/a.adoc', `${text}\n`)
    expect(model.lineClasses).toBeInstanceOf(Uint8Array)
    expect(model.lineClasses.length).toBe(11)
    expect(kinds('reference/a.adoc', text)).toEqual([
      'header',
      'header',
      'blank',
      'prose',
      'comment',
      'markup',
      'verbatim',
      'verbatim',
      'verbatim',
      'blank',
      'prose',
    ])
  })

  it('an include directive is markup wherever prose could stand; escaped or in a comment it is not one', () => {
    const text = [
      '= Title',
      ':intent: reference',
      '',
      'Some prose.',
      'include::part.adoc[]',
      '',
      '====',
      'include::example$list.adoc[tag=3-mix]',
      '====',
      '',
      '* an item',
      'include::more.adoc[]',
      '',
      '\\include::shown.adoc[]',
      '// include::commented.adoc[]',
    ].join('\n')
    expect(kinds('reference/a.adoc', text).slice(3)).toEqual([
      'prose',
      'markup',
      'blank',
      'markup',
      'markup',
      'markup',
      'blank',
      'prose',
      'markup',
      'blank',
      'prose',
      'comment',
    ])
    // Its reference is found all the same.
    const includes = scanNote('reference/a.adoc', text).references.filter(r => r.kind === 'include')
    expect(includes.map(r => r.line)).toEqual([5, 8, 12])
    // Two notes that include different tags of one example are no contradiction of the sweep.
    const texts = new Map([
      ['reference/a.adoc', '= A\n:intent: reference\n:source: x\n\n====\ninclude::example$d.adoc[tag=3-mix]\n====\n'],
      ['reference/b.adoc', '= B\n:intent: reference\n:source: x\n\n====\ninclude::example$d.adoc[tag=4-mix]\n====\n'],
    ])
    const findings = hygiene({
      notes: [...texts].map(([path, note]) => scanNote(path, note)),
      files: [...texts.keys()],
      texts,
      config: DEFAULT_CONFIG,
      today: '2026-11-30',
    })
    expect(findings.filter(finding => finding.rule === 'contradiction')).toEqual([])
  })

  it('keeps the classes of the block walker, line for line, on every note of examples/corpus', () => {
    const root = join(import.meta.dirname, '../../examples/corpus')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(file => file.endsWith('.adoc'))
    expect(files.length).toBeGreaterThan(10)
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8')
      const lines = splitLines(text)
      const model = scanNote(relative(root, join(root, file)), text)
      const walked = classifyLines(lines)
      expect(
        lines.map((_, index) => lineClassAt(model.lineClasses, index)),
        file,
      ).toEqual(walked)
    }
  })

  it('is what the hygiene sweep reads prose from: no second walk of the blocks', () => {
    const body = Array.from(
      { length: 30 },
      (_, i) => `Sentence ${i} about the cache layer and its eviction policy number ${i}.`,
    ).join('\n')
    const texts = new Map([
      ['reference/a.adoc', `= A\n:intent: reference\n:source: x\n\n${body}\n`],
      ['reference/b.adoc', `= B\n:intent: reference\n:source: x\n\n${body}\n`],
    ])
    const sweep = (notes: ReturnType<typeof scanNote>[]) =>
      hygiene({ notes, files: [...texts.keys()], texts, config: DEFAULT_CONFIG, today: '2026-11-30' }).filter(
        finding => finding.rule === 'near-duplicate',
      )
    const scanned = [...texts].map(([path, text]) => scanNote(path, text))
    expect(sweep(scanned)).toHaveLength(1)
    // The same texts, with models that say every line is a comment: the sweep finds no prose to compare.
    // 2 is the code of 'comment' (line-classes.ts).
    const asComments = scanned.map(model => ({
      ...model,
      lineClasses: new Uint8Array(model.lineClasses.length).fill(2),
    }))
    expect(sweep(asComments)).toEqual([])
  })
})
