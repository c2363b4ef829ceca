// ADR 0043 "Cost": the card and the answer check read a prompt or response at every prompt, so a
// hostile note must cost them time in proportion to its size. As test/asciidoc/linearity.test.ts
// measures the scanner: each input at two sizes (4x apart, the best of three runs each); the test
// fails when the larger costs more than 3x as much per byte. Ratios, not absolute times, so that
// a slow or busy machine does not fail it.

import { describe, expect, it } from 'vitest'
import { renderTerminal } from '../../src/cli/terminal-card.js'
import { checkAnswer } from '../../src/core/answer/suggest.js'
import { readerWords } from '../../src/core/answer/words.js'
import { perByteGrowth } from '../support/linearity.js'

// Each input at its smaller size; the larger has 4x as many repetitions.
// `attributes`: the note's header attributes (`:experimental:` for the UI macros, read only then).
const EXPERIMENTAL = { experimental: '' }
const INPUTS: { name: string; make: (n: number) => string; n: number; attributes?: Record<string, string> }[] = [
  { name: 'a table cell with a long run of spaces inside', make: n => `|===\n|a${' '.repeat(n)}b |c\n|===`, n: 2_500 },
  { name: 'a block image line of [ that never closes', make: n => `image::x${'[a'.repeat(n)}`, n: 1_500 },
  { name: 'a block image whose target is slashes', make: n => `image::${'/'.repeat(n)}x[]`, n: 2_500 },
  // One line of unclosed inline marks, about 10 KB and 40 KB.
  { name: 'a line of [[ (anchors that never close)', make: n => '[['.repeat(n), n: 5_000 },
  { name: 'a line of << (cross-references that never close)', make: n => '<<'.repeat(n), n: 5_000 },
  { name: 'a cross-reference text of spaces that never closes', make: n => `<<a,${' '.repeat(n)}x`, n: 10_000 },
  { name: 'a line of pass:[', make: n => 'pass:['.repeat(n), n: 1_700 },
  { name: 'a line of xref: without a space', make: n => 'xref:'.repeat(n), n: 2_000 },
  { name: 'a line of xref:a[ (texts that never close)', make: n => 'xref:a['.repeat(n), n: 1_500 },
  { name: 'a line of link: without a space', make: n => 'link:'.repeat(n), n: 2_000 },
  { name: 'a line of https:// without a space', make: n => 'https://'.repeat(n), n: 1_250 },
  { name: 'a line of https://a[ (texts that never close)', make: n => 'https://a['.repeat(n), n: 1_000 },
  { name: 'a line of kbd:[', make: n => 'kbd:['.repeat(n), n: 2_000 },
  { name: 'a line of menu:a[', make: n => 'menu:a['.repeat(n), n: 1_500 },
  { name: 'a line of kbd:[ (UI macros read)', make: n => 'kbd:['.repeat(n), n: 2_000, attributes: EXPERIMENTAL },
  { name: 'a line of menu:a[ (UI macros read)', make: n => 'menu:a['.repeat(n), n: 1_500, attributes: EXPERIMENTAL },
  {
    name: 'a menu: then a name that never opens',
    make: n => `menu:a${'b '.repeat(n)}`,
    n: 5_000,
    attributes: EXPERIMENTAL,
  },
  {
    name: 'a kbd:[ of escapes that never closes',
    make: n => `kbd:[${'\\'.repeat(n)}`,
    n: 10_000,
    attributes: EXPERIMENTAL,
  },
  {
    name: 'a quote then > between blanks, never closed',
    make: n => `"a${' > '.repeat(n)}`,
    n: 3_000,
    attributes: EXPERIMENTAL,
  },
  { name: 'a line of quoted words (no menu)', make: n => '"a" '.repeat(n), n: 3_000, attributes: EXPERIMENTAL },
  { name: 'a word with a run of backticks inside', make: n => `a${'`'.repeat(n)}a`, n: 10_000 },
  { name: 'a word with a run of brackets and quotes inside', make: n => `a${')"'.repeat(n)}a`, n: 5_000 },
  { name: 'a line of *x (strong that never closes)', make: n => ' *x'.repeat(n), n: 6_600 },
  { name: 'a line of _x (emphasis that never closes)', make: n => ' _x'.repeat(n), n: 6_600 },
  { name: 'a line of [[a, then spaces, never closed', make: n => `[[a,${' '.repeat(n)}x`, n: 10_000 },
  { name: 'a line of [[a, then spaces, closed by one ]', make: n => `[[a,${' '.repeat(n)}x]`, n: 10_000 },
  { name: 'a word, then a line of [ (punctuation tokens)', make: n => `a${' ['.repeat(n)}`, n: 5_000 },
  { name: 'a cols of a long run of digits', make: n => `[cols="${'1'.repeat(n)}x"]\n|===\n|a\n|===`, n: 10_000 },
  { name: 'a cols of many styled columns', make: n => `[cols="${'1m,'.repeat(n)}"]\n|===\n|a\n|===`, n: 3_000 },
  {
    name: 'a nested table in an a| cell, many rows',
    make: n => `[cols="1,1a"]\n|===\n|x\n|\n!===\n${'!a !b\n'.repeat(n)}!===\n|===`,
    n: 1_000,
  },
  {
    name: 'a table cell of wide and combining characters',
    make: n => `|===\n|${'日e\u0301💀'.repeat(n)} |x\n|===`,
    n: 2_500,
  },
  {
    name: 'an attribute line of blanks and commas, then a caption never closed',
    make: n => `[${' ,'.repeat(n)}caption="x]\nA.`,
    n: 5_000,
  },
  { name: 'a $$ then a long line (a passthrough never closed)', make: n => `$$${'a '.repeat(n)}`, n: 10_000 },
  { name: 'a line of $$a (passthroughs)', make: n => '$$a'.repeat(n), n: 5_000 },
  { name: 'an & then a long run of letters (a reference never closed)', make: n => `&${'a'.repeat(n)}`, n: 10_000 },
  { name: 'a line of &#1 and &a (references never closed)', make: n => '&#1&a'.repeat(n), n: 2_000 },
  // Larger than the others: below about 60 KB this input reads either fast or at its usual speed
  // (a step, not a slope), and two sizes on either side of the step read as a quadratic cost.
  { name: 'a table cell of escaped separators', make: n => `|===\n|${'a\\|'.repeat(n)}\n|===`, n: 50_000 },
]

type Attributes = Record<string, string> | undefined
const READERS: { name: string; read: (text: string, attributes: Attributes) => unknown }[] = [
  { name: 'the card', read: (text, attributes) => renderTerminal(text, { color: true }, '  ', attributes) },
  { name: 'the answer check', read: (text, attributes) => checkAnswer('an answer', text, attributes) },
  { name: "the answer check's words", read: (text, attributes) => readerWords(text, attributes) },
]

describe('the card and the answer check cost time in proportion to the fragment (ADR 0043)', () => {
  for (const input of INPUTS)
    for (const reader of READERS)
      it(`${reader.name}, ${input.name}: 4x the size costs at most 3x more per byte`, () => {
        const { ratio, detail } = perByteGrowth(text => reader.read(text, input.attributes), input.make, input.n)
        expect(ratio, detail).toBeLessThanOrEqual(3)
      })
})
