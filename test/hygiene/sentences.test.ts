import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { contradictions } from '../../src/core/hygiene/contradictions.js'
import { proseOf } from '../../src/core/hygiene/prose.js'
import { sentencesOf } from '../../src/core/hygiene/sentences.js'

describe('sentences of a note', () => {
  it('joins a hard-wrapped paragraph, splits at sentence ends, keeps 3.5 whole, and drops list markers', () => {
    const text =
      '= T\n:intent: reference\n\nThe first sentence runs\nover two lines. The second\nstarts on line 5. Version 3.5 is out.\n\n1. An item with a number 7.\n2. Another item.\n\n----\nNot prose.\n----\n'
    expect(sentencesOf(proseOf(scanNote('reference/t.adoc', text), text))).toEqual([
      { line: 4, text: 'The first sentence runs over two lines.' },
      { line: 5, text: 'The second starts on line 5.' },
      { line: 6, text: 'Version 3.5 is out.' },
      { line: 8, text: 'An item with a number 7.' },
      { line: 9, text: 'Another item.' },
    ])
  })

  it('finds a flipped number in a sentence wrapped differently in two notes, at the line where each starts', () => {
    const a =
      '= A\n:intent: reference\n:source: x\n\nIntro line here.\nThe retry budget of the upload client\nis 5 attempts per hour.\n'
    const b = '= B\n:intent: reference\n:source: x\n\nThe retry budget of the upload client is 7 attempts\nper hour.\n'
    const texts = new Map([
      ['reference/a.adoc', a],
      ['reference/b.adoc', b],
    ])
    const found = contradictions([scanNote('reference/a.adoc', a), scanNote('reference/b.adoc', b)], texts)
    expect(found.map(({ file, line, other, reason }) => ({ file, line, other, reason }))).toEqual([
      { file: 'reference/a.adoc', line: 6, other: { file: 'reference/b.adoc', line: 5 }, reason: 'number' },
    ])
  })

  it('places a sentence after a hard line break (` +`) on the line where its first word is, without the `+`', () => {
    // Seen on clojure-site's event pages: "... philosophy. +\nRecording +\nParts of the meeting ..."
    // was a sentence "+ Recording + Parts ..." on the line before it, so the finding quoted a line
    // that did not hold it.
    const text =
      '= T\n:intent: reference\n\nLet us discuss the project. +\nRecording +\nParts of the meeting will be recorded. +\n +\nThe end.\n'
    expect(sentencesOf(proseOf(scanNote('reference/t.adoc', text), text))).toEqual([
      { line: 4, text: 'Let us discuss the project.' },
      { line: 5, text: 'Recording Parts of the meeting will be recorded.' },
      { line: 8, text: 'The end.' },
    ])
  })

  it('points a flip after a hard line break at the line that holds the sentence, in both notes', () => {
    const a =
      '= A\n:intent: reference\n:source: x\n\nWe discuss the upload client today. +\nParts of the meeting will be recorded and shared with everyone 2 times. +\n'
    const b =
      '= B\n:intent: reference\n:source: x\n\nWe discuss the upload client. +\nParts of the meeting will be recorded and shared with everyone 3 times. +\n'
    const texts = new Map([
      ['reference/a.adoc', a],
      ['reference/b.adoc', b],
    ])
    const found = contradictions([scanNote('reference/a.adoc', a), scanNote('reference/b.adoc', b)], texts)
    expect(found.map(({ file, line, other, reason }) => ({ file, line, other, reason }))).toEqual([
      { file: 'reference/a.adoc', line: 6, other: { file: 'reference/b.adoc', line: 6 }, reason: 'number' },
    ])
    expect(found[0]?.message).not.toContain('+')
  })

  it('does not call numbered list items contradictory for their numbers', () => {
    const a = '= A\n:intent: reference\n:source: x\n\n1. Keep the backup folder outside the home directory always.\n'
    const b =
      '= B\n:intent: reference\n:source: x\n\n. first\n. Keep the backup folder outside the home directory always.\n'
    const texts = new Map([
      ['reference/a.adoc', a],
      ['reference/b.adoc', b],
    ])
    expect(contradictions([scanNote('reference/a.adoc', a), scanNote('reference/b.adoc', b)], texts)).toEqual([])
  })
})
