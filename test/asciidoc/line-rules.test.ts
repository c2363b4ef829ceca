// The scanner rules out most lines on their first characters instead of asking Asciidoctor's
// patterns (syntax.ts): each shortcut must say exactly what the pattern it stands for says, on
// lines made of the characters those patterns care about.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isLayoutBreak,
  isUnorderedItem,
  mayBeOrderedItem,
  ORDERED_LIST,
  sanitizeAttributeName,
  UNORDERED_LIST,
  unorderedItem,
} from '../../src/core/asciidoc/syntax.js'

const CHARS = [
  ' ',
  '\t',
  '-',
  '+',
  '*',
  '\u2022',
  '.',
  '1',
  '9',
  'a',
  'i',
  'v',
  'x',
  'I',
  'X',
  'Z',
  ')',
  "'",
  '<',
  '_',
  ':',
  'é',
  'B',
  '!',
]
const line = fc.array(fc.constantFrom(...CHARS), { maxLength: 9 }).map(chars => chars.join(''))
const RUNS = { numRuns: 20_000 }

describe('line shortcuts agree with the patterns they stand for', () => {
  it('a ulist item, its marker and its text, as UNORDERED_LIST reads them', () => {
    fc.assert(
      fc.property(line, text => {
        const match = UNORDERED_LIST.exec(text)
        expect(isUnorderedItem(text)).toBe(match !== null)
        expect(unorderedItem(text)).toEqual(match ? { marker: match[1], text: match[2] } : null)
      }),
      RUNS,
    )
  })

  it('no line ORDERED_LIST matches is ruled out', () => {
    fc.assert(
      fc.property(line, text => {
        if (ORDERED_LIST.test(text)) expect(mayBeOrderedItem(text)).toBe(true)
      }),
      RUNS,
    )
    expect(mayBeOrderedItem('Plain prose.')).toBe(false)
    expect(mayBeOrderedItem('iv) roman')).toBe(true)
  })

  it('a break as the whole pattern reads it', () => {
    const pattern = /^(?:'{3,}|<{3,}|([-*_])( *)\1\2\1)$/
    fc.assert(
      fc.property(line, text => {
        expect(isLayoutBreak(text)).toBe(pattern.test(text))
      }),
      RUNS,
    )
  })

  it('an attribute name sanitised as by the Unicode pattern and lower-casing', () => {
    const slow = (name: string): string => name.replace(/[^\p{Alphabetic}\p{N}\p{Pc}-]/gu, '').toLowerCase()
    const name = fc
      .array(fc.constantFrom('a', 'z', 'Q', '0', '_', '-', ' ', 'é', 'É', '!', '.', '\u203f'), { maxLength: 8 })
      .map(chars => chars.join(''))
    fc.assert(
      fc.property(name, text => {
        expect(sanitizeAttributeName(text)).toBe(slow(text))
      }),
      RUNS,
    )
  })
})
