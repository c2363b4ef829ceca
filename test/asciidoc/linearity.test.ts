// Issue 15: one hostile note costs time in proportion to its size. Each pathological input is
// scanned at two sizes (4x apart, the best of three runs each); the test fails when the larger
// costs more than 3x as much per byte as the smaller. Ratios of two sizes, not absolute times,
// so that a slow or busy machine does not fail it; speed itself is measured by `npm run bench`.

import { describe, expect, it } from 'vitest'
import { MAX_NESTING } from '../../src/core/asciidoc/blocks.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { perByteGrowth } from '../support/linearity.js'

/** Fences of growing length: each nests in the one before (a `====` of n+1 characters is another fence). */
function nestedBlocks(depth: number): string {
  const fences = Array.from({ length: depth }, (_, i) => '='.repeat(4 + i))
  return [...fences, 'text <<x>>', ...fences.reverse()].join('\n')
}
const nestedLists = (depth: number): string =>
  Array.from({ length: depth }, (_, i) => `${'*'.repeat(i + 1)} level ${i} <<x${i}>>`).join('\n')
const selfReference = (entries: number): string =>
  ['= T', ':a: x', ...Array.from({ length: entries }, () => ':a: {a}{a}'), '', '== Title {a}'].join('\n')

// Each input at its smaller size; the larger has 4x as many repetitions.
const INPUTS: { name: string; make: (n: number) => string; n: number }[] = [
  { name: 'nested delimited blocks', make: nestedBlocks, n: 250 },
  { name: 'nested list levels', make: nestedLists, n: 250 },
  { name: 'an attribute that refers to itself (:a: {a}{a})', make: selfReference, n: 500 },
  { name: 'repeated image: macros', make: n => 'image:a.png[] '.repeat(n), n: 10_000 },
  { name: 'image: macros that never close', make: n => 'image:a '.repeat(n), n: 5_000 },
  { name: 'a line of [[a,', make: n => '[[a,'.repeat(n), n: 5_000 },
  { name: 'a line of <<a', make: n => '<<a '.repeat(n), n: 5_000 },
  { name: 'a line of link:a[', make: n => 'link:a[ '.repeat(n), n: 5_000 },
  { name: 'a line of anchor:a[', make: n => 'anchor:a['.repeat(n), n: 5_000 },
  { name: 'a line of pass:[', make: n => 'pass:['.repeat(n), n: 5_000 },
  { name: 'a line of +a', make: n => '+a '.repeat(n), n: 5_000 },
  { name: 'a line of https://', make: n => 'https://'.repeat(n), n: 5_000 },
  { name: 'a line of {a} references', make: n => `:a: ${'v'.repeat(4000)}\n\n${'{a}'.repeat(n)}`, n: 5_000 },
  { name: 'a line of [[a, then spaces, closed by one ]', make: n => `text\n[[a,${' '.repeat(n)}x]`, n: 10_000 },
]

describe('the scanner costs time in proportion to the note (issue 15)', () => {
  for (const input of INPUTS) {
    it(`${input.name}: 4x the size costs at most 3x more per byte`, () => {
      const scan = (text: string) => scanNote('internalise/hostile.adoc', text)
      const { ratio, detail } = perByteGrowth(scan, input.make, input.n)
      expect(ratio, `${input.name}: ${detail}`).toBeLessThanOrEqual(3)
    })
  }
})

describe('hostile notes at the sizes that used to crash or hang', () => {
  it('3,000 nested delimited blocks and 3,000 list levels: no stack overflow, one problem, the text still read', () => {
    for (const text of [nestedBlocks(3000), nestedLists(3000)]) {
      const note = scanNote('internalise/deep.adoc', text)
      expect(note.problems.map(p => p.message)).toEqual([
        `blocks nested deeper than ${MAX_NESTING} levels: what is inside is read as plain text`,
      ])
      expect(note.references.length).toBeGreaterThan(0)
    }
  })

  it('a self-referencing attribute stays at Asciidoctor secure mode 4,096 bytes', () => {
    const note = scanNote('internalise/a.adoc', selfReference(40))
    expect(note.attributes.find(a => a.name === 'a')?.value).toBe('x'.repeat(4096))
  })

  it('400,000 image: macros are 400,000 references; a 200 KB line of [[a, registers nothing', () => {
    expect(scanNote('internalise/i.adoc', 'image:a.png[] '.repeat(400_000)).references).toHaveLength(400_000)
    expect(scanNote('internalise/a.adoc', '[[a,'.repeat(50_000)).anchors).toEqual([])
  })
})
