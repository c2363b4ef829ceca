import { lineKindAt } from './asciidoc/line-classes.js'
import { splitLines } from './asciidoc/walk.js'
import { baseName } from './links/paths.js'
import { resolveReference, type TargetIndex } from './links/resolve.js'
import { OUT_MARKER } from './report/asciidoc.js'
import type { NoteModel } from './types.js'

export interface Backlink {
  file: string
  line: number
  /** The referring line as written, trimmed. */
  text: string
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
  const mention = mentionPattern(baseName(note))
  for (const source of input.notes) {
    if (anchor === null && source.path === note) continue
    // The page `hygiene --out` wrote quotes every note it has a finding about; that is no reference.
    if (input.texts.get(source.path)?.startsWith(OUT_MARKER)) continue
    for (const ref of source.references) {
      const resolution = resolveReference(source, ref, input.index)
      if (!('ok' in resolution) || !resolution.ok || resolution.file !== note) continue
      if (anchor === null || resolution.anchor === anchor) add(source.path, ref.line)
    }
    if (anchor !== null) continue
    const text = input.texts.get(source.path)
    if (text === undefined) continue
    // What is a comment or a code sample, the scan that made the model said already.
    splitLines(text).forEach((line, index) => {
      const kind = lineKindAt(source.lineClasses, index)
      if (kind !== 'comment' && kind !== 'verbatim' && mention.test(line)) add(source.path, index + 1)
    })
  }
  const result: Backlink[] = []
  for (const file of [...hits.keys()].sort()) {
    const lines = splitLines(input.texts.get(file) ?? '')
    for (const line of [...(hits.get(file) ?? [])].sort((a, b) => a - b))
      result.push({ file, line, text: (lines[line - 1] ?? '').trim() })
  }
  return result
}

/** `http.adoc` as a whole word: not inside `myhttp.adoc` or `http.adocs`; a folder before it is fine. */
function mentionPattern(fileName: string): RegExp {
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\p{L}\\p{N}_.-])${escaped}(?![\\p{L}\\p{N}_-])`, 'u')
}
