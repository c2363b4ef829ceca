import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scanNote } from '../src/core/asciidoc/scan.js'
import { DEFAULT_CONFIG } from '../src/core/config.js'
import { hygiene } from '../src/core/hygiene/index.js'
import type { Finding } from '../src/core/types.js'
import { readText, repositoryRoot } from './real-corpus.js'

// The sweep's precision on the labelled real pairs (test/fixtures/hygiene/labelled-pairs.json):
// the files the pairs name are swept together (under reference/, as a person's Reference notes
// would be), and a pair counts as flagged when one finding of its rule has both places among
// its members. Precision = flagged pairs judged worth a look / flagged pairs; recall = flagged
// worth pairs / worth pairs. The bench prints it, a test keeps it from falling.

export const LABELLED_PAIRS = join(repositoryRoot(), 'test', 'fixtures', 'hygiene', 'labelled-pairs.json')

interface LabelledPlace {
  file: string
  line: number
  quote: string
}

export interface LabelledPair {
  rule: 'near-duplicate' | 'contradiction'
  reason?: string
  a: LabelledPlace
  b: LabelledPlace
  worth: boolean
  why: string
}

export interface Precision {
  pairs: number
  worth: number
  flagged: number
  flaggedWorth: number
  precision: number
  recall: number
  /** The labelled pairs flagged although judged not worth a look. */
  falseAlarms: LabelledPair[]
}

export function labelledPairs(): LabelledPair[] {
  return (JSON.parse(readFileSync(LABELLED_PAIRS, 'utf8')) as { pairs: LabelledPair[] }).pairs
}

/** `nearDuplicate`: the threshold to sweep with (the configured default when left out). */
export function labelledPrecision(
  corpusRoot: string,
  nearDuplicate = DEFAULT_CONFIG.hygiene.nearDuplicate,
  pairs: readonly LabelledPair[] = labelledPairs(),
): Precision {
  const files = [...new Set(pairs.flatMap(pair => [pair.a.file, pair.b.file]))].sort()
  const texts = new Map(files.map(file => [`reference/${file}`, readText(corpusRoot, file)]))
  const notes = [...texts].map(([path, text]) => scanNote(path, text))
  const config = { ...DEFAULT_CONFIG, hygiene: { ...DEFAULT_CONFIG.hygiene, nearDuplicate } }
  const findings = hygiene({ notes, files: [...texts.keys()], texts, config, today: '2026-12-01' })
  const flagged = pairs.filter(pair => findings.some(finding => covers(finding, pair)))
  const flaggedWorth = flagged.filter(pair => pair.worth).length
  const worth = pairs.filter(pair => pair.worth).length
  return {
    pairs: pairs.length,
    worth,
    flagged: flagged.length,
    flaggedWorth,
    precision: flagged.length === 0 ? 0 : flaggedWorth / flagged.length,
    recall: worth === 0 ? 0 : flaggedWorth / worth,
    falseAlarms: flagged.filter(pair => !pair.worth),
  }
}

function covers(finding: Finding, pair: LabelledPair): boolean {
  if (finding.rule !== pair.rule) return false
  const members = (finding['members'] ?? []) as { file: string; line: number }[]
  // A near-duplicate is about whole notes; a contradiction about the lines of two passages.
  const has = (place: LabelledPlace) =>
    members.some(
      member =>
        member.file === `reference/${place.file}` && (pair.rule === 'near-duplicate' || member.line === place.line),
    )
  return has(pair.a) && has(pair.b)
}
