import { isNotePath } from '../corpus.js'
import { sortFindings } from '../findings.js'
import { buildTargetIndex } from '../links/resolve.js'
import type { Config, Finding, IsoDate, NoteModel } from '../types.js'
import { contradictions } from './contradictions.js'
import { deadLinks, type ExternalReference } from './dead-links.js'
import { nearDuplicates } from './near-duplicates.js'
import { proseLines } from './prose.js'
import { reviewOverdue, stale } from './review-dates.js'

export interface HygieneInput {
  /** Every scanned `.adoc` file (notes, README, ADRs): all are link targets, only notes are checked. */
  notes: readonly NoteModel[]
  /** Every file of the corpus, for image, include and link targets. */
  files: readonly string[]
  /** The text of each scanned file, for the checks that compare prose. */
  texts: ReadonlyMap<string, string>
  config: Config
  today: IsoDate
}

/** The hygiene sweep (SPEC 2), offline part: sorted findings, before the ignore list. */
export function hygiene(input: HygieneInput): Finding[] {
  return hygieneWithExternal(input).findings
}

/** The sweep plus the external URLs it did not check, for the app's optional online pass. */
export function hygieneWithExternal(input: HygieneInput): { findings: Finding[]; external: ExternalReference[] } {
  const index = buildTargetIndex(input.files, input.notes)
  const notes = input.notes.filter((note) => isNotePath(note.path))
  // Which lines are prose is found once per note: near-duplicates and contradictions both need it.
  const texts = notes.flatMap((note) => {
    const text = input.texts.get(note.path)
    return text === undefined ? [] : [{ path: note.path, text, prose: proseLines(text) }]
  })
  const prose = new Map(texts.map((note) => [note.path, note.prose]))
  const links = deadLinks(notes, index)
  const findings = [
    ...links.findings,
    ...nearDuplicates(texts, input.config.hygiene.nearDuplicate),
    ...contradictions(notes, input.texts, prose),
    ...reviewOverdue(notes, input.today),
    ...stale(notes, input.today, input.config.hygiene.staleDays),
  ]
  return { findings: sortFindings(findings), external: links.external }
}

export type { ExternalReference }
