// Inline references and inline anchors in prose (SPEC 2.1), found the way Asciidoctor's inline
// substitutions find them: passthroughs (`+x+`, `+++x+++`, `pass:[x]`, `$$x$$`) are set aside
// first, escaped macros (`\<<x>>`) are left alone, and each macro is taken in Asciidoctor's order
// (images, URLs, `link:`, xrefs) so that one never counts twice.

import type { Reference } from '../types.js'
import type { Entry } from './reader.js'
import { type LineClass, registerAnchor, type Sink } from './sink.js'
import { ID_SOURCE, INCLUDE_DIRECTIVE } from './syntax.js'

const WORD = String.raw`\p{Alphabetic}\p{N}\p{Pc}`
const ANCHOR_SCAN = new RegExp(
  String.raw`(?:^|[^\\\[])\[\[(${ID_SOURCE})(?:, *(.+?))? ?\]\]|(?:^|[^\\])anchor:(${ID_SOURCE})\[(?:\]|(.*?[^\\])\])`,
  'gu',
)
const PASS_MACRO = /(\\{0,2})(\+\+\+|\+\+|\$\$)([\s\S]*?)\2|(\\?)pass:([a-z]+(?:,[a-z-]+)*)?\[(|[\s\S]*?[^\\])\]/g
const PASS_SINGLE = new RegExp(String.raw`(^|[^${WORD};:\\])\+(\S|\S[\s\S]*?\S)\+(?![${WORD}])`, 'gu')
const INLINE_IMAGE = /\\?i(mage|con):([^:\s[](?:[^\n[]*[^\s[])?)\[(|[\s\S]*?[^\\])\]/g
// Asciidoctor's InlineLinkRx on unescaped text (`<`/`>` instead of `&lt;`/`&gt;`); no `u` flag,
// because the `(?!\2)` guard needs an unset group to match the empty string.
const URL_LINK =
  /(^|link:|[ \t\u00a0]|\\?<(?=\\?(?:https?|file|ftp|irc)(:))|[>()[\];"'])(\\?(?:https?|file|ftp|irc):\/\/)(?:([^\s[\]]+)\[(|[\s\S]*?[^\\])\]|(?!\2)([^\s]+?)>|([^\s[\]<]*([^\s,.?![\]<)])))/gm
const LINK_MACRO = /\\?(?:link|(mailto)):(|[^:\s[][^\s[]*)\[(|[\s\S]*?[^\\])\]/g
const XREF = new RegExp(
  String.raw`\\?(?:<<([${WORD}#/.:{][\s\S]*?)>>|xref:([${WORD}#/.:{][\s\S]*?)\[(?:\]|([\s\S]*?[^\\])\]))`,
  'gu',
)

interface Run {
  text: string
  /** Start offset of each line in `text`, with its line number. */
  starts: { offset: number; line: number }[]
}

function joinRun(entries: { text: string; line: number }[]): Run {
  const starts: Run['starts'] = []
  let offset = 0
  const parts: string[] = []
  for (const entry of entries) {
    starts.push({ offset, line: entry.line })
    parts.push(entry.text)
    offset += entry.text.length + 1
  }
  return { text: parts.join('\n'), starts }
}

function lineAt(run: Run, offset: number): number {
  let line = run.starts[0]?.line ?? 1
  for (const start of run.starts) {
    if (start.offset > offset) break
    line = start.line
  }
  return line
}

/** Blanks a span but keeps its newlines, so offsets still map to lines. */
function blank(text: string, from: number, to: number): string {
  return text.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, ' ') + text.slice(to)
}

/** Registers `[[id]]` and `anchor:id[]` in a plain paragraph (Asciidoctor's catalogInlineAnchors). */
export function scanParagraphAnchors(lines: Entry[], sink: Sink): void {
  const run = joinRun(lines)
  if (!run.text.includes('[[') && !run.text.includes('anchor:')) return
  for (const match of run.text.matchAll(ANCHOR_SCAN)) {
    const id = match[1] ?? match[3]
    if (!id) continue
    const at = match.index + match[0].indexOf(match[1] ? '[[' : 'anchor:')
    registerAnchor(sink, id, lineAt(run, at), 'inline')
  }
}

function maskPassthroughs(text: string): string {
  if (!text.includes('+') && !text.includes('$$') && !text.includes('pass:')) return text
  let masked = text
  for (const match of text.matchAll(PASS_MACRO)) {
    if ((match[1] ?? '') !== '' || (match[4] ?? '') !== '') continue
    masked = blank(masked, match.index, match.index + match[0].length)
  }
  if (!masked.includes('+')) return masked
  for (const match of masked.matchAll(PASS_SINGLE)) {
    const from = match.index + (match[1] ?? '').length
    masked = blank(masked, from, match.index + match[0].length)
  }
  return masked
}

/** The references in one run of prose lines. */
function referencesInRun(run: Run): Reference[] {
  const found: { kind: Reference['kind']; target: string; at: number }[] = []
  // Each macro needs its own marker in the text; most prose has none, so look before scanning.
  const source = run.text
  const hasImage = source.includes('image:') || source.includes('icon:')
  const hasUrl = source.includes('://')
  const hasLink = source.includes('link:') || source.includes('mailto:')
  const hasXref = source.includes('<<') || source.includes('xref:')
  if (!hasImage && !hasUrl && !hasLink && !hasXref) return []
  let text = maskPassthroughs(source)

  for (const match of hasImage ? text.matchAll(INLINE_IMAGE) : []) {
    if (match[0].startsWith('\\')) continue
    if (match[1] === 'mage') found.push({ kind: 'image', target: match[2] ?? '', at: match.index })
    text = blank(text, match.index, match.index + match[0].length)
  }
  for (const match of hasUrl ? text.matchAll(URL_LINK) : []) {
    const prefix = match[1] ?? ''
    const scheme = match[3] ?? ''
    if (prefix.startsWith('\\') || scheme.startsWith('\\')) continue
    let target = scheme + (match[4] ?? match[6] ?? match[7] ?? '')
    // Asciidoctor drops a closing parenthesis that pairs with an opening one before the URL.
    if (prefix === '(' && match[7] !== undefined && target.endsWith(')')) target = target.slice(0, -1)
    const at = match.index + prefix.length
    found.push({ kind: 'link', target, at })
    const labelStart = match[4] !== undefined ? match[0].indexOf('[', prefix.length + scheme.length) : -1
    text = blank(
      text,
      match.index + (prefix === 'link:' ? 0 : prefix.length),
      labelStart > 0 ? match.index + labelStart : match.index + match[0].length,
    )
  }
  for (const match of hasLink ? text.matchAll(LINK_MACRO) : []) {
    if (match[0].startsWith('\\') || match[1] === 'mailto') continue
    found.push({ kind: 'link', target: match[2] ?? '', at: match.index })
    text = blank(text, match.index, match.index + match[0].indexOf('['))
  }
  for (const match of hasXref ? text.matchAll(XREF) : []) {
    if (match[0].startsWith('\\')) continue
    const raw = match[1] !== undefined ? (match[1].split(',')[0] ?? '') : (match[2] ?? '')
    found.push({ kind: 'xref', target: raw.trim(), at: match.index })
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(ref => ({ kind: ref.kind, target: ref.target, line: lineAt(run, ref.at) }))
}

/**
 * Every reference outside verbatim blocks and comments: the prose runs are the consecutive
 * `text` lines, so that a macro written across two lines is still found.
 */
export function findReferences(lines: string[], classes: LineClass[]): Reference[] {
  const references: Reference[] = []
  let run: { text: string; line: number }[] = []
  const flush = (): void => {
    if (run.length > 0) references.push(...referencesInRun(joinRun(run)))
    run = []
  }
  lines.forEach((text, index) => {
    if (classes[index] !== 'text') {
      flush()
      return
    }
    const include = text.startsWith('include::') ? INCLUDE_DIRECTIVE.exec(text) : null
    if (include) {
      flush()
      references.push({ kind: 'include', target: include[2] ?? '', line: index + 1 })
      return
    }
    run.push({ text, line: index + 1 })
  })
  flush()
  return references
}
