import { type ProseLine, type WordHash, wordEndAt } from './prose.js'
import { HARD_BREAK, LIST_MARKER, STARTS_BLOCK } from './sentences.js'

// One pass over a note's prose lines that serves both checks that compare prose: every word in
// order (near-duplicate shingles) and the sentences those words fall into (contradiction flips).
// Scanning the words once, straight from the lines, spares the sweep a second word scan and
// the joined paragraph and sentence strings `sentencesOf` builds (docs/adr/0006).
//
// Why the two agree with `sentencesOf` + `forEachWord` per sentence: a sentence ends after a run
// of . ! ? followed by white space or the end of the line, and paragraph lines are joined with a
// space, so sentence and line boundaries always fall on white space, between two words, where a
// word scan is in the same state as a fresh one. test/hygiene/prose-scan.test.ts checks it.

export interface ProseVisitor {
  /**
   * Each word of the prose, in order (arguments as `forEachWord` gives them). `inSentence` is
   * false for the word of a list marker (`1` of `1. `, `a` of `a. `), which sentences leave out.
   */
  word(lower: string, start: number, end: number, hash: number, inSentence: boolean): void
  /**
   * The sentence made of the in-sentence words since the previous call ends. `line`: where it
   * starts; `ordinal`: its index in `sentencesOf` of the same prose (to quote its text later).
   */
  sentenceEnd(line: number, ordinal: number): void
}

export function scanProse(prose: readonly ProseLine[], visitor: ProseVisitor): void {
  let ordinal = 0
  // The line of the current sentence's first visible character; -1 before there is one.
  let sentenceLine = -1
  const endSentence = () => {
    if (sentenceLine < 0) return
    visitor.sentenceEnd(sentenceLine, ordinal++)
    sentenceLine = -1
  }
  const found: WordHash = { hash: 0 }
  let previous = -1
  for (const { line, text } of prose) {
    if (line !== previous + 1 || STARTS_BLOCK.test(text)) endSentence()
    previous = line
    const marker = LIST_MARKER.exec(text)?.[0].length ?? 0
    // The marker is ASCII and white space, so positions before it are the same in `lower`.
    const lower = text.toLowerCase()
    // A hard line break ends the line's words, as `sentencesOf` drops it.
    const length = HARD_BREAK.exec(lower)?.index ?? lower.length
    for (let i = 0; i < length; ) {
      const end = wordEndAt(lower, i, found)
      if (end !== 0) {
        const inSentence = i >= marker
        if (inSentence && sentenceLine < 0) sentenceLine = line
        visitor.word(lower, i, end, found.hash, inSentence)
        i = end
        continue
      }
      const code = lower.charCodeAt(i)
      if (i < marker || isSpace(code)) {
        i++
        continue
      }
      if (sentenceLine < 0) sentenceLine = line
      if (isSentencePunctuation(code)) {
        let after = i + 1
        while (isSentencePunctuation(lower.charCodeAt(after))) after++
        if (after >= length || isSpace(lower.charCodeAt(after))) endSentence()
        i = after
        continue
      }
      i++
    }
  }
  endSentence()
}

const isSentencePunctuation = (code: number): boolean => code === 46 || code === 33 || code === 63

/** JavaScript's white space (`\s`, what `trim` removes). */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13)
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}
