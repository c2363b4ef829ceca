import type { DiffPart } from '../core/answer/word-diff.js'
import { shownReferences } from '../core/asciidoc/document-attributes.js'
import { readFragment, type ShownBlock } from '../core/asciidoc/fragment-blocks.js'
import { mapPassthroughs } from '../core/asciidoc/inline-passthroughs.js'
import {
  FOOTNOTE,
  Footnotes,
  INLINE_ANCHOR,
  INLINE_IMAGE,
  imageAlt,
  MARK_CONSTRAINED,
  MARK_UNCONSTRAINED,
  shownUiMacros,
  typographic,
  XREF,
  XREF_WITH_TEXT,
} from '../core/asciidoc/shown-text.js'
import type { TableCell, TableRow } from '../core/asciidoc/table-rows.js'
import { plainText, styled, type TerminalStyle } from '../core/terminal-text.js'

/**
 * AsciiDoc prompts and responses as terminal text, as a learner reading the note rendered
 * (Asciidoctor, the review window) would read it: emphasis, strong, monospace and highlight
 * (`#mark#`) as ANSI styles (or plain when `color` is off); lists and code blocks indented;
 * continuation markers, block delimiters, comments and attribute lines dropped; xrefs and links as
 * their text. The blocks are read by src/core/asciidoc/fragment-blocks.ts, which the answer check
 * reads too, so the diff shows the words the card shows (ADR 0043). Shown as plain text:
 *   - Asciidoctor's replacements: `(C)` ©, `(R)` ®, `(TM)` ™, ` -- ` and `a--b` an em dash, `...`
 *     …, `->` →, `=>` ⇒, `<-` ←, `<=` ⇐, `it's` it’s; and curved quotes (``"`x`"`` “x”);
 *   - a character reference as its character (`&mdash;`, `&#8212;`, `&#x2014;` —, `&amp;` &), as
 *     the browser shows what Asciidoctor passes it; one it escapes (`&#7;`, `&bogus;`) as written;
 *   - a block title (`.Title`) as a bold line of its own, with Asciidoctor's "Table 1. ",
 *     "Figure 1. " or "Example 1. " before it (an image's below the image, as Asciidoctor puts it);
 *   - an admonition (`NOTE: text`, `[TIP]`) with its label first: "Note: text";
 *   - a table as aligned rows, cells joined by ` | `, a header row followed by a `---+---` rule; an
 *     AsciiDoc cell (`a|`, or a column styled `a` in `cols`) as its blocks on lines of their own,
 *     a table nested in it as its own rows, their cells joined by ` ! `;
 *   - an image (`image:x.png[alt]`, `image::x.png[alt]`) as its alt text in brackets, `[alt]`
 *     (Asciidoctor's default alt when there is none: the file's name), an icon as `[name]`;
 *   - a footnote as its number in brackets, `[1]`, where it stands, and its text after the
 *     fragment, `[1] text`, as Asciidoctor numbers and lists them (each fragment is a document);
 *   - an escaped passthrough or replacement (`\+x+`, `\(C)`) as written, without the backslash;
 *   - with `:experimental:` (only then, as in Asciidoctor), `kbd:[Ctrl+T]` as its keys, `btn:[OK]`
 *     as its text, `menu:File[Save > As]` and `"File > Save"` as the path, `File › Save › As`.
 * Note text is untrusted: control characters are removed from it and bidi controls shown
 * (`plainText`: the source, and the attribute values and captions that come from the note's
 * header) before any style is added, whatever else is substituted, so a note cannot move the
 * cursor, retitle the terminal or forge a style.
 * Cheap enough for every prompt: one pass over the lines, patterns bounded or anchored.
 */

/**
 * The note's source as the card reads it: a CR, alone or before a LF, ends a line (as the scanner
 * reads it), then `plainText`. Done here, before any style is added and any width measured,
 * although the command line's output is cleaned again as it is written: so that a note cannot
 * write one of the styles that cleaning lets through, and a table's columns are as wide as the
 * text the terminal shows.
 */
function cardText(text: string): string {
  return plainText(text.replace(/\r\n?/g, '\n'))
}

/** One card's rendering: its style, the note's attributes, and its footnotes (numbered across the fragment). */
interface Card {
  style: TerminalStyle
  attributes: Readonly<Record<string, string>> | undefined
  footnotes: Footnotes
  /** Each footnote's text as shown, by number less one. */
  notes: string[]
  /** The note sets `:experimental:`: `kbd:[…]`, `btn:[…]` and `menu:…[…]` are UI macros. */
  experimental: boolean
}

/**
 * Renders an AsciiDoc fragment; every output line starts with `indent`. `attributes`: the note's
 * header attributes, whose values its `{name}` references show (verbatim blocks keep them as written).
 */
export function renderTerminal(
  source: string,
  style: TerminalStyle,
  indent = '  ',
  attributes?: Readonly<Record<string, string>>,
): string {
  const card: Card = {
    style,
    attributes,
    footnotes: new Footnotes(),
    notes: [],
    experimental: attributes?.experimental !== undefined,
  }
  const out = renderBlocks(readFragment(cardText(source), attributes), card, indent)
  card.notes.forEach((note, k) => {
    out.push(`${indent}${styled(style, 'dim', `[${k + 1}]`)} ${note}`)
  })
  return out.join('\n')
}

function renderBlocks(blocks: readonly ShownBlock[], card: Card, indent: string): string[] {
  const { style } = card
  const out: string[] = []
  let numbered = 0
  // An admonition's label goes before its first line of text ("Note: text"), or stands alone.
  let label: string | null = null
  const labelled = (text: string): string => {
    if (label === null) return text
    const shown = `${styled(style, 'bold', `${cardText(label)}:`)} ${text}`
    label = null
    return shown
  }
  const alone = () => {
    if (label !== null) out.push(`${indent}${labelled('').trimEnd()}`)
  }
  for (const block of blocks) {
    switch (block.kind) {
      case 'break':
        if (out.length > 0 && out[out.length - 1] !== '') out.push('')
        numbered = 0
        break
      case 'boundary':
        break
      case 'label':
        alone()
        label = block.text
        break
      case 'verbatim':
        alone()
        out.push(`${indent}    ${styled(style, 'code', block.text)}`)
        break
      case 'title':
        out.push(`${indent}${labelled(styled(style, 'bold', cardText(block.caption) + inline(block.text, card)))}`)
        break
      case 'line':
        out.push(`${indent}${labelled(inline(block.text, card))}`)
        break
      case 'item': {
        const marker = block.marker
        const text = labelled(inline(block.text, card))
        if (/^\d/.test(marker)) out.push(`${indent}${marker} ${text}`)
        else if (marker.startsWith('.')) {
          numbered++
          out.push(`${indent}${'  '.repeat(marker.length - 1)}${numbered}. ${text}`)
        } else {
          const depth = marker === '-' ? 1 : marker.length
          out.push(`${indent}${'  '.repeat(depth - 1)}• ${text}`)
        }
        break
      }
      case 'table':
        alone()
        out.push(...renderTable(block.rows, block.separator, card, indent))
        break
      case 'image':
        out.push(`${indent}${labelled(styled(style, 'dim', `[${cardText(block.alt)}]`))}`)
        break
    }
  }
  alone()
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  return out
}

/**
 * East Asian wide and fullwidth characters (Unicode's EastAsianWidth W and F: Hangul, CJK, kana,
 * fullwidth forms) and emoji shown as emoji by default: two columns in a terminal.
 */
const WIDE =
  /[\p{Emoji_Presentation}\u1100-\u115f\u2329\u232a\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{16fe4}\u{17000}-\u{18cff}\u{1b000}-\u{1b2ff}\u{1f200}-\u{1f2ff}\u{20000}-\u{3fffd}]/u
/** Combining marks (an accent written apart, a variation selector) and format characters (a zero-width joiner): no column. */
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}]/u

/**
 * The columns a terminal gives the text, without the styles' escape sequences: two for a wide
 * character, none for a combining or format one, one for the others, as wcwidth counts them (a
 * sequence of emoji joined by ZWJ counts each; terminals differ there).
 */
function visibleWidth(text: string): number {
  const shown = text.replace(/\u001b\[[\d;]*m/g, '')
  if (!/[^\u0000-\u02ff]/.test(shown)) return shown.length
  let width = 0
  for (const character of shown) width += WIDE.test(character) ? 2 : ZERO_WIDTH.test(character) ? 0 : 1
  return width
}

/**
 * A table as aligned rows, its cells between `separator`s (a nested table's `!`, as written, so
 * that its cells read apart from the outer table's): each column as wide as its widest cell, a
 * cell spanning columns as wide as they are. An AsciiDoc cell (`a|`) shows its blocks on lines of
 * their own (a list, a nested table as its own aligned rows), its row as tall as its tallest cell;
 * any other cell is one line.
 */
function renderTable(rows: readonly TableRow[], separator: string, card: Card, indent: string): string[] {
  const { style } = card
  const shown = rows.map(row =>
    row.cells.map(cell => {
      const lines = cellLines(cell, row.header, card)
      let width = 0
      for (const line of lines) width = Math.max(width, visibleWidth(line))
      return { lines, width, span: cell.colspan }
    }),
  )
  const widths: number[] = []
  const spanWidth = (from: number, span: number): number => {
    let width = 3 * (span - 1)
    for (let k = from; k < from + span; k++) width += widths[k] ?? 0
    return width
  }
  for (const pass of [1, 2])
    for (const row of shown) {
      let column = 0
      for (const cell of row) {
        if (pass === 1 && cell.span === 1) widths[column] = Math.max(widths[column] ?? 0, cell.width)
        if (pass === 2 && cell.span > 1 && cell.width > spanWidth(column, cell.span)) {
          const last = column + cell.span - 1
          widths[last] = (widths[last] ?? 0) + cell.width - spanWidth(column, cell.span)
        }
        column += cell.span
      }
    }
  const bar = ` ${styled(style, 'dim', separator)} `
  const out: string[] = []
  rows.forEach((row, r) => {
    const cells = shown[r] ?? []
    let height = 1
    for (const cell of cells) height = Math.max(height, cell.lines.length)
    for (let k = 0; k < height; k++) {
      let column = 0
      const line = cells.map(cell => {
        const width = spanWidth(column, cell.span)
        column += cell.span
        const text = cell.lines[k] ?? ''
        return text + ' '.repeat(Math.max(width - visibleWidth(text), 0))
      })
      out.push(`${indent}${line.join(bar)}`.trimEnd())
    }
    if (row.header) {
      const rule = Array.from({ length: widths.length }, (_, k) => '-'.repeat(widths[k] ?? 0)).join('-+-')
      out.push(`${indent}${styled(style, 'dim', rule)}`)
    }
  })
  return out
}

/** A cell's lines: an `a|` cell's blocks, a literal one as written, the others as inline text in their style, on one line. */
function cellLines(cell: TableCell, header: boolean, card: Card): string[] {
  const { style } = card
  if (cell.style === 'a')
    return renderBlocks(readFragment(cell.text, card.attributes), card, '')
      .map(line => line.trimEnd())
      .filter(line => line !== '')
  // From the first blank of a run only (the lookbehind): tried from every blank of a long run
  // without a line break, each scanned the rest of the run again.
  const text = cell.text.replace(/(?<!\s)\s*\n\s*/g, ' ')
  if (cell.style === 'l') return [styled(style, 'code', text)]
  const shown = inline(text, card)
  if (header || cell.style === 'h' || cell.style === 's') return [styled(style, 'bold', shown)]
  if (cell.style === 'e') return [styled(style, 'italic', shown)]
  if (cell.style === 'm') return [styled(style, 'code', shown)]
  return [shown]
}

/** Inline markup of one line to styled text. Monospace first, so that `*` inside code stays as typed. */
function inline(text: string, card: Card): string {
  const { style, attributes, experimental } = card
  const kept: string[] = []
  const keep = (s: string) => `\u0000${kept.push(s) - 1}\u0000`
  // Passthroughs (`+x+`, `++x++`, `pass:[x]`) first, as Asciidoctor takes them out first: their
  // content is shown as written, without the plus signs, and no markup or reference inside counts.
  // References next, then the replacements (`->` →), as in Asciidoctor, and before macros as
  // there, but also before emphasis, where Asciidoctor applies emphasis first (a value's own
  // `*x*` shows bold here, as written there): `{product}` shows the note's value, `{plus}` a `+`,
  // and a name the note does not set stays as written.
  let t = mapPassthroughs(
    text.replace(INLINE_ANCHOR, '').replace(/ \+$/, ''),
    // Cleaned again after the references: a value comes from the note's header, not the line
    // `cardText` cleaned. A character reference's punctuation (`&#42;`) is kept from the markup
    // read below, as Asciidoctor restores references after its quotes.
    outside => typographic(cardText(shownReferences(outside, attributes)), keep),
    keep,
  )
    // A backslash escapes markup (`\*not bold*`): the reader sees the character, not the backslash.
    .replace(/\\([*_`#~^[<])/g, (_, mark: string) => keep(mark))
    // From the first backtick of a run only: tried from each, a long run cost its length squared.
    .replace(/(?<!`)`+([^`]+)`+/g, (_, code: string) => keep(styled(style, 'code', code)))
  // UI macros first of the macros, as in Asciidoctor: keys as code (`Ctrl+T`), a button and a
  // menu path in bold (`File › Save`), as the window shows them; without `:experimental:` as written.
  t = shownUiMacros(t, experimental, macro => {
    if (macro.kind === 'keys') return keep(styled(style, 'code', macro.parts.join('+')))
    return keep(macro.parts.map(part => styled(style, 'bold', part)).join(` ${styled(style, 'dim', '›')} `))
  })
  t = t
    // Images before links, as in Asciidoctor: `image:https://…/x.png[Alt]` is an image.
    .replace(INLINE_IMAGE, (whole: string, kind: string, target: string, list: string) =>
      whole.startsWith('\\')
        ? whole.slice(1)
        : keep(styled(style, 'dim', `[${kind === 'icon' ? target : imageAlt(target, list)}]`)),
    )
    // Each macro's target and text bounded to 1,000 characters (ADR 0043, "Bounds"): unbounded,
    // every `xref:`, `link:`, `https://` or `kbd:[` that never closes scanned to the line's end.
    .replace(/\b(?:xref):([^\s[]{0,1000})\[([^\]]{0,1000})\]/g, (_, target: string, label: string) =>
      keep(styled(style, 'link', label.trim() || target.replace(/\.adoc(?=#|$)/, ''))),
    )
    .replace(/\b(?:https?:\/\/|link:|mailto:)[^\s[]{1,1000}\[([^\]]{0,1000})\]/g, (whole, label: string) =>
      keep(styled(style, 'link', label.trim() || whole.replace(/^link:|\[.*$/g, ''))),
    )
    .replace(XREF_WITH_TEXT, (_, __, label: string) => keep(styled(style, 'link', label)))
    .replace(XREF, (_, target: string) => keep(styled(style, 'link', target)))
  // Footnotes last of the macros, so that their text has had the substitutions above; their
  // emphasis is applied with the line's, below.
  const notes: [number, string][] = []
  t = t.replace(FOOTNOTE, (whole: string, legacy: string | undefined, id: string | undefined, note: string) => {
    if (whole.startsWith('\\')) return whole.slice(1)
    const before = card.footnotes.texts.length
    const number = card.footnotes.add(legacy !== undefined, id, note)
    if (number === null) return whole
    if (card.footnotes.texts.length > before) notes.push([before, card.footnotes.texts[before] as string])
    return keep(`[${number}]`)
  })
  t = emphasis(t, style, keep)
  for (const [k, note] of notes) card.notes[k] = expand(emphasis(note, style, keep), kept)
  return expand(t, kept)
}

/**
 * Strong, emphasis and highlight (`#mark#`, `##mark##`; with a role, `[.big]#text#`, plain text).
 * A constrained one (`*x*`, `_x_`) is at most 500 characters, as a constrained highlight or
 * passthrough: unbounded, each ` *x` that never closed scanned to the line's end.
 */
function emphasis(text: string, style: TerminalStyle, keep: (s: string) => string): string {
  const marked = (role: string | undefined, s: string) => keep(role === undefined ? styled(style, 'mark', s) : s)
  return text
    .replace(/\*\*(.+?)\*\*/g, (_, s: string) => keep(styled(style, 'bold', s)))
    .replace(/__(.+?)__/g, (_, s: string) => keep(styled(style, 'italic', s)))
    .replace(
      /(^|[^\p{L}\p{N}])\*(\S(?:.{0,498}?\S)?)\*(?![\p{L}\p{N}])/gu,
      (_, pre: string, s: string) => pre + keep(styled(style, 'bold', s)),
    )
    .replace(
      /(^|[^\p{L}\p{N}])_(\S(?:.{0,498}?\S)?)_(?![\p{L}\p{N}])/gu,
      (_, pre: string, s: string) => pre + keep(styled(style, 'italic', s)),
    )
    .replace(MARK_UNCONSTRAINED, (_, role: string | undefined, s: string) => marked(role, s))
    .replace(MARK_CONSTRAINED, (_, pre: string, role: string | undefined, s: string) => pre + marked(role, s))
}

/** Placeholders may nest (a bold inside an italic): expand until none is left. */
function expand(text: string, kept: readonly string[]): string {
  let t = text
  for (let guard = 0; guard < 8 && t.includes('\u0000'); guard++)
    t = t.replace(/\u0000(\d+)\u0000/g, (_, n: string) => kept[Number(n)] ?? '')
  return t
}

/**
 * The word diff as one terminal line: recalled words plain, missed words green in brackets with a
 * `+`, words the response lacks red with a `-`, misspellings yellow with what was typed. The
 * brackets are there without colour too, so the diff reads the same under NO_COLOR.
 */
export function renderDiff(parts: readonly DiffPart[], style: TerminalStyle): string {
  return parts
    .map(part => {
      const text = cardText(part.text)
      switch (part.kind) {
        case 'same':
          return text
        case 'missing':
          return styled(style, 'missing', `[+${text}]`)
        case 'extra':
          return styled(style, 'extra', `[-${text}]`)
        case 'near':
          return styled(style, 'near', `${text}(~${cardText(part.typed ?? '')})`)
      }
      return text
    })
    .join(' ')
}
