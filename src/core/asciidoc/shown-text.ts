// What Asciidoctor 4.1 shows for the inline constructs that the terminal card and the answer check
// both read as plain text: its replacements (`(C)`, `--`, `...`, `->`, the apostrophe, character
// references), curved quotes, an image's alt text, footnotes, and the captions it writes itself (an admonition's
// label, "Table 1."). Ported from `src/constants.js` (REPLACEMENTS), `src/rx.js` and
// `src/substitutors.js`; each pattern says where it is simpler. Every pattern is bounded or
// anchored, so that a line of many unclosed marks stays linear: the card runs at every prompt.

import { shownCharacterReferences } from './character-references.js'

const WORD = String.raw`[\p{Alphabetic}\p{N}\p{Pc}]`
const ALNUM = String.raw`[\p{Alphabetic}\p{N}]`

/**
 * Asciidoctor's replacements, in its order (the order matters: `<=>` is `<⇒`, as the right
 * double arrow is replaced before the left one). A backslash before one keeps it as written and
 * is dropped (`\(C)` shows `(C)`). Where Asciidoctor writes a thin space either side of an em
 * dash (` -- `) and a zero-width space after `a--b` and `...`, plain text has an ordinary space
 * and nothing: a terminal draws neither, and a learner types neither.
 */
const REPLACEMENTS: readonly [RegExp, string][] = [
  [/\\?\(C\)/g, '©'],
  [/\\?\(R\)/g, '®'],
  [/\\?\(TM\)/g, '™'],
  [/(?: |^|\\)--(?: |$)/g, ' — '],
  [new RegExp(String.raw`(?<=${WORD})\\?--(?=${WORD})`, 'gu'), '—'],
  [/\\?\.\.\./g, '…'],
  [/\\?`'/g, '’'],
  [new RegExp(String.raw`(?<=${ALNUM})\\?'(?=\p{Alphabetic})`, 'gu'), '’'],
  [/\\?->/g, '→'],
  [/\\?=>/g, '⇒'],
  [/\\?<-/g, '←'],
  [/\\?<=/g, '⇐'],
]
/** Asciidoctor's own quick test (ReplaceableTextRx), with `<` and `>` for the arrows it finds as `&lt;`/`&gt;`. */
const REPLACEABLE = /['<>]|--|\.\.\.|\([CRT]M?\)/

/**
 * Curved quotes (``"`x`"`` “x”, ``'`x`'`` ‘x’): quote substitutions, which Asciidoctor applies
 * before monospace, so their backticks are no code. At most 500 characters inside, as the
 * constrained passthrough (an unclosed one scans no further).
 */
const CURVED = /(^|[^\p{Alphabetic}\p{N}\p{Pc};:}])(["'])`(\S|\S.{0,498}?\S)`\2(?![\p{Alphabetic}\p{N}\p{Pc}])/gu

/**
 * `text` as Asciidoctor shows it after its curved quotes and replacements, the last of which
 * passes its character references to the window (`&mdash;` is —). `protect` is given each
 * reference's character that is ASCII punctuation (`&#42;`), for a caller that reads markup after.
 */
export function typographic(text: string, protect?: (character: string) => string): string {
  let shown = text.includes('`') ? text.replace(CURVED, curved) : text
  if (REPLACEABLE.test(shown))
    for (const [pattern, replacement] of REPLACEMENTS) {
      shown = shown.replace(pattern, match => {
        const backslash = match.indexOf('\\')
        return backslash >= 0 ? match.slice(0, backslash) + match.slice(backslash + 1) : replacement
      })
    }
  return shownCharacterReferences(shown, protect)
}

function curved(_: string, before: string, quote: string, inner: string): string {
  return quote === '"' ? `${before}“${inner}”` : `${before}‘${inner}’`
}

/**
 * Highlight: `##x##` anywhere and `#x#` constrained (not after a letter, digit, `;`, `:` or `}`,
 * not before a letter or digit: `C#` is text), each with an optional role (`[.big]#x#`, a span
 * Asciidoctor shows without highlight). Groups: the role, then the text; the constrained one has
 * the character before it first. Bounded to 500 characters, as the constrained passthrough.
 */
export const MARK_UNCONSTRAINED = /(?:\[([^[\]]{1,200})\])?##(.{1,500}?)##/gu
export const MARK_CONSTRAINED =
  /(^|[^\p{Alphabetic}\p{N}\p{Pc};:}])(?:\[([^[\]]{1,200})\])?#(\S|\S.{0,498}?\S)#(?![\p{Alphabetic}\p{N}\p{Pc}])/gu

/**
 * An inline anchor (`[[id]]`, `[[id, text]]`), which shows nothing, and a cross-reference,
 * `<<id, text>>` (groups: the id, then the text, its leading blanks left out) or `<<id>>`, which
 * shows its text or its id. Each is bounded to 1,000 characters: unbounded, every `[[` or `<<`
 * that never closes scanned to the line's end, and a 100 KB line of `<<` took 19 s. The text
 * starts at its first non-blank, so that the blanks before it are read once (tried as part of
 * the text too, a text of spaces that never closed was quadratic).
 */
export const INLINE_ANCHOR = /\[\[[^\]]{0,1000}\]\]/g
export const XREF_WITH_TEXT = /<<([^,>]{0,1000}),\s*((?:[^>\s][^>]{0,999})?)>>/g
export const XREF = /<<([^>]{0,1000})>>/g

/**
 * An inline image or icon (`image:target[alt]`, `icon:name[]`; not after `image:` with a second
 * colon, which is the block macro). Asciidoctor's pattern has no left boundary; its target and
 * attribute list are bounded here to 500 and 1,000 characters.
 */
export const INLINE_IMAGE = /\\?(image|icon):([^:\s[](?:[^\n[]{0,498}[^\s[])?)\[((?:[^\]\\]|\\.){0,1000})\]/g

/**
 * What stands for an image in text: its alt text (the first positional attribute or `alt=`), or
 * Asciidoctor's default, the file's name without its extension, `-` and `_` as spaces.
 */
export function imageAlt(target: string, attributeList: string): string {
  const list = attributeList.replace(/\\\]/g, ']')
  const named = /(?:^|,)\s*alt\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^,]*))/.exec(list)
  const first = named ? null : /^\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^,=]*)(?:,|$))/.exec(list)
  const found = named ?? first
  const alt = (found?.[1] ?? found?.[2] ?? found?.[3] ?? '').trim()
  if (alt !== '') return alt
  const base =
    target
      // From the first slash of a run only: tried from each one, a target of many slashes was quadratic.
      .replace(/(?<![/\\])[/\\]+$/, '')
      .split(/[/\\]/)
      .pop() ?? target
  const dot = base.lastIndexOf('.')
  return (dot > 0 ? base.slice(0, dot) : base).replace(/[_-]/g, ' ')
}

/**
 * `footnote:[text]`, `footnote:id[text]`, `footnote:id[]` (the footnote `id` again) and the older
 * `footnoteref:[id,text]` / `footnoteref:[id]`. A backslash keeps it as written; `\]` is a `]` of
 * the text. The text is bounded to 1,000 characters.
 */
export const FOOTNOTE = /\\?footnote(?:(ref):|:([\p{L}\p{N}_-]+)?)\[((?:[^\]\\]|\\.){0,1000})\]/gu

/** The footnotes of one fragment, numbered as Asciidoctor numbers them (each fragment is a document of its own). */
export class Footnotes {
  readonly texts: string[] = []
  private readonly ids = new Map<string, number>()

  /**
   * What a footnote macro shows: its number (its text recorded when it defines one; an id seen
   * before shows that footnote's number again), the id itself for an id no footnote defined
   * (Asciidoctor shows `[id]` and warns), or null where Asciidoctor leaves the macro as written.
   */
  add(legacy: boolean, id: string | undefined, rawText: string): number | string | null {
    let name = id
    let text = rawText.replace(/\\\]/g, ']')
    if (legacy) {
      if (text === '') return null
      const comma = text.indexOf(',')
      name = comma >= 0 ? text.slice(0, comma) : text
      text = comma >= 0 ? text.slice(comma + 1) : ''
    }
    text = text.trim()
    if (name !== undefined && name !== '') {
      const known = this.ids.get(name)
      if (known !== undefined) return known
      if (text === '') return name
      this.ids.set(name, this.texts.length + 1)
    } else if (text === '') return null
    this.texts.push(text)
    return this.texts.length
  }
}

const ADMONITION_CAPTIONS: Readonly<Record<string, string>> = {
  NOTE: 'Note',
  TIP: 'Tip',
  IMPORTANT: 'Important',
  WARNING: 'Warning',
  CAUTION: 'Caution',
}

/** The label Asciidoctor shows for an admonition (`NOTE` → "Note", or the note's `:note-caption:`); null for another style. */
export function admonitionCaption(style: string, attributes?: Readonly<Record<string, string>>): string | null {
  const caption = ADMONITION_CAPTIONS[style]
  if (caption === undefined) return null
  return attributes?.[`${style.toLowerCase()}-caption`] ?? caption
}

export type CaptionedBlock = 'table' | 'figure' | 'example' | 'listing'
const BLOCK_CAPTIONS: Readonly<Record<CaptionedBlock, string | undefined>> = {
  table: 'Table',
  figure: 'Figure',
  example: 'Example',
  listing: undefined,
}

/** The counters of one fragment's captions, by kind (each fragment is a document of its own). */
export type CaptionCounts = Record<CaptionedBlock, number>

export function newCaptionCounts(): CaptionCounts {
  return { table: 0, figure: 0, example: 0, listing: 0 }
}

/**
 * What Asciidoctor writes before a titled table, image block, example block or listing
 * (`AbstractBlock#assignCaption`): the block's own `caption` attribute as written (`[caption="Figure
 * A: "]`, `[caption=""]` for none), else the note's `:caption:`, else "Table 1. ": the kind's
 * prefix (the note's `:table-caption:`, a listing's only when the note sets `:listing-caption:`)
 * and the kind's next number, counted only when one is written. '' when it writes none.
 */
export function blockCaption(
  kind: CaptionedBlock,
  own: string | undefined,
  counts: CaptionCounts,
  attributes?: Readonly<Record<string, string>>,
): string {
  const written = own ?? attributes?.caption
  if (written !== undefined) return written
  const prefix = attributes?.[`${kind}-caption`] ?? BLOCK_CAPTIONS[kind]
  if (prefix === undefined || prefix === '') return ''
  counts[kind]++
  return `${prefix} ${counts[kind]}. `
}

/** What a UI macro shows: a key sequence, a button, or a menu path (its menu first). */
export type UiMacro =
  | { kind: 'keys'; parts: string[] }
  | { kind: 'button'; parts: [string] }
  | { kind: 'menu'; parts: string[] }

/**
 * `kbd:[Ctrl+T]`, `btn:[OK]` and `menu:File[Save > As]`, and the quoted menu path `"File > Save"`:
 * UI macros, which Asciidoctor reads only when the note sets `:experimental:` (without it, the
 * window shows them as written, and so does the card). Asciidoctor's patterns (InlineKbdBtnMacroRx,
 * InlineMenuMacroRx; no left boundary), their text and a menu's name bounded to 1,000 characters,
 * a `\]` in the text being a `]` of it (where Asciidoctor ends the text at the first `]` not
 * after a backslash: `\\]` reads otherwise). A backslash before one keeps it as written.
 */
const KBD_BTN = /(\\)?(kbd|btn):\[((?:[^\]\\]|\\.){1,1000})\]/g
const MENU = new RegExp(
  String.raw`(\\)?menu:(${WORD}|[\p{Alphabetic}\p{N}\p{Pc}&][^[]{0,998}[^\s[])\[((?:[^\]\\]|\\.){0,1000})\]`,
  'gu',
)
const MENU_START = /^[\p{Alphabetic}\p{N}\p{Pc}&]/u

/** `text` with its UI macros (when `experimental`) as `show` renders each; escaped ones as written, without the backslash. */
export function shownUiMacros(text: string, experimental: boolean, show: (macro: UiMacro) => string): string {
  if (!experimental) return text
  let shown = text
  if (shown.includes(':[') && (shown.includes('kbd:') || shown.includes('btn:')))
    shown = shown.replace(KBD_BTN, (whole: string, backslash: string | undefined, kind: string, content: string) => {
      if (backslash !== undefined) return whole.slice(1)
      if (kind === 'btn') return show({ kind: 'button', parts: [content.trim().replace(/\\\]/g, ']')] })
      return show({ kind: 'keys', parts: keysOf(content) })
    })
  if (shown.includes('menu:') && shown.includes('['))
    shown = shown.replace(MENU, (whole: string, backslash: string | undefined, menu: string, items: string) => {
      if (backslash !== undefined) return whole.slice(1)
      const written = items.replace(/\\\]/g, ']')
      const delimiter = written.includes('>') ? '>' : written.includes(',') ? ',' : null
      // A menu's items without a delimiter are one item, its trailing blanks dropped; `menu:F8[]` is the menu only.
      const path = delimiter !== null ? written.split(delimiter).map(item => item.trim()) : [written.trimEnd()]
      return show({ kind: 'menu', parts: path.length === 1 && path[0] === '' ? [menu] : [menu, ...path] })
    })
  return shown.includes('"') && shown.includes('>') ? quotedMenus(shown, show) : shown
}

/** The keys of `kbd:[…]`, split as Asciidoctor splits them: at the first `,` or `+` after the first key, a trailing one a key. */
function keysOf(content: string): string[] {
  const keys = content.trim().replace(/\\\]/g, ']')
  if (keys.length <= 1) return [keys]
  const comma = keys.indexOf(',', 1)
  const plus = keys.indexOf('+', 1)
  const at = comma >= 0 && plus >= 0 ? Math.min(comma, plus) : comma >= 0 ? comma : plus
  if (at < 0) return [keys]
  const delimiter = keys.charAt(at)
  if (!keys.endsWith(delimiter)) return keys.split(delimiter).map(key => key.trim())
  const parts = keys
    .slice(0, -1)
    .split(delimiter)
    .map(key => key.trim())
  parts[parts.length - 1] += delimiter
  return parts
}

/**
 * `"File > Save"` (Asciidoctor's InlineMenuRx): a quoted text that starts with a word character
 * or `&` and has a `>` between blanks. Read between each quote and the next, once: as a pattern,
 * its lazy text and the blanks around the `>` tried every split of a long quoted run of blanks.
 */
function quotedMenus(text: string, show: (macro: UiMacro) => string): string {
  let shown = ''
  let at = 0
  let open = text.indexOf('"')
  while (open >= 0) {
    const close = text.indexOf('"', open + 1)
    if (close < 0) break
    const content = text.slice(open + 1, close)
    if (close - open <= 1001 && MENU_START.test(content) && content.includes(' > ')) {
      const escaped = open > 0 && text[open - 1] === '\\'
      shown += text.slice(at, escaped ? open - 1 : open)
      shown += escaped
        ? text.slice(open, close + 1)
        : show({ kind: 'menu', parts: content.split('>').map(item => item.trim()) })
      at = close + 1
      open = text.indexOf('"', close + 1)
    } else open = close
  }
  return shown + text.slice(at)
}
