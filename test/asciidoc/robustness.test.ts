import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { classifyLines, isVerbatim } from '../../src/core/asciidoc/verbatim.js'

// Lines built from AsciiDoc's own punctuation reach far more parser states than random text.
const adocLine = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.stringMatching(/^[=*.\-+/|:;[\]#<>`'_ \tA-Za-z0-9]{0,12}$/),
  fc.constantFrom(
    '----',
    '....',
    '====',
    '////',
    '++++',
    '|===',
    '--',
    '+',
    '',
    '[qanda]',
    '[[x]]',
    'a:: b',
    '* i',
    '== S',
  ),
)
const adocText = fc
  .tuple(fc.array(adocLine, { maxLength: 40 }), fc.constantFrom('\n', '\r\n'))
  .map(([lines, end]) => lines.join(end))

function linesOf(text: string): number {
  return text.replace(/^\uFEFF/, '').split('\n').length
}

describe('scanNote never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), text => {
        const note = scanNote('internalise/x.adoc', text)
        expect(note.path).toBe('internalise/x.adoc')
      }),
      { numRuns: 500, seed: 7 },
    )
  })

  it('on AsciiDoc-like text, and every line number it gives is a line of the note', () => {
    fc.assert(
      fc.property(adocText, text => {
        const note = scanNote('track/x.adoc', text)
        const count = linesOf(text)
        const lines = [
          ...note.anchors.map(a => a.line),
          ...note.sections.flatMap(s => [s.line, s.endLine]),
          ...note.references.map(r => r.line),
          ...note.dlistEntries.map(e => e.line),
          ...note.track.flatMap(s => [s.line, s.endLine, ...s.items.flatMap(i => [i.line, i.endLine])]),
          ...note.problems.map(p => p.line),
        ]
        for (const line of lines) {
          expect(line).toBeGreaterThanOrEqual(1)
          expect(line).toBeLessThanOrEqual(count)
        }
        for (const status of note.track) {
          for (const item of status.items) expect(item.endLine).toBeGreaterThanOrEqual(item.line)
        }
      }),
      { numRuns: 500, seed: 11 },
    )
  })

  it('on deeply nested blocks', () => {
    const depth = 2000
    const fences = Array.from({ length: depth }, (_, i) => '='.repeat(4 + i))
    const text = [...fences, 'text <<x>>', ...fences.reverse()].join('\n')
    const note = scanNote('internalise/deep.adoc', text)
    expect(note.references.map(r => r.target)).toEqual(['x'])
  })
})

describe('classifyLines', () => {
  const lines = [
    '= Title', // 1
    ':intent: reference', // 2
    '', // 3
    'Prose with <<x>>.', // 4
    '// a comment', // 5
    '----', // 6
    'code', // 7
    '----', // 8
    '[source]', // 9
    'more code', // 10
    '', // 11
    '////', // 12
    'hidden', // 13
    '////', // 14
    '  indented literal', // 15
    '', // 16
    '++++', // 17
    '<b>raw</b>', // 18
    '++++', // 19
    '====', // 20
    'inside an example', // 21
    '====', // 22
    '* item', // 23
    '+', // 24
    '....', // 25
    'literal block', // 26
    '....\r', // 27
  ]

  it('tells prose from verbatim, comment and markup lines, one entry per line', () => {
    expect(classifyLines(lines)).toEqual([
      'text',
      'attribute-entry',
      'blank',
      'text',
      'comment',
      'listing',
      'listing',
      'listing',
      'markup',
      'listing',
      'blank',
      'comment',
      'comment',
      'comment',
      'literal',
      'blank',
      'passthrough',
      'passthrough',
      'passthrough',
      'markup',
      'text',
      'markup',
      'text',
      'markup',
      'literal',
      'literal',
      'literal',
    ])
  })

  it('marks as verbatim exactly the lines that never hold items, links or statuses', () => {
    const verbatim = classifyLines(lines)
      .map((cls, index) => (isVerbatim(cls) ? index + 1 : 0))
      .filter(line => line > 0)
    expect(verbatim).toEqual([5, 6, 7, 8, 10, 12, 13, 14, 15, 17, 18, 19, 25, 26, 27])
  })
})
