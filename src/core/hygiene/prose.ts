// The words of prose, as the hygiene checks compare them. Which lines are prose is the scan's
// to say (core/asciidoc/line-classes.ts, carried by each note model).

import { type ProseLine, proseLines } from '../asciidoc/line-classes.js'
import { splitLines } from '../asciidoc/walk.js'
import type { NoteModel } from '../types.js'
import { hashRange, mix } from './hashing.js'

export type { ProseLine }

/** The prose lines of a scanned note: its text's lines where its model's line classes say prose. */
export function proseOf(note: Pick<NoteModel, 'lineClasses'>, text: string): ProseLine[] {
  return proseLines(splitLines(text), note.lineClasses)
}

// Numbers keep their inner dots and commas (`3.5`, `1,000`) and ISO dates stay whole, so that
// the contradiction check can compare them as values. `wordsOf` is this pattern, written out
// as a scanner: the sweep splits every sentence of the corpus, and the Unicode-class regex was
// its most expensive step. test/hygiene/words.test.ts checks that the two agree.
export const WORD = /\d{4}-\d{2}-\d{2}|\d+(?:[.,]\d+)*|[\p{L}][\p{L}\p{M}\p{N}'’]*/gu
const LETTER = /^\p{L}$/u
const WORD_PART = /^[\p{L}\p{M}\p{N}'’]$/u

/** Lower-cased words of a line of AsciiDoc prose; markup characters fall away. */
export function wordsOf(text: string): string[] {
  const words: string[] = []
  forEachWord(text, (lower, start, end) => {
    const word = lower.slice(start, end)
    words.push(word.includes('’') ? word.replace(/’/g, "'") : word)
  })
  return words
}

/**
 * Calls `visit` with the lower-cased text, the bounds of each word of `wordsOf` and the word's
 * hash (`hashString` of the word as `wordsOf` returns it, taken while scanning), so that a
 * caller that only hashes or classifies words need not make a string of each.
 */
export function forEachWord(
  text: string,
  visit: (lower: string, start: number, end: number, hash: number) => void,
): void {
  const lower = text.toLowerCase()
  const found: WordHash = { hash: 0 }
  for (let i = 0; i < lower.length; ) {
    const end = wordEndAt(lower, i, found)
    if (end === 0) {
      i++
      continue
    }
    visit(lower, i, end, found.hash)
    i = end
  }
}

export interface WordHash {
  /** `hashRange` of the word `wordEndAt` found last. */
  hash: number
}

const FNV_PRIME = 0x01000193

/**
 * Where the word of `wordsOf` that starts at `i` of the lower-cased `lower` ends, 0 when no
 * word starts there; its hash goes to `found`, taken in the same read of its characters.
 * Scanning left to right from a word's end or a non-word character, as `forEachWord` does,
 * finds exactly the words of `wordsOf`.
 */
export function wordEndAt(lower: string, i: number, found: WordHash): number {
  const code = lower.charCodeAt(i)
  if (isDigit(code)) {
    const end = numberEnd(lower, i)
    found.hash = hashRange(lower, i, end)
    return end
  }
  const first = letterWidth(lower, i, code)
  if (first === 0) return 0
  // FNV-1a as hashRange computes it; a letter is never ’, so only later characters are folded.
  let h = Math.imul(0x811c9dc5 ^ code, FNV_PRIME)
  if (first === 2) h = Math.imul(h ^ lower.charCodeAt(i + 1), FNV_PRIME)
  let end = i + first
  for (;;) {
    // ASCII letters, digits and ' inline; anything else through the Unicode classes.
    const next = lower.charCodeAt(end)
    if (isAsciiLetter(next) || isDigit(next) || next === 39) {
      h = Math.imul(h ^ next, FNV_PRIME)
      end++
    } else {
      const width = next >= 128 ? partWidth(lower, end) : 0
      if (width === 0) break
      h = Math.imul(h ^ (next === 0x2019 ? 0x27 : next), FNV_PRIME)
      if (width === 2) h = Math.imul(h ^ lower.charCodeAt(end + 1), FNV_PRIME)
      end += width
    }
  }
  found.hash = mix(h)
  return end
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57
const isAsciiLetter = (code: number): boolean => code >= 97 && code <= 122

/** Where the date or number starting at `start` ends (`\d{4}-\d{2}-\d{2}` first, then `\d+(?:[.,]\d+)*`). */
function numberEnd(text: string, start: number): number {
  if (isDateAt(text, start)) return start + 10
  let end = start
  while (isDigit(text.charCodeAt(end))) end++
  for (;;) {
    const separator = text.charCodeAt(end)
    if ((separator !== 46 && separator !== 44) || !isDigit(text.charCodeAt(end + 1))) return end
    end++
    while (isDigit(text.charCodeAt(end))) end++
  }
}

function isDateAt(text: string, start: number): boolean {
  for (let k = 0; k < 10; k++) {
    const code = text.charCodeAt(start + k)
    if (k === 4 || k === 7 ? code !== 45 : !isDigit(code)) return false
  }
  return true
}

/** Code units of the letter at `at` (2 for a letter outside the BMP), 0 when it is not one. */
function letterWidth(text: string, at: number, code: number): number {
  if (isAsciiLetter(code)) return 1
  if (code < 128) return 0
  const char = String.fromCodePoint(text.codePointAt(at) as number)
  return LETTER.test(char) ? char.length : 0
}

/** Code units of the letter, mark, number or apostrophe at `at`, 0 when there is none. */
function partWidth(text: string, at: number): number {
  const code = text.charCodeAt(at)
  if (isAsciiLetter(code) || isDigit(code) || code === 39) return 1
  if (!(code >= 128)) return 0
  const char = String.fromCodePoint(text.codePointAt(at) as number)
  return WORD_PART.test(char) ? char.length : 0
}
