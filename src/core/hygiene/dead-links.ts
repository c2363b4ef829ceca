import { isNotePath } from '../corpus.js'
import { resolveReference, type TargetIndex } from '../links/resolve.js'
import type { Finding, NoteModel, Reference } from '../types.js'

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
      // An `:imagesdir:` may hold the undefined attribute: what is left in the path says so.
      const undefinedName = undefinedAttribute(note, ref.target) ?? undefinedAttribute(note, resolution.file ?? '')
      if (undefinedName !== null) {
        findings.push(unresolvedAttribute(note.path, ref, undefinedName, resolution.missing))
        continue
      }
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

/**
 * The first `{name}` in a target that the note does not define (resolve.ts substitutes the
 * ones it does), null when there is none.
 */
function undefinedAttribute(note: NoteModel, target: string): string | null {
  for (const [, name] of target.matchAll(/\{([\w-]+)\}/g))
    if (!note.attributes.some(attribute => attribute.name === name)) return name as string
  return null
}

/**
 * A target that holds an attribute the note leaves undefined: the path it names
 * (`introduction/{doc-javadoc-url}org/...`) is no file anyone wrote, so saying it "does not
 * exist" misleads. A warning, not an error: such attributes are nearly always set outside the
 * note (a site playbook, `asciidoctor -a`, a document that includes this one), so whether the
 * link works cannot be told from the corpus; only that, as the note stands, it leads nowhere.
 */
function unresolvedAttribute(file: string, ref: Reference, name: string, missing: 'file' | 'anchor'): Finding {
  return {
    rule: 'dead-link',
    severity: 'warning',
    file,
    line: ref.line,
    message: `${ref.kind} ${ref.target}: the target holds {${name}}, an attribute this note does not define, so the link cannot be checked (as the note stands it leads nowhere)`,
    target: ref.target,
    missing,
    attribute: name,
  }
}
