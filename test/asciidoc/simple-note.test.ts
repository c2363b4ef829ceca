// scanSimpleNote (the notes written with Notekeeper's few constructs, read from their characters)
// against the full walker: wherever it answers, its model must be the full walker's, field for
// field and byte for byte. This is checked on every note this repository has, on the real corpus,
// and on generated notes of near misses of its constructs. It must also answer for the notes it
// exists for (the benchmark's), or the cold index silently loses its speed.

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { noteText, planCorpus } from '../../bench/generate.js'
import { scanNote, scanNoteFully } from '../../src/core/asciidoc/scan.js'
import { scanSimpleNote } from '../../src/core/asciidoc/simple-note.js'
import { adocFiles, realCorpusOrSkip } from '../support/real-corpus.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Whether the simple reading answered; when it does, its model is the full walker's. */
function answered(path: string, text: string): boolean {
  const simple = scanSimpleNote(path, text)
  if (simple === null) return false
  expect(simple, path).toStrictEqual(scanNoteFully(path, text))
  return true
}

function adocUnder(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter(name => name.endsWith('.adoc'))
    .map(name => join(folder, name))
    .sort()
}

describe('scanSimpleNote reads a note as the full walker does, or not at all', () => {
  it("answers for every note of the benchmark's generator, with the full walker's model", () => {
    const plan = planCorpus({ notes: 900, items: 2700 })
    const refused = plan.filter(note => !answered(note.path, noteText(note, plan, 20261202)))
    expect(refused.map(note => note.path)).toEqual([])
  })

  it('agrees on every note of examples/corpus and the fixtures, and answers for many of examples/corpus', () => {
    const examples = adocUnder(join(root, 'examples/corpus'))
    const fixtures = adocUnder(join(root, 'test/fixtures'))
    expect(examples.length).toBeGreaterThan(10)
    const read = (file: string, base: string) => answered(relative(base, file), readFileSync(file, 'utf8'))
    const examplesAnswered = examples.filter(file => read(file, join(root, 'examples/corpus'))).length
    const fixturesAnswered = fixtures.filter(file => read(file, join(root, 'test/fixtures'))).length
    console.info(
      `simple notes: ${examplesAnswered} of ${examples.length} in examples/corpus, ${fixturesAnswered} of ${fixtures.length} fixtures`,
    )
    expect(examplesAnswered).toBeGreaterThan(examples.length * 0.4)
  })

  it('agrees on every file of the real corpus it answers for', () => {
    const folder = realCorpusOrSkip('simple-note differential on the real corpus')
    if (folder === null) return
    const files = adocFiles(folder)
    const count = files.filter(file =>
      answered(`reference/${relative(folder, file)}`, readFileSync(file, 'utf8')),
    ).length
    console.info(`simple notes: ${count} of ${files.length} files of the real corpus`)
    expect(files.length).toBeGreaterThan(100)
  })

  it('agrees on generated notes of its constructs and their near misses, and answers for many', () => {
    let answers = 0
    let runs = 0
    fc.assert(
      fc.property(noteArbitrary, ([path, text]) => {
        runs++
        if (answered(path, text)) answers++
      }),
      { seed: 20261202, numRuns: 1500 },
    )
    // Else the property would hold by the simple reading refusing everything.
    expect(answers).toBeGreaterThan(runs / 5)
  })

  it('agrees on every construct and near miss, one at a time, in each place a note may hold it', () => {
    // Where a line is read differently: as a paragraph, below a list item or a `::` item (its
    // sibling, its description), after blank lines, in a track note's section, after a block.
    const places = [
      (piece: string) => `= T\n:intent: internalise\n\n${piece}\n`,
      (piece: string) => `= T\n\nSome text.\n${piece}\nMore text.\n`,
      (piece: string) => `= T\n\n* item\n${piece}\n* item\n`,
      (piece: string) => `= T\n\n[qanda]\n[[q1]]Question?:: Answer.\n${piece}\n[[q2]]Question?:: Answer.\n`,
      (piece: string) => `= T\n\n[qanda]\n[[q1]]Question?:: Answer.\n\n${piece}\n`,
      (piece: string) => `= T\n\n== Now\n\n* item\n\n${piece}\n\n== Later\n\n* item\n`,
      (piece: string) => `= T\n\n----\ncode\n----\n${piece}\n`,
      (piece: string) => `= T\n\n[#s1]\n${piece}\n`,
      (piece: string) => `= T\n\n[source]\n${piece}\n`,
      (piece: string) => `= T\n\n[qanda]\n${piece}\n`,
      (piece: string) => `= T\n\n== Now\n\n${piece}\n`,
      // Below a list item's second line, and in a paragraph attached to an item with `+`.
      (piece: string) => `= T\n\n== Now\n\n* item\nwrapped text\n${piece}\n`,
      (piece: string) => `= T\n\n== Now\n\n* item\n+\nattached text\n${piece}\n`,
      (piece: string) => `= T\n\n[qanda]\n[[q1]]Question?:: Answer\n+\n${piece}\n`,
    ]
    let answers = 0
    let notes = 0
    for (const piece of [...SIMPLE, ...NEAR])
      for (const place of places)
        for (const path of ['internalise/n.adoc', 'track/n.adoc']) {
          notes++
          if (answered(path, place(piece))) answers++
        }
    expect(answers).toBeGreaterThan(notes / 3)
  })

  it("agrees on the benchmark's notes with a few characters inserted, deleted or replaced", () => {
    const plan = planCorpus({ notes: 60, items: 180 })
    const texts = plan.map(note => noteText(note, plan, 7))
    let answers = 0
    fc.assert(
      // Without bias: fast-check's small values would put most edits in the title line.
      fc.property(
        fc.noBias(fc.nat(plan.length - 1)),
        fc.array(editArbitrary, { minLength: 1, maxLength: 4 }),
        (which, edits) => {
          const note = plan[which] as (typeof plan)[number]
          let text = texts[which] as string
          for (const { at, kind, piece } of edits) {
            const i = Math.floor(at * text.length)
            if (kind === 'insert') text = text.slice(0, i) + piece + text.slice(i)
            else if (kind === 'replace') text = text.slice(0, i) + piece + text.slice(i + 1)
            else text = text.slice(0, i) + text.slice(i + 1 + piece.length)
          }
          if (answered(note.path, text)) answers++
        },
      ),
      { seed: 20261202, numRuns: 2500 },
    )
    expect(answers).toBeGreaterThan(500)
  })

  it('is what scanNote returns where it answers, and the full walker elsewhere', () => {
    const simple = '= T\n:intent: internalise\n\n[qanda]\n[[q1]]Q?:: A <<q1>>\n'
    const other = '= T\n\n|===\n| a\n|===\n'
    expect(scanSimpleNote('internalise/a.adoc', simple)).not.toBeNull()
    expect(scanNote('internalise/a.adoc', simple)).toStrictEqual(scanNoteFully('internalise/a.adoc', simple))
    expect(scanSimpleNote('internalise/b.adoc', other)).toBeNull()
    expect(scanNote('internalise/b.adoc', other)).toStrictEqual(scanNoteFully('internalise/b.adoc', other))
  })
})

// Lines of the constructs the simple reading handles (most of a generated note), and of the ones
// close to them that it must refuse or read exactly as the full walker does (a letter off, a space
// missing, a mark doubled).
const SIMPLE = [
  '',
  '',
  '',
  '',
  '== Section',
  '=== Sub section',
  '====== Level five',
  '[#s1]',
  '[[b1]]',
  '[qanda]',
  '[source,shell]',
  '----',
  '....',
  '+',
  '* item',
  '* item with <<s1>>',
  '* item, xref:other.adoc[label]',
  '** nested',
  '- dash',
  '. dot item',
  '.. nested dot item',
  '* [ ] todo',
  '* [x] done',
  '* [[ia]]anchored item',
  '[[q1]]Question one?:: Answer one',
  '[[q2]]Question two?:: Answer <<q1>>',
  'Term:: description',
  'wrapped description, `code` and _emphasis_',
  '_emphasis_ first',
  '(a parenthesis)',
  'Plain text.',
  'Plain text with a colon: here.',
  'Text with xref:other.adoc#x[label] and <<s1>>.',
  'xref:a.adoc[]',
  '<<s1,Label>>',
  '// comment',
  'code line --flag',
  '.Block title',
  ':attr: value',
  'trailing spaces   ',
  'trailing tab\t',
]
const NEAR = [
  '== Section ==',
  '== Section [[sec-id]]',
  '== Title with {attr}',
  '==No space',
  '# Markdown title',
  '[#s1.role]',
  '[[b2, Label]]',
  '[style=qanda]',
  '[source]',
  '[discrete]',
  '[horizontal]',
  '[source#id]',
  '====',
  '--',
  '*** deeper',
  '-- not a dash item',
  '*not an item',
  '. [ ] no checkbox in an ordered list',
  '...',
  '[[q3]]Question three?::',
  'Term with :: colons:: and more',
  'a:::b',
  'Term::: three',
  'Semi;; colon',
  'Term::description',
  'a:: b:: c',
  'b:: a one-letter term',
  '[[q4]]a:: b?:: c',
  'xref::a.adoc[b]',
  'xref:a b.adoc[c]',
  'xref:open.adoc',
  '<<<s1>>',
  '<< s1>>',
  'Text with <<open',
  'Link to https://example.org and link:doc.pdf[doc]',
  'image:inline.png[] inline',
  'C++ and $$x$$ and pass:[y]',
  'Escaped \\<<s1>>',
  'Text [[inline]] anchor',
  'anchor:macro-id[Text] here',
  'See https://example.org/{x} and {attr}',
  'Café <<s1>>',
  '/// not a comment',
  '////',
  '  indented',
  '\tindented',
  '1. ordered',
  '3.14 is not',
  'A. letter',
  'I) roman',
  'e.g. an abbreviation',
  ':long: value \\',
  'Setext',
  '------',
  '=====',
  "'''",
  '---',
  '<<<',
  '<1> callout',
  'image::pic.png[]',
  'include::inc.adoc[]',
  'ifdef::x[]',
  'endif::[]',
  'carriage return\r',
  '|===',
  '| cell',
  'NOTE: admonition',
]

const HEADER = [
  ':intent: internalise',
  ':created: 2026-01-02',
  ':source: https://x.org',
  ':idprefix: id_',
  ':idseparator: -',
]
const HEADER_NEAR = [':sectids!:', ':leveloffset: 1', ':doctype: book', '// c', 'Author Name']

const line = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom(...SIMPLE) },
  { weight: 1, arbitrary: fc.constantFrom(...NEAR) },
)

const noteArbitrary = fc.tuple(
  fc.constantFrom('internalise/n.adoc', 'reference/n.adoc', 'track/n.adoc', 'README.adoc'),
  fc
    .tuple(
      fc.oneof({ weight: 12, arbitrary: fc.constant('= Title') }, fc.constantFrom('= Title =', '', 'Not a title')),
      fc.array(fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...HEADER) }, fc.constantFrom(...HEADER_NEAR)), {
        maxLength: 3,
      }),
      fc.array(line, { minLength: 1, maxLength: 40 }),
      fc.boolean(),
    )
    .map(([title, header, body, finalNewline]) => {
      const text = [title, ...header, '', ...body].join('\n')
      return finalNewline ? `${text}\n` : text
    }),
)

/** What a character-level edit writes: marks of the constructs, and the characters around them. */
const PIECES = [
  ':',
  '::',
  '[',
  ']',
  '[[',
  ']]',
  '<<',
  '>>',
  '+',
  ' ',
  '\t',
  '*',
  '. ',
  '-',
  '=',
  '\n',
  '\n\n',
  '#',
  '/',
  '//',
  'x',
  'xref:',
  '{',
  '`',
  '_',
  ';;',
  '\n+\n',
  '\n----\n',
  '\n* ',
  '\n. ',
  '\n** ',
  'a:: b',
  '\r',
  'é',
  '\n[source,shell]\n',
  '\n[#x]\n',
  '\n== T\n',
  '\n.. ',
  '\n- ',
  '\nword\n',
  'xref:',
  ':x',
  '\na:: ',
  'a:: b:: ',
  'anchor:a[b] ',
  ' https://x.org/p ',
  'link:f.pdf[f]',
  '+x+',
  '{a}',
]
const editArbitrary = fc.record({
  // Where in the note, as a fraction of its length (doubles would crowd near 0).
  at: fc.noBias(fc.integer({ min: 0, max: 999_999 })).map(n => n / 1_000_000),
  kind: fc.constantFrom('insert', 'insert', 'insert', 'replace', 'delete'),
  piece: fc.constantFrom(...PIECES),
})
