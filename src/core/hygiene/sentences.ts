import type { ProseLine } from './prose.js'

export interface PlacedSentence {
  /** The line the sentence starts on. */
  line: number
  text: string
}

// A new paragraph (for sentence purposes) starts at a list item, a section title, a description
// list term or a table cell, even without a blank line before it.
export const LIST_MARKER = /^\s*(?:[*-]+|\.+|\d+\.|[a-zA-Z]\.|[ivxIVX]+\))\s+/
/** Asciidoctor's hard line break: a space and `+` ending the line. */
export const HARD_BREAK = /(?:^|\s)\+\s*$/
export const STARTS_BLOCK = /^(?:\s*(?:[*-]+|\.+|\d+\.|[a-zA-Z]\.|[ivxIVX]+\))\s+|=+\s|\||.*?(?:::|;;)(?:\s|$))/

/**
 * The sentences of a note's prose. Hard-wrapped paragraphs are joined first, so that a sentence
 * written over two lines is one sentence (placed on the line where it starts); list markers are
 * dropped so that `1.` and `2.` do not read as numbers that differ.
 */
export function sentencesOf(prose: readonly ProseLine[]): PlacedSentence[] {
  const sentences: PlacedSentence[] = []
  let paragraph: { line: number; offset: number }[] = []
  let joined = ''
  const flush = () => {
    if (paragraph.length > 0) sentences.push(...split(joined, paragraph))
    paragraph = []
    joined = ''
  }
  let previous = -1
  for (const { line, text: lineText } of prose) {
    if (line !== previous + 1 || STARTS_BLOCK.test(lineText)) flush()
    previous = line
    // A hard line break (` +` at the end) is markup, not a word: left in, a sentence after it
    // began with `+` on the line before its first word, and the finding quoted that line.
    const words = lineText.replace(LIST_MARKER, '').replace(HARD_BREAK, '').trim()
    if (words === '') continue
    if (joined !== '') joined += ' '
    paragraph.push({ line, offset: joined.length })
    joined += words
  }
  flush()
  return sentences
}

function split(joined: string, lines: { line: number; offset: number }[]): PlacedSentence[] {
  const sentences: PlacedSentence[] = []
  const end = /[.!?]+(?=\s|$)/g
  let start = 0
  // Sentences come in order, so the line a sentence starts on only moves forward.
  let current = 0
  const push = (from: number, to: number) => {
    const raw = joined.slice(from, to)
    const text = raw.trim()
    if (text === '') return
    const at = from + raw.indexOf(text)
    while (current + 1 < lines.length && (lines[current + 1] as { offset: number }).offset <= at) current++
    sentences.push({ line: (lines[current] as { line: number }).line, text })
  }
  for (let match = end.exec(joined); match !== null; match = end.exec(joined)) {
    push(start, match.index + match[0].length)
    start = match.index + match[0].length
  }
  push(start, joined.length)
  return sentences
}
