import { describe, expect, it } from 'vitest'
import { plainWords, wordDiff } from '../../src/plugin/review-window/word-diff.js'

describe('the word diff beside the response', () => {
  it('marks nothing when the answer matches, ignoring case and punctuation', () => {
    expect(wordDiff('little', 'Little.')).toEqual([{ kind: 'same', text: 'Little.' }])
  })

  it('marks the response words the answer missed and the answer words the response lacks', () => {
    expect(wordDiff('the car needs a wash', 'the car needs washing')).toEqual([
      { kind: 'same', text: 'the car needs' },
      { kind: 'missing', text: 'washing' },
      { kind: 'extra', text: 'a wash' },
    ])
  })

  it('treats an empty answer as everything missing', () => {
    expect(wordDiff('', 'Little.')).toEqual([{ kind: 'missing', text: 'Little.' }])
  })

  it('compares the words a reader sees, not the AsciiDoc markup', () => {
    expect(plainWords("_I'm used to working_: here *to* is a `preposition`.")).toBe(
      "I'm used to working: here to is a preposition.",
    )
    expect(plainWords('See xref:other.adoc#x[the other note] and <<sec,that section>>.')).toBe(
      'See the other note and that section.',
    )
    expect(plainWords('Little.\n+\n_Few_ goes with plurals.')).toBe('Little. Few goes with plurals.')
  })
})
