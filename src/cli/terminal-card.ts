import type { DiffPart } from '../core/answer/word-diff.js'
import { shownReferences } from '../core/asciidoc/document-attributes.js'
import { mapPassthroughs } from '../core/asciidoc/inline-passthroughs.js'

/**
 * AsciiDoc prompts and responses as terminal text: emphasis, strong and monospace as ANSI styles
 * (or plain when `color` is off), lists and code blocks indented, continuation markers, block
 * delimiters and attribute lines dropped, xrefs and links as their text. Note text is untrusted:
 * control characters are removed before any style is added, so a note cannot move the cursor,
 * retitle the terminal or forge a style.
 */
export interface TerminalStyle {
  color: boolean
}

const ESC = '\u001b['
const STYLES = {
  bold: ['1m', '22m'],
  italic: ['3m', '23m'],
  code: ['36m', '39m'],
  dim: ['2m', '22m'],
  link: ['4m', '24m'],
  same: ['', ''],
  missing: ['32m', '39m'],
  extra: ['31;9m', '39;29m'],
  near: ['33m', '39m'],
} as const
type StyleName = keyof typeof STYLES

export function styled(style: TerminalStyle, name: StyleName, text: string): string {
  const [on, off] = STYLES[name]
  return style.color && on !== '' ? `${ESC}${on}${text}${ESC}${off}` : text
}

/** Control characters (C0 but tab and newline, DEL, C1) out: a note is text, not terminal commands. */
export function safeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
}

const DELIMITER = /^(-{4,}|\.{4,}|\+{4,}|={4,}|\*{4,}|_{4,}|\/{4,})\s*$/
const VERBATIM = /^(-{4,}|\.{4,}|\+{4,}|\/{4,})$/
const ATTRIBUTE_LINE = /^\[[^\]]*\]$/

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
  const out: string[] = []
  let verbatim: string | null = null
  let numbered = 0
  for (const raw of safeText(source).split('\n')) {
    const line = raw.trimEnd()
    const trimmed = line.trim()
    if (verbatim !== null) {
      if (trimmed === verbatim) {
        verbatim = null
        continue
      }
      // Comment blocks (////) are not shown; listing and literal lines keep their spacing.
      if (!verbatim.startsWith('/')) out.push(`${indent}    ${styled(style, 'code', line)}`)
      continue
    }
    if (DELIMITER.test(trimmed)) {
      if (VERBATIM.test(trimmed)) verbatim = trimmed
      continue
    }
    if (trimmed === '+' || ATTRIBUTE_LINE.test(trimmed) || trimmed.startsWith('//')) continue
    if (trimmed === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('')
      numbered = 0
      continue
    }
    const bullet = /^(\*+|-)\s+(.*)$/.exec(trimmed)
    const number = /^(\.+)\s+(.*)$/.exec(trimmed)
    if (bullet) {
      const depth = bullet[1] === '-' ? 1 : (bullet[1] as string).length
      out.push(`${indent}${'  '.repeat(depth - 1)}• ${inline(bullet[2] as string, style, attributes)}`)
    } else if (number) {
      numbered++
      const depth = (number[1] as string).length
      out.push(`${indent}${'  '.repeat(depth - 1)}${numbered}. ${inline(number[2] as string, style, attributes)}`)
    } else {
      out.push(`${indent}${inline(trimmed, style, attributes)}`)
    }
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  return out.join('\n')
}

/** Inline markup of one line to styled text. Monospace first, so that `*` inside code stays as typed. */
function inline(text: string, style: TerminalStyle, attributes?: Readonly<Record<string, string>>): string {
  const kept: string[] = []
  const keep = (s: string) => `\u0000${kept.push(s) - 1}\u0000`
  // Passthroughs (`+x+`, `++x++`, `pass:[x]`) first, as Asciidoctor takes them out first: their
  // content is shown as written, without the plus signs, and no markup or reference inside counts.
  // References next, before macros as in Asciidoctor, and before emphasis, where Asciidoctor
  // applies emphasis first (a value's own `*x*` shows bold here, as written there): `{product}`
  // shows the note's value, `{plus}` a `+`, and a name the note does not set stays as written.
  let t = mapPassthroughs(
    text.replace(/\[\[[^\]]*\]\]/g, '').replace(/ \+$/, ''),
    // Cleaned again after the references: a value comes from the note's header, not the line
    // `safeText` cleaned.
    outside => safeText(shownReferences(outside, attributes)),
    keep,
  )
    // A backslash escapes markup (`\*not bold*`): the reader sees the character, not the backslash.
    .replace(/\\([*_`#~^[<])/g, (_, mark: string) => keep(mark))
    .replace(/`+([^`]+)`+/g, (_, code: string) => keep(styled(style, 'code', code)))
    .replace(/\b(?:xref):([^\s[]*)\[([^\]]*)\]/g, (_, target: string, label: string) =>
      keep(styled(style, 'link', label.trim() || target.replace(/\.adoc(?=#|$)/, ''))),
    )
    .replace(/\b(?:https?:\/\/[^\s[]+|link:[^\s[]+|mailto:[^\s[]+)\[([^\]]*)\]/g, (whole, label: string) =>
      keep(styled(style, 'link', label.trim() || whole.replace(/^link:|\[.*$/g, ''))),
    )
    .replace(/<<([^,>]*),\s*([^>]*)>>/g, (_, __, label: string) => keep(styled(style, 'link', label)))
    .replace(/<<([^>]*)>>/g, (_, target: string) => keep(styled(style, 'link', target)))
    .replace(/\b(?:kbd|btn):\[([^\]]*)\]/g, '$1')
  t = t
    .replace(/\*\*(.+?)\*\*/g, (_, s: string) => keep(styled(style, 'bold', s)))
    .replace(/__(.+?)__/g, (_, s: string) => keep(styled(style, 'italic', s)))
    .replace(
      /(^|[^\p{L}\p{N}])\*(\S(?:.*?\S)?)\*(?![\p{L}\p{N}])/gu,
      (_, pre: string, s: string) => pre + keep(styled(style, 'bold', s)),
    )
    .replace(
      /(^|[^\p{L}\p{N}])_(\S(?:.*?\S)?)_(?![\p{L}\p{N}])/gu,
      (_, pre: string, s: string) => pre + keep(styled(style, 'italic', s)),
    )
  // Placeholders may nest (a bold inside an italic): expand until none is left.
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
      const text = safeText(part.text)
      switch (part.kind) {
        case 'same':
          return text
        case 'missing':
          return styled(style, 'missing', `[+${text}]`)
        case 'extra':
          return styled(style, 'extra', `[-${text}]`)
        case 'near':
          return styled(style, 'near', `${text}(~${safeText(part.typed ?? '')})`)
      }
      return text
    })
    .join(' ')
}
