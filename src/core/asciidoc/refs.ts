// Inline references and inline anchors in prose (SPEC 2.1), found the way Asciidoctor's inline
// substitutions find them: passthroughs (`+x+`, `+++x+++`, `pass:[x]`, `$$x$$`) are set aside
// first, escaped macros (`\<<x>>`) are left alone, and each macro is taken in Asciidoctor's order
// (images, URLs, `link:`, xrefs) so that one never counts twice.

import type { Reference } from '../types.js'
import type { Entry } from './reader.js'
import { type LineClass, registerAnchor, type Sink } from './sink.js'
import { ID_SOURCE, INCLUDE_DIRECTIVE } from './syntax.js'

const WORD = String.raw`\p{Alphabetic}\p{N}\p{Pc}`
// Asciidoctor's inline patterns, with one change: every open-ended span (`.+?`, `[\s\S]*?`,
// `[^\n[]*`) is bounded to SPAN characters. Unbounded, each `[[a,` or `image:a` that never closes
// scans to the end of its paragraph, so a long line costs its length squared (a 200 KB line of
// `[[a,` took 6.7 s); bounded, every attempt costs at most SPAN, so the scan is linear. Only an
// anchor text, a target or an attribute list longer than SPAN reads differently (issue 15).
const SPAN = 1024
const PASS_MACRO = new RegExp(
  String.raw`(\\{0,2})(\+\+\+|\+\+|\$\$)([\s\S]{0,${SPAN}}?)\2|(\\?)pass:([a-z]+(?:,[a-z-]+)*)?\[(|[\s\S]{0,${SPAN}}?[^\\])\]`,
  'g',
)
const PASS_SINGLE = new RegExp(String.raw`(^|[^${WORD};:\\])\+(\S|\S[\s\S]{0,${SPAN}}?\S)\+(?![${WORD}])`, 'gu')
const INLINE_IMAGE = new RegExp(
  String.raw`\\?i(mage|con):([^:\s[](?:[^\n[]{0,${SPAN}}[^\s[])?)\[(|[\s\S]{0,${SPAN}}?[^\\])\]`,
  'g',
)
// Asciidoctor's InlineLinkRx on unescaped text (`<`/`>` instead of `&lt;`/`&gt;`); no `u` flag,
// because the `(?!\2)` guard needs an unset group to match the empty string.
const URL_LINK = new RegExp(
  String.raw`(^|link:|[ \t\u00a0]|\\?<(?=\\?(?:https?|file|ftp|irc)(:))|[>()[\];"'])(\\?(?:https?|file|ftp|irc):\/\/)(?:([^\s[\]]{1,${SPAN * 8}})\[(|[\s\S]{0,${SPAN}}?[^\\])\]|(?!\2)([^\s]{1,${SPAN * 8}}?)>|([^\s[\]<]*([^\s,.?![\]<)])))`,
  'gm',
)
const LINK_MACRO = new RegExp(
  String.raw`\\?(?:link|(mailto)):(|[^:\s[][^\s[]{0,${SPAN}})\[(|[\s\S]{0,${SPAN}}?[^\\])\]`,
  'g',
)
const XREF = new RegExp(
  String.raw`\\?(?:<<([${WORD}#/.:{][\s\S]{0,${SPAN}}?)>>|xref:([${WORD}#/.:{][\s\S]{0,${SPAN}}?)\[(?:\]|([\s\S]{0,${SPAN}}?[^\\])\]))`,
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

/** `joinRun` of the consecutive lines `lines[from, end)`, without an entry object per line. */
function joinLines(lines: readonly string[], from: number, end: number): Run {
  const starts: Run['starts'] = []
  let offset = 0
  for (let at = from; at < end; at++) {
    starts.push({ offset, line: at + 1 })
    offset += (lines[at] as string).length + 1
  }
  return { text: lines.slice(from, end).join('\n'), starts }
}

/** The line of an offset: a binary search, so that thousands of references in one run stay linear. */
function lineAt(run: Run, offset: number): number {
  let low = 0
  let high = run.starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((run.starts[middle] as { offset: number }).offset <= offset) low = middle
    else high = middle - 1
  }
  return run.starts[low]?.line ?? 1
}

/**
 * Blanks spans (sorted, not overlapping: they come from one global regex pass) but keeps their
 * newlines, so offsets still map to lines. One rebuild per pass, not one per match.
 */
function blankSpans(text: string, spans: readonly (readonly [number, number])[]): string {
  if (spans.length === 0) return text
  const parts: string[] = []
  let at = 0
  for (const [from, to] of spans) {
    if (from < at) continue
    const piece = text.slice(from, to)
    parts.push(text.slice(at, from), piece.includes('\n') ? piece.replace(/[^\n]/g, ' ') : ' '.repeat(piece.length))
    at = to
  }
  parts.push(text.slice(at))
  return parts.join('')
}

const ID_AT = new RegExp(ID_SOURCE, 'uy')
const ANCHOR_MACRO = new RegExp(String.raw`(?:^|[^\\])anchor:(${ID_SOURCE})\[(?:\]|(.{0,${SPAN}}?[^\\])\])`, 'gu')

/**
 * `[[id]]`, `[[id ]]` and `[[id, reftext]]` as Asciidoctor's InlineAnchorRx finds them
 * (`(?:^|[^\\[])\[\[(id)(?:, *(.+?))? ?\]\]`), without its cost: the regex scans to the end of the
 * line from every `[[id,` that never closes, so a line of them costs its length squared. Here the
 * next `]]` and the next newline are found once and reused, so the scan is linear.
 */
function bracketAnchors(text: string): { id: string; at: number }[] {
  const found: { id: string; at: number }[] = []
  let close = text.indexOf(']]')
  let newline = -1
  let lastEnd = -1
  for (let i = text.indexOf('[['); i >= 0 && close >= 0; ) {
    const before = i === 0 ? '' : text[i - 1]
    let end = -1
    ID_AT.lastIndex = i + 2
    // The regex consumes the character before `[[`: right after a match there is none to take.
    const blocked = before === '\\' || before === '[' || (i > 0 && i === lastEnd)
    const id = blocked ? null : ID_AT.exec(text)
    if (id) {
      const after = i + 2 + id[0].length
      if (text.startsWith(']]', after)) end = after + 2
      else if (text.startsWith(' ]]', after)) end = after + 3
      else if (text[after] === ',') {
        // The reftext is at least one character, then the first `]]` on the same line ends it.
        while (close >= 0 && close < after + 2) close = text.indexOf(']]', close + 1)
        if (newline !== -2 && newline < after) {
          newline = text.indexOf('\n', after)
          if (newline < 0) newline = -2
        }
        if (close >= 0 && (newline === -2 || close < newline)) end = close + 2
      }
    }
    if (end > 0) {
      found.push({ id: (id as RegExpExecArray)[0], at: i })
      lastEnd = end
      i = text.indexOf('[[', end)
    } else i = text.indexOf('[[', i + 1)
  }
  return found
}

/** Registers `[[id]]` and `anchor:id[]` in a plain paragraph (Asciidoctor's catalogInlineAnchors). */
export function scanParagraphAnchors(lines: Entry[], sink: Sink): void {
  // Most paragraphs hold neither; the run is joined only for one that does.
  if (!lines.some(entry => entry.text.includes('[[') || entry.text.includes('anchor:'))) return
  const run = joinRun(lines)
  const found = run.text.includes('[[') ? bracketAnchors(run.text) : []
  if (run.text.includes('anchor:')) {
    for (const match of run.text.matchAll(ANCHOR_MACRO)) {
      if (match[1]) found.push({ id: match[1], at: match.index + match[0].indexOf('anchor:') })
    }
    found.sort((a, b) => a.at - b.at)
  }
  for (const anchor of found) registerAnchor(sink, anchor.id, lineAt(run, anchor.at), 'inline')
}

function maskPassthroughs(text: string): string {
  if (!text.includes('+') && !text.includes('$$') && !text.includes('pass:')) return text
  const macros: [number, number][] = []
  for (const match of text.matchAll(PASS_MACRO)) {
    if ((match[1] ?? '') !== '' || (match[4] ?? '') !== '') continue
    macros.push([match.index, match.index + match[0].length])
  }
  const masked = blankSpans(text, macros)
  if (!masked.includes('+')) return masked
  const singles: [number, number][] = []
  for (const match of masked.matchAll(PASS_SINGLE)) {
    singles.push([match.index + (match[1] ?? '').length, match.index + match[0].length])
  }
  return blankSpans(masked, singles)
}

// Which macros a line may hold, by the marker each starts with; a line without one holds none.
const IMAGE = 1 // image: icon:
const URL = 2 // ://
const LINK = 4 // link: mailto:
const XREF_MARK = 8 // << xref:

/**
 * The markers of the macros `referencesInRun` looks for in a line (`image:`, `icon:`, `://`,
 * `link:`, `mailto:`, `<<`, `xref:`), as a mask. Written with indexOf, not as one alternation,
 * which the regex engine tried at every position of every line.
 */
function markersOf(text: string): number {
  let found = text.includes('<<') ? XREF_MARK : 0
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    if (text.startsWith('//', colon + 1)) found |= URL
    const before = text.charCodeAt(colon - 1)
    // Each word ends in a letter that tells which one it can be: imagE, icoN, linK, mailtO, xreF.
    if (before === 101 && text.startsWith('image', colon - 5)) found |= IMAGE
    else if (before === 110 && text.startsWith('icon', colon - 4)) found |= IMAGE
    else if (before === 107 && text.startsWith('link', colon - 4)) found |= LINK
    else if (before === 111 && text.startsWith('mailto', colon - 6)) found |= LINK
    else if (before === 102 && text.startsWith('xref', colon - 4)) found |= XREF_MARK
  }
  return found
}

const XREF_AT = new RegExp(XREF.source, 'uy')

/**
 * The matches of XREF in `text`, in order, as `matchAll` would give them, but tried only where
 * one can start (a `<<` or an `xref:`, or a backslash just before one) rather than at every
 * position of the run.
 */
function* xrefMatches(text: string): Generator<RegExpExecArray> {
  let from = 0
  let shorthand = text.indexOf('<<')
  let macro = text.indexOf('xref:')
  while (shorthand >= 0 || macro >= 0) {
    if (shorthand >= 0 && shorthand < from) shorthand = text.indexOf('<<', from)
    if (macro >= 0 && macro < from) macro = text.indexOf('xref:', from)
    const at = shorthand < 0 ? macro : macro < 0 ? shorthand : Math.min(shorthand, macro)
    if (at < 0) return
    let match: RegExpExecArray | null = null
    if (at > from && text.charCodeAt(at - 1) === 92) {
      XREF_AT.lastIndex = at - 1
      match = XREF_AT.exec(text)
    }
    if (match === null) {
      XREF_AT.lastIndex = at
      match = XREF_AT.exec(text)
    }
    if (match === null) {
      from = at + 1
      continue
    }
    from = match.index + match[0].length
    yield match
  }
}

/** The references in one run of prose lines; `markers`: what its lines hold (markersOf). */
function referencesInRun(run: Run, markers: number): Reference[] {
  const found: { kind: Reference['kind']; target: string; at: number; shorthand?: true }[] = []
  const source = run.text
  const hasImage = (markers & IMAGE) !== 0
  const hasUrl = (markers & URL) !== 0
  const hasLink = (markers & LINK) !== 0
  const hasXref = (markers & XREF_MARK) !== 0
  let text = maskPassthroughs(source)

  let spans: [number, number][] = []
  for (const match of hasImage ? text.matchAll(INLINE_IMAGE) : []) {
    if (match[0].startsWith('\\')) continue
    if (match[1] === 'mage') found.push({ kind: 'image', target: match[2] ?? '', at: match.index })
    spans.push([match.index, match.index + match[0].length])
  }
  // Blanked so that the later kinds do not see inside them; with no later kind, no need.
  if (hasUrl || hasLink || hasXref) text = blankSpans(text, spans)
  spans = []
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
    spans.push([
      match.index + (prefix === 'link:' ? 0 : prefix.length),
      labelStart > 0 ? match.index + labelStart : match.index + match[0].length,
    ])
  }
  text = blankSpans(text, spans)
  spans = []
  for (const match of hasLink ? text.matchAll(LINK_MACRO) : []) {
    if (match[0].startsWith('\\') || match[1] === 'mailto') continue
    found.push({ kind: 'link', target: match[2] ?? '', at: match.index })
    spans.push([match.index, match.index + match[0].indexOf('[')])
  }
  text = blankSpans(text, spans)
  for (const match of hasXref ? xrefMatches(text) : []) {
    if (match[0].startsWith('\\')) continue
    const raw = match[1] !== undefined ? (match[1].split(',')[0] ?? '') : (match[2] ?? '')
    if (match[1] !== undefined) found.push({ kind: 'xref', target: raw.trim(), at: match.index, shorthand: true })
    else found.push({ kind: 'xref', target: raw.trim(), at: match.index })
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(ref => {
      const reference: Reference = { kind: ref.kind, target: ref.target, line: lineAt(run, ref.at) }
      if (ref.shorthand) reference.shorthand = true
      return reference
    })
}

/**
 * Whether an include's attributes say `opts=optional` (or `options=`, the value a comma list,
 * quoted or not): Asciidoctor then drops a missing file with an info message. `%optional` is no
 * option of an include (Asciidoctor.js 4.1 reports the file missing).
 */
function isOptionalInclude(attributes: string): boolean {
  if (!attributes.includes('optional')) return false
  for (const match of attributes.matchAll(/(?:^|,)[ \t]*opt(?:ion)?s[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^,]*))/g)) {
    const value = match[1] ?? match[2] ?? match[3] ?? ''
    if (value.split(',').some(option => option.trim() === 'optional')) return true
  }
  return false
}

/**
 * Every reference outside verbatim blocks and comments: the prose runs are the consecutive
 * `text` lines, so that a macro written across two lines is still found.
 */
export function findReferences(lines: string[], classes: LineClass[]): Reference[] {
  const references: Reference[] = []
  // The run is lines[runStart, index); it is joined only when one of its lines holds a macro's
  // marker: most runs hold none, and joining them all was the most expensive step of the scan.
  let runStart = 0
  let markers = 0
  const flush = (end: number): void => {
    if (markers !== 0) {
      // One push per reference: a spread of 400,000 arguments overflows the stack.
      for (const reference of referencesInRun(joinLines(lines, runStart, end), markers)) references.push(reference)
    }
    runStart = end + 1
    markers = 0
  }
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index] as string
    const cls = classes[index]
    const include = cls !== 'comment' && text.startsWith('include::') ? INCLUDE_DIRECTIVE.exec(text) : null
    if (include) {
      // A preprocessor directive: read inside listing, literal and passthrough blocks as well
      // (code samples are most often included there), never inside a comment.
      flush(index)
      const reference: Reference = { kind: 'include', target: include[2] ?? '', line: index + 1 }
      if (isOptionalInclude(include[3] ?? '')) reference.optional = true
      references.push(reference)
      continue
    }
    if (cls !== 'text') {
      flush(index)
      continue
    }
    // No marker holds a newline, so a run has one exactly when one of its lines has.
    markers |= markersOf(text)
  }
  flush(lines.length)
  return references
}
