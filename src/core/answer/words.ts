import { shownReferences } from '../asciidoc/document-attributes.js'
import { mapPassthroughs } from '../asciidoc/inline-passthroughs.js'

/**
 * The words of an AsciiDoc response as a reader sees them, for comparing with a typed answer.
 * Shared by the word diff and the grade suggestion, so the two always compare the same words.
 */

export interface Word {
  /** As the reader sees it, punctuation included ("Little."). */
  text: string
  /** For comparing: lower case, accents folded, surrounding punctuation dropped ("little", "bibliotheque"). */
  key: string
  /**
   * The same with its accents kept ("bibliothèque"): two words of one `key` but another
   * `spelled` differ in their accents only ("tu" for "tú"), which the diff shows as near.
   */
  spelled: string
  /** Inside `_emphasis_`, `*strong*` or `` `monospace` `` in the source. */
  emphasised: boolean
  /** The word ends a clause (`:`, `;`, `,`, `.`, `!`, `?`), or the next one opens a parenthesis. */
  endsClause: boolean
  /** The word ends a sentence (`.`, `!`, `?`), or a paragraph or list item ends after it. */
  endsSentence: boolean
  /**
   * A token of punctuation or symbols only (`—`, `→`, `=`, `&`, `...`): the reader sees it, so the
   * diff shows it (it was dropped, and the diff read as if the response had no `→`), but it is no
   * word: it matches only the same token, and the grade suggestion never counts it. Its `key` is
   * its text; it ends no clause or sentence.
   */
  punctuation?: true
}

/** A word proper: the grade suggestion counts these, never punctuation tokens. */
export function isWord(word: Word): boolean {
  return word.punctuation !== true
}

const BLOCK_LINE = /^\s*(?:\+|-{4,}|\.{4,}|\+{4,}|={4,}|\*{4,}|_{4,}|\|===|\/\/.*|\[[^\]]*\])\s*$/
const MARKS = /^[*_`#^~]+|[*_`#^~]+$/g
/** A pair of unconstrained marks (`**`, `__`, ``` `` ```, `##`) or of sub- and superscript marks (`~`, `^`) within one token. */
const INNER_MARKS = /(\*\*|__|``|##)(.+?)\1|([~^])([^\s~^]+)\3/g

/** AsciiDoc source to plain text: markup, block delimiters, attribute lines, anchors and macros dropped; xrefs as their text. */
export function plainText(asciidoc: string, attributes?: Readonly<Record<string, string>>): string {
  return readerWords(asciidoc, attributes)
    .map(w => w.text)
    .join(' ')
}

/**
 * The words of an AsciiDoc fragment (a prompt, a response or an answer), in order. `attributes`:
 * the note's header attributes, which its `{name}` references show (a typed answer has none).
 */
export function readerWords(asciidoc: string, attributes?: Readonly<Record<string, string>>): Word[] {
  const words: Word[] = []
  for (const line of asciidoc.split(/\r?\n/)) {
    if (line.trim() === '') {
      markSentenceEnd(words)
      continue
    }
    if (BLOCK_LINE.test(line)) {
      markSentenceEnd(words)
      continue
    }
    const text = inlineText(line.replace(/^\s*(?:[*.-]+|\d+\.)\s+(?=\S)/, ' '), attributes)
    let emphasis = false
    for (const token of text.split(/\s+/)) {
      if (token === '') continue
      const opens = /^[([{"']*[*_`]/.test(token)
      // Unconstrained marks inside a word (`**un**believable`, `H~2~O`, `E=mc^2^`) are markup
      // too: the reader sees "unbelievable", and a learner who typed it had not missed the word.
      const inner = token.search(INNER_MARKS) >= 0
      const closes = /[*_`][)\]}"'.,;:!?]*$/.test(token) || (opens && /^[([{"']*(\*\*|__|``)/.test(token) && inner)
      if (opens) emphasis = true
      const shown = token
        .replace(INNER_MARKS, '$2$4')
        .replace(/(^|[([{"'])[*_`#^~]+|[*_`#^~]+(?=[)\]}"'.,;:!?]*$)/g, '$1')
      const spelled = comparableSpelling(shown)
      const key = foldAccents(spelled)
      const isEmphasised = emphasis
      if (closes) emphasis = false
      if (key === '') {
        if (/^[([]/.test(shown)) markClauseEnd(words)
        // A lone `|` is a table's cell separator, markup the reader never sees.
        if (shown !== '' && shown !== '|')
          words.push({
            text: shown,
            key: shown,
            spelled: shown,
            emphasised: isEmphasised,
            endsClause: false,
            endsSentence: false,
            punctuation: true,
          })
        continue
      }
      if (/^[([]/.test(shown)) markClauseEnd(words)
      words.push({
        text: shown,
        key,
        spelled,
        emphasised: isEmphasised,
        endsClause: /[:;,.!?)\]]["')\]]*$/.test(shown),
        endsSentence: /[.!?]["')\]]*$/.test(shown),
      })
    }
  }
  return words
}

function markSentenceEnd(words: Word[]): void {
  const last = lastWord(words)
  if (last) {
    last.endsSentence = true
    last.endsClause = true
  }
}

function markClauseEnd(words: Word[]): void {
  const last = lastWord(words)
  if (last) last.endsClause = true
}

/** The last word proper: clause and sentence ends belong to words, not to the punctuation after them. */
function lastWord(words: readonly Word[]): Word | undefined {
  for (let k = words.length - 1; k >= 0; k--) if (isWord(words[k] as Word)) return words[k]
  return undefined
}

/** Inline markup to what a reader sees: references as their values, macros as their text, anchors dropped. */
function inlineText(line: string, attributes?: Readonly<Record<string, string>>): string {
  // References first, as Asciidoctor substitutes them before macros: `{product}` is the word the
  // reader sees, not one the answer missed; a passthrough's content (`+{x}+`) is shown as written.
  return (
    mapPassthroughs(
      line,
      outside => shownReferences(outside, attributes),
      content => content,
    )
      .replace(/\[\[[^\]]*\]\]/g, ' ')
      .replace(/\b(?:xref|link|mailto):([^\s[]*)\[([^\]]*)\]/g, (_, target: string, text: string) =>
        text.trim() === '' ? target.replace(/\.adoc(?=#|$)/, '') : text,
      )
      // A URL with a text shows the text only (`https://example.com[the site]`), as the card shows it;
      // read as one word, the learner who typed "the site" had missed a word.
      .replace(/\b((?:https?|ftp|irc):\/\/[^\s[]+)\[([^\]]*)\]/g, (_, url: string, text: string) =>
        text.trim() === '' ? url : text,
      )
      .replace(/\b(?:kbd|footnote|image|btn|menu):[^\s[]*\[([^\]]*)\]/g, '$1')
      // A backslash escapes markup (`\*`): the reader sees the character only.
      .replace(/\\(?=[*_`#~^[<])/g, '')
      .replace(/<<([^,>]*),\s*([^>]*)>>/g, '$2')
      .replace(/<<([^>]*)>>/g, '$1')
      .replace(/ \+$/, '')
  )
}

/** A word for comparing: lower case, accents folded, without surrounding punctuation or markup. */
export function comparable(word: string): string {
  return foldAccents(comparableSpelling(word))
}

/** A word lower case, without surrounding punctuation or markup, its accents kept (composed, NFC). */
function comparableSpelling(word: string): string {
  return (
    word
      .replace(MARKS, '')
      .toLowerCase()
      // "İ" lower-cases to "i" and a combining dot: a difference of case, not of accent.
      .replaceAll('i\u0307', 'i')
      .normalize('NFC')
      .replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')
  )
}

/**
 * Accents folded, so that a word typed without them aligns with the response's ("bibliotheque"
 * on a keyboard without them); the alignment then tells them apart by `spelled` (ADR 0008).
 */
function foldAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '')
}
