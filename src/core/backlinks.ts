import { lineKindAt } from './asciidoc/line-classes.js'
import { splitLines } from './asciidoc/walk.js'
import { baseName, folderOf, joinInsideCorpus } from './links/paths.js'
import { resolveReference, type TargetIndex } from './links/resolve.js'
import { OUT_MARKER } from './report/asciidoc.js'
import { quoteLine } from './report/model.js'
import type { NoteModel } from './types.js'

export interface Backlink {
  file: string
  line: number
  /** The referring line, trimmed and quoted as findings quote a line (quoteLine: at most 120 characters). */
  text: string
  /** Set when the line's reference leads to the note but to an anchor it does not have: the id as written. */
  deadAnchor?: string
}

export interface BacklinksInput {
  /** Every scanned `.adoc` file: a README or an ADR that refers to a note is a place that refers to it. */
  notes: readonly NoteModel[]
  texts: ReadonlyMap<string, string>
  index: TargetIndex
}

/** `reference/http.adoc#verbs` gives the note and the anchor; no `#` gives the whole note. */
export function parseBacklinkTarget(target: string): { note: string; anchor: string | null } {
  const hash = target.indexOf('#')
  return hash < 0
    ? { note: target, anchor: null }
    : { note: target.slice(0, hash), anchor: target.slice(hash + 1) || null }
}

/**
 * The places that refer to `note` (SPEC 2.1), computed on request: references that resolve to
 * it, and mentions of its file name as a whole word in prose. With an anchor, only references
 * that resolve to that anchor, the note's own ones included. Without one, the note's own lines
 * are left out: a note pointing at its own sections is not a place that refers to the note.
 * One entry per line, in file then line order.
 */
export function backlinks(input: BacklinksInput, note: string, anchor: string | null): Backlink[] {
  const hits = new Map<string, Set<number>>()
  const add = (file: string, line: number) => {
    const lines = hits.get(file)
    if (lines) lines.add(line)
    else hits.set(file, new Set([line]))
  }
  // `file:line` of references that reach the note but none of its anchors, with the anchor written.
  const dead = new Map<string, string>()
  const name = baseName(note)
  const mention = mentionPattern(name)
  // A bare file name names this note only where no other file of the corpus has that name
  // (nine `index.adoc` files: which one "see index.adoc" means is the reader's guess), or from
  // a note in the same folder.
  const nameIsUnique = !input.notes.some(other => other.path !== note && baseName(other.path) === name)
  for (const source of input.notes) {
    if (anchor === null && source.path === note) continue
    // The page `hygiene --out` wrote quotes every note it has a finding about; that is no reference.
    if (input.texts.get(source.path)?.startsWith(OUT_MARKER)) continue
    for (const ref of source.references) {
      const resolution = resolveReference(source, ref, input.index)
      if (!('ok' in resolution) || resolution.file !== note) continue
      if (!resolution.ok) {
        // A reference to the note whose anchor is gone still refers to the note, and is the one
        // a person fixing the note most needs to find (validate reports it as unresolved).
        if (anchor !== null || resolution.missing !== 'anchor') continue
        add(source.path, ref.line)
        const hash = ref.target.indexOf('#')
        if (!dead.has(`${source.path}:${ref.line}`))
          dead.set(`${source.path}:${ref.line}`, hash < 0 ? ref.target : ref.target.slice(hash + 1))
      } else if (anchor === null || resolution.anchor === anchor) add(source.path, ref.line)
    }
    if (anchor !== null) continue
    const text = input.texts.get(source.path)
    if (text === undefined) continue
    // What is a comment or a code sample, the scan that made the model said already.
    splitLines(text).forEach((line, index) => {
      const kind = lineKindAt(source.lineClasses, index)
      if (kind === 'comment' || kind === 'verbatim') return
      if (mentionsNote(line, mention, note, source.path, nameIsUnique)) add(source.path, index + 1)
    })
  }
  const result: Backlink[] = []
  for (const file of [...hits.keys()].sort()) {
    const lines = splitLines(input.texts.get(file) ?? '')
    for (const line of [...(hits.get(file) ?? [])].sort((a, b) => a - b)) {
      const deadAnchor = dead.get(`${file}:${line}`)
      const text = quoteLine(lines[line - 1] ?? '')
      result.push(deadAnchor === undefined ? { file, line, text } : { file, line, text, deadAnchor })
    }
  }
  return result
}

/**
 * `http.adoc` as a whole word (not inside `myhttp.adoc` or `http.adocs`), with the path written
 * directly before it (`reference/`, `../`, `xref:`) as group 1, from where that word begins.
 */
function mentionPattern(fileName: string): RegExp {
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(
    `(?<!${PATH_CHARACTER})(${PATH_CHARACTER}*?)(?<![\\p{L}\\p{N}_.-])${escaped}(?![\\p{L}\\p{N}_-])`,
    'gu',
  )
}
/** A character a path written in prose may hold (not a space, a bracket, a quote or punctuation around it). */
const PATH_CHARACTER = '[^\\s\\[\\](){}<>"\'`,;|*]'

/**
 * Whether `line` of `source` mentions `note` by its file name. A name inside a macro or a URL
 * (`xref:index.adoc[]`, `stem:index.adoc`, `https://…/index.adoc`) or a `<<…>>` is a reference,
 * resolved as one above, or an address: never a mention. A name after a path names this note
 * only when the path leads to it (from the source's folder or the corpus root, or as the end of
 * its path: `pages/index.adoc`); a bare name only where it is unique or the source is beside it.
 */
function mentionsNote(line: string, pattern: RegExp, note: string, source: string, nameIsUnique: boolean): boolean {
  for (const match of line.matchAll(pattern)) {
    const path = match[1] ?? ''
    if (line.startsWith('<<', match.index - 2) || path.includes(':')) continue
    const written = path + baseName(note)
    if (path === '') {
      if (nameIsUnique || folderOf(source) === folderOf(note)) return true
      continue
    }
    if (
      joinInsideCorpus(folderOf(source), written) === note ||
      joinInsideCorpus('', written) === note ||
      (!written.startsWith('.') && note.endsWith(`/${written}`))
    )
      return true
  }
  return false
}
