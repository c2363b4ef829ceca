import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashString } from '../../src/core/hygiene/hashing.js'
import { forEachWord, WORD, wordsOf } from '../../src/core/hygiene/prose.js'

// wordsOf is a hand-written scanner for speed; the regex WORD is what it must mean.
const byRegex = (text: string): string[] => (text.toLowerCase().match(WORD) ?? []).map(word => word.replace(/’/g, "'"))

describe('words of prose', () => {
  it('keeps dates, decimals and thousands whole, lower-cases, and folds the typographic apostrophe', () => {
    expect(wordsOf('On 2024-03-01 Version 3.5 of the API cost 1,000 € — don’t panic. 12345-06-07 x2')).toEqual([
      'on',
      '2024-03-01',
      'version',
      '3.5',
      'of',
      'the',
      'api',
      'cost',
      '1,000',
      "don't",
      'panic',
      '12345',
      '06',
      '07',
      'x2',
    ])
  })

  it('reads letters of any script, with their combining marks, as words', () => {
    expect(wordsOf('Ärger über Straße, naïve café, 東京 𝐀bc')).toEqual(
      byRegex('Ärger über Straße, naïve café, 東京 𝐀bc'),
    )
    expect(wordsOf('Ärger über Straße')).toEqual(['ärger', 'über', 'straße'])
  })

  it('agrees with the word pattern on any text', () => {
    const alphabet = fc.constantFrom(
      'a',
      'Z',
      'é',
      'ß',
      '́',
      '0',
      '7',
      '-',
      '.',
      ',',
      "'",
      '’',
      ' ',
      '*',
      '_',
      '東',
      '𝐀',
      '\uD800',
      'İ',
      '٣',
    )
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), chars => {
        const text = chars.join('')
        expect(wordsOf(text)).toEqual(byRegex(text))
        // The hash handed out while scanning is the hash of the word wordsOf returns.
        const hashes: number[] = []
        forEachWord(text, (_lower, _start, _end, hash) => hashes.push(hash))
        expect(hashes).toEqual(byRegex(text).map(hashString))
      }),
      { numRuns: 2000 },
    )
  })
})
