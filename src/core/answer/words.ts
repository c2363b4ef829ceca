import { shownReferences } from '../asciidoc/document-attributes.js'
import { readFragment, type ShownBlock } from '../asciidoc/fragment-blocks.js'
import { mapPassthroughs } from '../asciidoc/inline-passthroughs.js'
import {
  FOOTNOTE,
  Footnotes,
  INLINE_ANCHOR,
  INLINE_IMAGE,
  MARK_CONSTRAINED,
  MARK_UNCONSTRAINED,
  shownUiMacros,
  typographic,
  XREF,
  XREF_WITH_TEXT,
} from '../asciidoc/shown-text.js'

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

// A run at a word's end is matched from its first character only (the lookbehinds below): tried
// from each, a word of many marks or punctuation (`a***…a`, `a)")"…a`) cost its length squared.
const MARKS = /^[*_`#^~]+|(?<![*_`#^~])[*_`#^~]+$/g
/** A pair of unconstrained marks (`**`, `__`, ``` `` ```) or of sub- and superscript marks (`~`, `^`) within one token. */
const INNER_MARKS = /(\*\*|__|``)(.+?)\1|([~^])([^\s~^]+)\3/g
/** What may stand before a token's opening mark, and after its closing one (`(_word_)`, `“_word_”…`). */
const BEFORE_MARK = `([{"'“‘`
const AFTER_MARK = `)\\]}"'”’.,;:!?…`
const OPENS = new RegExp(`^[${BEFORE_MARK}]*[*_\`]`)
const OPENS_UNCONSTRAINED = new RegExp(`^[${BEFORE_MARK}]*(\\*\\*|__|\`\`)`)
const CLOSES = new RegExp(`[*_\`][${AFTER_MARK}]*$`)
// Not `#`: highlight is read before (`C#` is a word).
const SHOWN_MARKS = new RegExp(`(^|[${BEFORE_MARK}])[*_\`^~]+|(?<![*_\`^~])[*_\`^~]+(?=[${AFTER_MARK}]*$)`, 'g')
/** A clause mark, or a `)` or `]`, then only closing quotes and brackets; a run of them tried from its start only. */
const ENDS_CLAUSE = /(?:[:;,.!?…]|(?<!["'”’)\]])["'”’]*[)\]])["'”’)\]]*$/
const ENDS_SENTENCE = /[.!?…]["'”’)\]]*$/

/** AsciiDoc source to plain text: markup, block delimiters, attribute lines, anchors and macros dropped; xrefs as their text. */
export function plainText(asciidoc: string, attributes?: Readonly<Record<string, string>>): string {
  return readerWords(asciidoc, attributes)
    .map(w => w.text)
    .join(' ')
}

/**
 * The words of an AsciiDoc fragment (a prompt, a response or an answer), in order, as its blocks
 * (src/core/asciidoc/fragment-blocks.ts) show them: the words a learner reads, not what Asciidoctor
 * writes itself (an admonition's label, "Table 1.", a footnote's number), nor an image (the window
 * shows a picture, not its alt text). A footnote's text comes after the fragment, where the
 * reader finds it (ADR 0043). `attributes`: the note's header attributes, which its `{name}`
 * references show (a typed answer has none).
 */
export function readerWords(asciidoc: string, attributes?: Readonly<Record<string, string>>): Word[] {
  const words = new WordList()
  const footnotes = new Footnotes()
  const notes: string[] = []
  const reading: Reading = { attributes, footnotes, notes, experimental: attributes?.experimental !== undefined }
  pushBlocks(words, readFragment(asciidoc.replace(/\r\n?/g, '\n'), attributes), reading)
  for (const note of notes) {
    words.markSentenceEnd()
    pushTokens(words, note)
  }
  return words.items
}

interface Reading {
  attributes: Readonly<Record<string, string>> | undefined
  footnotes: Footnotes
  /** The footnotes' texts, read, in their order. */
  notes: string[]
  /** The note sets `:experimental:`: `kbd:[…]`, `btn:[…]` and `menu:…[…]` are UI macros. */
  experimental: boolean
}

function pushBlocks(words: WordList, blocks: readonly ShownBlock[], reading: Reading): void {
  for (const block of blocks) {
    switch (block.kind) {
      case 'break':
      case 'boundary':
        words.markSentenceEnd()
        break
      case 'line':
      case 'item':
        pushTokens(words, inlineText(block.text, reading))
        break
      case 'title':
        words.markSentenceEnd()
        pushTokens(words, inlineText(block.text, reading))
        words.markSentenceEnd()
        break
      case 'verbatim':
        pushTokens(words, block.text, true)
        break
      case 'table':
        for (const row of block.rows)
          for (const cell of row.cells) {
            if (cell.style === 'a') pushBlocks(words, readFragment(cell.text, reading.attributes), reading)
            else if (cell.style === 'l') for (const line of cell.text.split('\n')) pushTokens(words, line, true)
            else pushTokens(words, inlineText(cell.text.replace(/\n+/g, ' '), reading))
            words.markSentenceEnd()
          }
        break
      case 'label':
      case 'image':
        break
    }
  }
}

/** The tokens of one line of shown text; `verbatim`: a listing's line, whose marks are its text. */
function pushTokens(words: WordList, text: string, verbatim = false): void {
  let emphasis = false
  for (const token of text.split(/\s+/)) {
    if (token === '') continue
    const opens = !verbatim && OPENS.test(token)
    // Unconstrained marks inside a word (`**un**believable`, `H~2~O`, `E=mc^2^`) are markup
    // too: the reader sees "unbelievable", and a learner who typed it had not missed the word.
    const inner = !verbatim && token.search(INNER_MARKS) >= 0
    const closes = !verbatim && (CLOSES.test(token) || (opens && OPENS_UNCONSTRAINED.test(token) && inner))
    if (opens) emphasis = true
    const shown = verbatim ? token : fromStandIns(token.replace(INNER_MARKS, '$2$4').replace(SHOWN_MARKS, '$1'))
    const spelled = comparableSpelling(shown)
    const key = foldAccents(spelled)
    const isEmphasised = emphasis
    if (closes) emphasis = false
    if (key === '') {
      if (/^[([]/.test(shown)) words.markClauseEnd()
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
    if (/^[([]/.test(shown)) words.markClauseEnd()
    words.push({
      text: shown,
      key,
      spelled,
      emphasised: isEmphasised,
      endsClause: ENDS_CLAUSE.test(shown),
      endsSentence: ENDS_SENTENCE.test(shown),
    })
  }
}

/** The words read so far, and the last word proper among them: clause and sentence ends belong to words, not to the punctuation after them. */
class WordList {
  readonly items: Word[] = []
  // Kept as words are pushed: searched for backwards at each mark, it was searched for across the
  // same run of punctuation tokens again and again (`a [ [ [ …`, 40 KB: 1 s).
  private last: Word | undefined

  push(word: Word): void {
    this.items.push(word)
    if (isWord(word)) this.last = word
  }

  markSentenceEnd(): void {
    if (this.last) {
      this.last.endsSentence = true
      this.last.endsClause = true
    }
  }

  markClauseEnd(): void {
    if (this.last) this.last.endsClause = true
  }
}

/**
 * Inline markup to what a reader sees: references as their values, Asciidoctor's replacements
 * (`->` is `→`, `it's` is `it’s`: the learner's answer goes through them too), macros as their
 * text, anchors and images dropped, a footnote's text kept in `reading.notes` for the end.
 */
function inlineText(line: string, reading: Reading): string {
  // References first, as Asciidoctor substitutes them before macros: `{product}` is the word the
  // reader sees, not one the answer missed; a passthrough's content (`+{x}+`) is shown as written.
  const shown = mapPassthroughs(
    line,
    outside => typographic(shownReferences(outside, reading.attributes), standIn),
    // A passthrough's content is shown as written: its punctuation is no markup here either.
    content => content.replace(ASCII_PUNCTUATION, standIn),
  )
  return (
    // UI macros first of the macros, as in Asciidoctor; without `:experimental:` as written.
    shownUiMacros(shown, reading.experimental, macro =>
      macro.kind === 'keys' ? macro.parts.join('+') : macro.parts.join(' › '),
    )
      .replace(INLINE_ANCHOR, ' ')
      // Images before links, as in Asciidoctor: `image:https://…/x.png[Alt]` is an image.
      .replace(INLINE_IMAGE, (whole: string) => (whole.startsWith('\\') ? whole.slice(1) : ' '))
      // Each macro's target and text bounded to 1,000 characters, as the card's (ADR 0043, "Bounds").
      .replace(/\b(?:xref|link|mailto):([^\s[]{0,1000})\[([^\]]{0,1000})\]/g, (_, target: string, text: string) =>
        text.trim() === '' ? target.replace(/\.adoc(?=#|$)/, '') : text,
      )
      // A URL with a text shows the text only (`https://example.com[the site]`), as the card shows it;
      // read as one word, the learner who typed "the site" had missed a word.
      .replace(/\b((?:https?|ftp|irc):\/\/[^\s[]{1,1000})\[([^\]]{0,1000})\]/g, (_, url: string, text: string) =>
        text.trim() === '' ? url : text,
      )
      // A backslash escapes markup (`\*`): the reader sees the character only.
      .replace(/\\(?=[*_`#~^[<])/g, '')
      .replace(XREF_WITH_TEXT, '$2')
      .replace(XREF, '$1')
      // Highlighted text (`#text#`, `[.big]#text#`) is its text; `C#` stays as written.
      .replace(MARK_UNCONSTRAINED, '$2')
      .replace(MARK_CONSTRAINED, '$1$3')
      // Last, so that a footnote's text has had every substitution above: it is read at the end.
      .replace(FOOTNOTE, (whole: string, legacy: string | undefined, id: string | undefined, text: string) => {
        if (whole.startsWith('\\')) return whole.slice(1)
        const before = reading.footnotes.texts.length
        if (reading.footnotes.add(legacy !== undefined, id, text) === null) return whole
        if (reading.footnotes.texts.length > before) reading.notes.push(reading.footnotes.texts[before] as string)
        return ' '
      })
      .replace(/ \+$/, '')
  )
}

/**
 * The ASCII punctuation of a character reference (`&#42;`, `&lt;`) and of a passthrough's content
 * (`+*+`), while the line's markup is read: a character of the private use area, so that no
 * pattern here reads it as markup (Asciidoctor restores references after its quotes, and takes
 * passthroughs out before all), turned back into itself once the marks are stripped.
 */
const STAND_IN_BASE = 0xf0000
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g
const STAND_INS = /[\u{f0021}-\u{f007e}]/gu

function standIn(character: string): string {
  return String.fromCodePoint(STAND_IN_BASE + (character.codePointAt(0) ?? 0))
}

function fromStandIns(text: string): string {
  return text.replace(STAND_INS, c => String.fromCodePoint((c.codePointAt(0) ?? STAND_IN_BASE) - STAND_IN_BASE))
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
      // A typed apostrophe is the typographic one Asciidoctor shows (`it's`, `it’s`).
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      // "İ" lower-cases to "i" and a combining dot: a difference of case, not of accent.
      .replaceAll('i\u0307', 'i')
      .normalize('NFC')
      .replace(/^[\p{P}\p{S}]+|(?<![\p{P}\p{S}])[\p{P}\p{S}]+$/gu, '')
  )
}

/**
 * Accents folded, so that a word typed without them aligns with the response's ("bibliotheque"
 * on a keyboard without them); the alignment then tells them apart by `spelled` (ADR 0008).
 */
function foldAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '')
}
