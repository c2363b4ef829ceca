// The line-level grammar of AsciiDoc, ported from Asciidoctor 4.1 (`src/rx.js`, `src/constants.js`,
// `src/parser.js`). Keeping the patterns identical to Asciidoctor's is what makes the scanner agree
// with it; where a pattern is simplified, the comment says how.

import { execOnce, indentOf, mayBeOrderedItem, unorderedMarkerEnd } from './line-shortcuts.js'

export { execOnce, isUnorderedItem, mayBeOrderedItem, unorderedItem } from './line-shortcuts.js'

const WORD = String.raw`\p{Alphabetic}\p{N}\p{Pc}`
const ALPHA = String.raw`\p{Alphabetic}`
const ALNUM = String.raw`\p{Alphabetic}\p{N}`

/** An id as Asciidoctor accepts it in `[[id]]`, `anchor:id[]` and `[#id]`. */
export const ID_SOURCE = String.raw`[${ALPHA}_:][${WORD}\-:.]*`

export const ATTRIBUTE_ENTRY = new RegExp(String.raw`^:(!?[${WORD}][^:]*):(?:[ \t]+(.*))?$`, 'u')
const INVALID_ATTRIBUTE_NAME_CHARS = new RegExp(String.raw`[^${WORD}\-]`, 'gu')
export const BLOCK_ANCHOR = new RegExp(String.raw`^\[\[(?:|(${ID_SOURCE})(?:, *(.+))?)\]\]$`, 'u')
export const BLOCK_ATTRIBUTE_LIST = new RegExp(String.raw`^\[(|[${WORD}.#%{,"'].*)\]$`, 'u')
// An anchor's text is `,.+`, not Asciidoctor's `, *.+` (the same lines, as nothing is captured):
// with both, a `[[a,` then a long run of spaces was tried at every split of the run, each to the
// line's end, so such a line cost its length squared.
export const BLOCK_ATTRIBUTE_LINE = new RegExp(
  String.raw`^\[(?:|[${WORD}.#%{,"'].*|\[(?:|${ID_SOURCE}(?:,.+)?)\])\]$`,
  'u',
)
export const BLOCK_TITLE = /^\.(\.?[^ \t.].*)$/
export const LITERAL_PARAGRAPH = /^[ \t]+.*$/
export const ATX_SECTION_TITLE = /^(=={0,5}|##{0,5})[ \t]+(.+?)(?:[ \t]+\1)?$/
const SETEXT_TITLE_LINE = new RegExp(String.raw`^((?!\.).*?[${ALNUM}].*)$`, 'u')
export const INLINE_SECTION_ANCHOR = new RegExp(String.raw` (\\)?\[\[(${ID_SOURCE})(?:, *(.+?))?\]\]$`, 'u')
export const BIBLIOGRAPHY_ANCHOR = new RegExp(String.raw`^\[\[\[([${ALPHA}_:][${WORD}\-:.]*)(?:, *(.+?))?\]\]\]`, 'u')
export const LEADING_INLINE_ANCHOR = new RegExp(String.raw`^\[\[(${ID_SOURCE})(?:, *(.+?))?\]\]`, 'u')
export const BLOCK_MEDIA_MACRO = /^(image|video|audio)::(\S|\S.*?\S)\[(.+)?\]$/
export const INCLUDE_DIRECTIVE = /^(\\)?include::([^\s[](?:[^[]*[^\s[])?)\[(.+)?\]$/
export const ADMONITION_PARAGRAPH = /^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+/

export const ANY_LIST =
  /^(?:[ \t]*(?:-|\*\**|\.\.*|\u2022|\d+\.|[a-zA-Z]\.|[IVXivx]+\))[ \t]|(?!\/\/[^/])[ \t]*[^ \t].*?(?::::{0,2}|;;)(?:$|[ \t])|<(?:\d+|\.)>[ \t])/
export const UNORDERED_LIST = /^[ \t]*(-|\*\**|\u2022)[ \t]+([\s\S]*)$/
export const ORDERED_LIST = /^[ \t]*(\.\.*|\d+\.|[a-zA-Z]\.|[IVXivx]+\))[ \t]+([\s\S]*)$/
export const DESCRIPTION_LIST = /^(?!\/\/[^/])[ \t]*([^ \t].*?)(:::{0,2}|;;)(?:$|[ \t]+([\s\S]*)$)/
export const CALLOUT_LIST = /^<(\d+|\.)>[ \t]+([\s\S]*)$/
const DESCRIPTION_LIST_SIBLING: Record<string, RegExp> = {
  '::': /^(?!\/\/[^/])[ \t]*([^ \t].*?[^:]|[^ \t:])(::)(?:$|[ \t]+([\s\S]*)$)/,
  ':::': /^(?!\/\/[^/])[ \t]*([^ \t].*?[^:]|[^ \t:])(:::)(?:$|[ \t]+([\s\S]*)$)/,
  '::::': /^(?!\/\/[^/])[ \t]*([^ \t].*?[^:]|[^ \t:])(::::)(?:$|[ \t]+([\s\S]*)$)/,
  ';;': /^(?!\/\/[^/])[ \t]*([^ \t].*?)(;;)(?:$|[ \t]+([\s\S]*)$)/,
}

export type ListType = 'ulist' | 'olist' | 'dlist' | 'colist'
export const LIST_PATTERNS: Record<ListType, RegExp> = {
  ulist: UNORDERED_LIST,
  olist: ORDERED_LIST,
  dlist: DESCRIPTION_LIST,
  colist: CALLOUT_LIST,
}
export const NESTABLE_LISTS: readonly ListType[] = ['ulist', 'olist', 'dlist']

export function dlistSiblingPattern(delimiter: string): RegExp {
  return DESCRIPTION_LIST_SIBLING[delimiter] ?? DESCRIPTION_LIST
}

/** What tells one list item from its siblings: a marker for ulist/olist, a pattern for dlist. */
export type SiblingTrait = string | RegExp

const ORDERED_MARKER_STYLES: [RegExp, string][] = [
  [/\d+\./, '1.'],
  [/[a-z]\./, 'a.'],
  [/[ivx]+\)/, 'i)'],
  [/[A-Z]\./, 'A.'],
  [/[IVX]+\)/, 'I)'],
]

function normalizedMarker(listType: ListType, marker: string): string {
  if (listType === 'ulist') return marker
  if (listType === 'olist') {
    if (marker.startsWith('.')) return marker
    for (const [pattern, normal] of ORDERED_MARKER_STYLES) if (pattern.test(marker)) return normal
    return marker
  }
  return '<1>'
}

/** Every description list pattern needs one of these: a line without both is no dlist item, no regex asked. */
export const mayBeDescriptionListItem = (line: string): boolean => line.includes('::') || line.includes(';;')

/**
 * UNORDERED_LIST's marker check without the regex and its match: whether `line` is a ulist
 * item with exactly `marker` (`-`, `*`, `**`, ..., `•`), as `^[ \t]*(-|\*\**|\u2022)[ \t]+` reads it.
 */
function isUnorderedItemWith(line: string, marker: string): boolean {
  const start = indentOf(line)
  const end = unorderedMarkerEnd(line, start)
  return end >= 0 && end - start === marker.length && line.startsWith(marker, start)
}

export function isSiblingListItem(line: string, listType: ListType, trait: SiblingTrait): boolean {
  if (trait instanceof RegExp) return mayBeDescriptionListItem(line) && execOnce(trait, line) !== null
  if (listType === 'ulist') return isUnorderedItemWith(line, trait)
  if (listType === 'olist' && !mayBeOrderedItem(line)) return false
  const match = LIST_PATTERNS[listType].exec(line)
  if (!match) return false
  return normalizedMarker(listType, trait) === normalizedMarker(listType, match[1] ?? '')
}

// ---------------------------------------------------------------- delimited blocks

export type BlockContext =
  | 'open'
  | 'listing'
  | 'literal'
  | 'example'
  | 'sidebar'
  | 'quote'
  | 'pass'
  | 'table'
  | 'comment'
  | 'fenced_code'

const DELIMITED_BLOCKS: Record<string, [BlockContext, readonly string[]]> = {
  '--': [
    'open',
    [
      'comment',
      'example',
      'literal',
      'listing',
      'pass',
      'quote',
      'sidebar',
      'source',
      'verse',
      'admonition',
      'abstract',
      'partintro',
    ],
  ],
  '----': ['listing', ['literal', 'source']],
  '....': ['literal', ['listing', 'source']],
  '====': ['example', ['admonition']],
  '****': ['sidebar', []],
  ____: ['quote', ['verse']],
  '++++': ['pass', ['stem', 'latexmath', 'asciimath']],
  '|===': ['table', []],
  ',===': ['table', []],
  ':===': ['table', []],
  '!===': ['table', []],
  '~~~~': ['open', ['abstract', 'partintro']],
  '////': ['comment', []],
  '```': ['fenced_code', []],
}
const DELIMITER_TABLE = new Map(Object.entries(DELIMITED_BLOCKS))

export interface Delimiter {
  context: BlockContext
  masquerades: readonly string[]
  /** The exact line that closes the block. */
  terminator: string
}

/** Asciidoctor's `isDelimitedBlock`: a 2-char open block, a 4+-char uniform fence, or a ``` fence. */
// The second character of every delimiter, by its first: `--`, `==`, ... and `|=`, `,=`, `:=`, `!=`.
// Most lines are rejected on their first two characters, without a copy of the line.
const DELIMITER_SECOND = new Map([...'-.=*_+~/`'].map(c => [c.charCodeAt(0), c.charCodeAt(0)]))
for (const c of '|,:!') DELIMITER_SECOND.set(c.charCodeAt(0), 61)

export function delimiterOf(line: string): Delimiter | null {
  if (line.length < 2 || DELIMITER_SECOND.get(line.charCodeAt(0)) !== line.charCodeAt(1)) return null
  let tip: string
  let terminator = line
  if (line.length === 2) {
    tip = line
  } else {
    // Every longer delimiter repeats its second character (`---`, `|==`, ```): `** x` or
    // `== Title` is ruled out here, before the copy below.
    if (line.charCodeAt(2) !== line.charCodeAt(1)) return null
    tip = line.slice(0, Math.min(line.length, 4))
    if (tip.startsWith('`')) {
      if (tip.length === 4) {
        if (tip === '````' || !tip.startsWith('```')) return null
        tip = '```'
        terminator = '```'
      } else if (tip !== '```') return null
    } else if (tip.length === 3) return null
  }
  const entry = DELIMITER_TABLE.get(tip)
  if (!entry) return null
  if (!(terminator.length === tip.length || (tip.length === 4 && isUniformAfterFirst(line)))) return null
  return { context: entry[0], masquerades: entry[1], terminator }
}

/** Every character after the first is the same (a fence of any length); no copy of the line. */
function isUniformAfterFirst(line: string): boolean {
  const c = line.charCodeAt(1)
  for (let i = 2; i < line.length; i++) if (line.charCodeAt(i) !== c) return false
  return true
}

// ---------------------------------------------------------------- single lines

/** `// text` (not `///`, which is text, nor `////`, which opens a comment block). */
export function isCommentLine(line: string): boolean {
  return line.startsWith('//') && !line.startsWith('///')
}

export function isBlockAttributeLine(line: string): boolean {
  return line.startsWith('[') && BLOCK_ATTRIBUTE_LINE.test(line)
}

/** Asciidoctor's `isSectionTitle`: the level of an ATX (`== x`, `## x`) or setext (underlined) title. */
export function sectionLevel(line1: string, line2: string | null): number | null {
  if (line1.startsWith('=') || line1.startsWith('#')) {
    const atx = ATX_SECTION_TITLE.exec(line1)
    if (atx) return (atx[1] ?? '').length - 1
  }
  if (!line2) return null
  const level = SETEXT_LEVELS[line2[0] ?? '']
  if (level === undefined) return null
  // Every character the first one (an ASCII mark: no half of a surrogate pair equals it).
  const mark = line2.charCodeAt(0)
  for (let i = 1; i < line2.length; i++) if (line2.charCodeAt(i) !== mark) return null
  if (!SETEXT_TITLE_LINE.test(line1)) return null
  if (Math.abs(line1.length - line2.length) >= 2) return null
  return level
}
const SETEXT_LEVELS: Record<string, number> = { '=': 0, '-': 1, '~': 2, '^': 3, '+': 4 }

/** Asciidoctor lower-cases attribute names and drops the characters a name cannot hold. */
export function sanitizeAttributeName(name: string): string {
  // Most names are already lower-case ASCII words (`created`, `review_by`, `source-highlighter`):
  // kept as they are, without the Unicode regex and the lower-casing copy.
  if (isPlainAttributeName(name)) return name
  return name.replace(INVALID_ATTRIBUTE_NAME_CHARS, '').toLowerCase()
}

/** Only `a`-`z`, `0`-`9`, `_` and `-`: characters a name keeps and lower-casing leaves alone. */
function isPlainAttributeName(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45)) return false
  }
  return true
}

/** Breaks: `'''`, `<<<`, and Markdown rules (`---`, `* * *`). */
const LAYOUT_BREAK = /^(?:'{3,}|<{3,}|([-*_])( *)\1\2\1)$/

/** The first character of every break: `'`, `<`, `-`, `*`, `_`. */
const BREAK_FIRST = new Set([39, 60, 45, 42, 95])

export function isLayoutBreak(line: string): boolean {
  return BREAK_FIRST.has(line.charCodeAt(0)) && LAYOUT_BREAK.test(line)
}
