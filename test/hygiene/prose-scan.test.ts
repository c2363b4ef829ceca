import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { proseOfText } from '../../src/core/asciidoc/verbatim.js'
import { hashString } from '../../src/core/hygiene/hashing.js'
import { forEachWord } from '../../src/core/hygiene/prose.js'
import { scanProse } from '../../src/core/hygiene/prose-scan.js'
import { sentencesOf } from '../../src/core/hygiene/sentences.js'

// The sweep scans each note's words once for both checks; it must see exactly the words and
// sentences that `forEachWord` per line and `sentencesOf` + `forEachWord` per sentence see.

interface Scanned {
  words: string[]
  sentences: { line: number; ordinal: number; words: string[] }[]
}

function scan(prose: { line: number; text: string }[]): Scanned {
  const scanned: Scanned = { words: [], sentences: [] }
  let current: string[] = []
  scanProse(prose, {
    word(lower, start, end, hash, inSentence) {
      scanned.words.push(lower.slice(start, end))
      expect(hash).toBe(hashString(lower.slice(start, end)))
      if (inSentence) current.push(lower.slice(start, end))
    },
    sentenceEnd(line, ordinal) {
      scanned.sentences.push({ line, ordinal, words: current })
      current = []
    },
  })
  return scanned
}

function reference(prose: { line: number; text: string }[]): Scanned {
  const words: string[] = []
  for (const line of prose) forEachWord(line.text, (lower, start, end) => words.push(lower.slice(start, end)))
  const sentences = sentencesOf(prose).map((sentence, ordinal) => {
    const inSentence: string[] = []
    forEachWord(sentence.text, (lower, start, end) => inSentence.push(lower.slice(start, end)))
    return { line: sentence.line, ordinal, words: inSentence }
  })
  return { words, sentences }
}

const PIECES = [
  'word',
  'Not',
  'ΟΔΟΣ',
  'café',
  'don’t',
  '3.5',
  '1,000',
  '2026-11-30',
  ' ',
  '  ',
  '\u00a0',
  '.',
  '. ',
  '!',
  '?! ',
  '...',
  ',',
  '1. ',
  '* ',
  'a. ',
  'ii) ',
  '- ',
  '. ',
  'term:: ',
  '| ',
  '== ',
  'x',
  'İ',
  // a hard line break at a line's end (` +`), or a `+` that is none
  ' +',
  '+',
]
const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map(parts => parts.join(''))
const prose = fc.array(fc.tuple(line, fc.integer({ min: 1, max: 2 })), { maxLength: 8 }).map(lines => {
  let at = 0
  return lines.map(([text, step]) => ({ line: (at += step), text }))
})

describe('one word scan for both prose checks', () => {
  it('sees the same words, sentences, sentence lines and sentence order as the per-sentence scan', () => {
    fc.assert(
      fc.property(prose, lines => {
        expect(scan(lines)).toEqual(reference(lines))
      }),
      { numRuns: 2000 },
    )
  })

  it('leaves list markers out of sentences but not out of the words near-duplicates compare', () => {
    const lines = proseOfText('= Title\n\n1. First step is done today.\n2. Second step. Then wait\nuntil noon.\n')
    const scanned = scan(lines)
    expect(scanned.words.slice(0, 3)).toEqual(['1', 'first', 'step'])
    expect(scanned.sentences.map(s => [s.line, s.words.join(' ')])).toEqual([
      [3, 'first step is done today'],
      [4, 'second step'],
      [4, 'then wait until noon'],
    ])
  })
})
