// How likely a person is to care about a candidate cluster, as a `score` in [0, 1] on the
// finding: the sweep shows the best-scored clusters of each rule first and only up to a cap
// (findings.ts `capRanked`). The weights come from the labelled real pairs
// (test/fixtures/hygiene/labelled-pairs.json, docs/adr/0006): what made a pair worth a look
// there is how alike the two passages are, and what made it noise is a label shared by many
// notes (a field name such as "Purpose" or "Type", not a concept the notes define).

/** The weight of each kind of contradiction candidate: how often it was right on the labelled set. */
const REASON_WEIGHT: Record<string, number> = {
  'same-prompt': 1,
  negation: 0.9,
  date: 0.8,
  number: 0.7,
  'same-term': 0.6,
}

/** A cluster that spans more notes than a pair is more often a shared template or field name. */
function spreadPenalty(files: number): number {
  return 1 / (1 + 0.5 * Math.log2(Math.max(files, 2) / 2))
}

const round = (score: number): number => Math.round(score * 1000) / 1000

export function nearDuplicateScore(similarity: number, files: number): number {
  return round(similarity * spreadPenalty(files))
}

/**
 * `likeness`: how alike the two passages are where they should be (the sentences' Jaccard for
 * a flip; 1 minus the responses' or definitions' Dice for a label, whose bodies should differ).
 */
export function contradictionScore(reason: string, likeness: number, files: number): number {
  return round((REASON_WEIGHT[reason] ?? 0.5) * Math.min(1, Math.max(0, likeness)) * spreadPenalty(files))
}
