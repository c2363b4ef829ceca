import { isNotePath } from '../corpus.js'
import { sortFindings } from '../findings.js'
import { buildTargetIndex } from '../links/resolve.js'
import type { Config, Finding, IsoDate, NoteModel } from '../types.js'
import { labelContradictions, sentencesOfFile } from './contradictions.js'
import { deadLinks, type ExternalReference } from './dead-links.js'
import { emptyResponses } from './empty-responses.js'
import { nearDuplicateFindings, type ShingledNote, shinglesOf } from './near-duplicates.js'
import { proseOf } from './prose.js'
import { scanProse } from './prose-scan.js'
import { reviewOverdue, stale } from './review-dates.js'
import { SentenceFlips } from './sentence-flips.js'
import { Vocabulary } from './vocabulary.js'

export interface HygieneInput {
  /** Every scanned `.adoc` file (notes, README, ADRs): all are link targets, only notes are checked. */
  notes: readonly NoteModel[]
  /** Every file of the corpus, for image, include and link targets. */
  files: readonly string[]
  /** The text of each scanned file, for the checks that compare prose. */
  texts: ReadonlyMap<string, string>
  config: Config
  today: IsoDate
  /** What the listing left out (Corpus.notRead): a link there names something that exists. */
  notRead?: ReadonlyMap<string, string>
}

/** The hygiene sweep (SPEC 2), offline part: sorted findings, before the ignore list. */
export function hygiene(input: HygieneInput): Finding[] {
  return hygieneWithExternal(input).findings
}

/** The sweep plus the external URLs it did not check, for the app's optional online pass. */
export function hygieneWithExternal(input: HygieneInput): { findings: Finding[]; external: ExternalReference[] } {
  const index = buildTargetIndex(input.files, input.notes, input.notRead)
  const notes = input.notes.filter(note => isNotePath(note.path))
  const byPath = new Map(notes.map(note => [note.path, note]))
  const { shingled, flips, vocabulary } = compareProse(notes, input.texts)
  const links = deadLinks(notes, index)
  const findings = [
    ...links.findings,
    ...nearDuplicateFindings(shingled, input.config.hygiene.nearDuplicate),
    ...labelContradictions(notes, input.texts, vocabulary),
    ...emptyResponses(notes),
    ...flips.findings(file => sentencesOfFile(byPath, input.texts, file), vocabulary),
    ...reviewOverdue(notes, input.today),
    ...stale(notes, input.today, input.config.hygiene.staleDays),
  ]
  return { findings: sortFindings(findings), external: links.external }
}

/**
 * One pass over each note's prose for both checks that compare prose: its words are scanned
 * once, for the near-duplicate shingles and the contradiction sentences at the same time, and
 * a note's prose lines are dropped before the next note is read (docs/adr/0006).
 */
function compareProse(
  notes: readonly NoteModel[],
  texts: ReadonlyMap<string, string>,
): { shingled: ShingledNote[]; flips: SentenceFlips; vocabulary: Vocabulary } {
  const shingled: ShingledNote[] = []
  const flips = new SentenceFlips()
  const vocabulary = new Vocabulary()
  // The note's word hashes, in a buffer reused from note to note.
  let words = new Uint32Array(1 << 12)
  let count = 0
  const visitor = {
    word(lower: string, start: number, end: number, hash: number, inSentence: boolean): void {
      if (count === words.length) {
        const bigger = new Uint32Array(words.length * 2)
        bigger.set(words)
        words = bigger
      }
      words[count++] = hash
      flips.word(lower, start, end, hash, inSentence)
    },
    sentenceEnd: (line: number, ordinal: number): void => flips.sentenceEnd(line, ordinal),
  }
  for (const note of notes) {
    const text = texts.get(note.path)
    if (text === undefined) continue
    // The prose as the index's one scan classified it: no block is walked again here.
    const prose = proseOf(note, text)
    count = 0
    flips.startNote(note.path)
    scanProse(prose, visitor)
    shingled.push({ path: note.path, line: prose[0]?.line ?? 1, shingles: shinglesOf(words, count) })
    vocabulary.add(note.path, words, count)
  }
  return { shingled, flips, vocabulary }
}

export type { ExternalReference }
