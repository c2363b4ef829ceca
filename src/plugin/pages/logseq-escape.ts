/**
 * Note text into Logseq block content, never as markup.
 *
 * Decision: every piece of text that comes from the corpus (a line, a file name, a finding's
 * message) goes inside an inline code span. Logseq's markdown parser (mldoc) reads a code span
 * verbatim: no page refs `[[...]]`, tags `#x`, macros `{{...}}` (queries, embeds, renderer),
 * HTML, emphasis or links are recognised inside it. Three ways out of a code span remain, and
 * each is closed here:
 *   - a backtick would end the span: it becomes U+02CB (modifier letter grave accent), which
 *     reads the same and is not a delimiter;
 *   - a line break would start a new line, where a line-start construct (heading `#`, property
 *     `key::`, hiccup `[:div]`, `#+BEGIN`, list, quote) could begin: CR, LF, tab, form feed and the
 *     Unicode line/paragraph separators become spaces;
 *   - an empty span is not a span (``` `` ``` renders literally): empty text becomes a fixed label.
 * Whole-block constructs (hiccup, properties, headings) need the block or line to start with
 * them, so callers always start a block with their own fixed text, never with escaped text.
 * Backslash escapes were rejected: mldoc's handling of them differs between constructs.
 */

const BACKTICK_STANDIN = '\u02CB'
const LINE_BREAKS = /[\r\n\t\f\v\u0085\u2028\u2029]/g
// Zero-width and bidi controls could hide text from the reader; they are shown as a visible mark.
// So are the other characters that show nothing: C1 controls, the Arabic letter mark (U+061C, a
// bidi mark), U+180E, the word joiner and invisible operators (U+2060-2064), U+206A-206F, the
// interlinear annotation marks (U+FFF9-FFFB) and tag characters (U+E0000-E007F, which can spell
// a whole hidden ASCII text).
const INVISIBLES =
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu

/** The text as one inline code span that Logseq shows verbatim. */
export function codeSpan(text: string): string {
  const flat = text.replace(LINE_BREAKS, ' ').replace(INVISIBLES, '\uFFFD').replaceAll('`', BACKTICK_STANDIN)
  if (flat.trim() === '') return '(blank)'
  // Leading/trailing spaces inside a span are trimmed by some markdown parsers; keep what shows.
  return '`' + flat + '`'
}

/** `file:line` of a finding, as one code span. */
export function locationSpan(file: string, line: number | undefined): string {
  return codeSpan(line === undefined ? file : `${file}:${line}`)
}
