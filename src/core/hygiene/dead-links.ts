import { isNotePath } from '../corpus.js'
import { resolveReference, type TargetIndex } from '../links/resolve.js'
import type { Finding, NoteModel } from '../types.js'

/** A reference to an external URL, for the online check (which the sweep makes only when asked). */
export interface ExternalReference {
  file: string
  line: number
  target: string
  url: string
}

/**
 * `dead-link` findings for every reference kind of every note (README and ADRs are targets, not
 * sources), plus the external references that only an online check can judge.
 */
export function deadLinks(
  notes: readonly NoteModel[],
  index: TargetIndex,
): { findings: Finding[]; external: ExternalReference[] } {
  const findings: Finding[] = []
  const external: ExternalReference[] = []
  for (const note of notes) {
    if (!isNotePath(note.path)) continue
    for (const ref of note.references) {
      const resolution = resolveReference(note, ref, index)
      if ('external' in resolution) {
        if (/^https?:\/\//i.test(resolution.url))
          external.push({ file: note.path, line: ref.line, target: ref.target, url: resolution.url })
        continue
      }
      // Antora resource ids are reported once, by validate (xref-unverifiable), never as dead.
      if ('unverifiable' in resolution || resolution.ok) continue
      // An optional include may be missing: Asciidoctor drops it with no error.
      if (ref.optional === true && resolution.missing === 'file') continue
      const where = resolution.file ?? 'a place outside the corpus'
      const message =
        resolution.missing === 'anchor'
          ? `${ref.kind} ${ref.target}: no anchor or section "${anchorOf(ref.target)}" in ${resolution.file ?? note.path}`
          : `${ref.kind} ${ref.target}: ${resolution.file === undefined ? `${where}, which is never read` : resolution.notRead === undefined ? `${where} does not exist` : `${where} is not read: ${resolution.notRead}`}`
      findings.push({
        rule: 'dead-link',
        severity: 'error',
        file: note.path,
        line: ref.line,
        message,
        target: ref.target,
        missing: resolution.missing,
      })
    }
  }
  return { findings, external }
}

function anchorOf(target: string): string {
  const hash = target.indexOf('#')
  return hash < 0 ? target : target.slice(hash + 1)
}
