// How likely a person is to care about a candidate cluster, as a `score` in [0, 1] on the
// finding: the sweep shows the best-scored clusters of each rule first and only up to a cap
// (findings.ts `capRanked`). A judgement, checked against the labelled real pairs
// (test/fixtures/hygiene/labelled-pairs.json, docs/adr/0006): the closer the two passages the
// likelier a person cares, and a cluster over many notes was a shared template or a field name
// there ("Purpose" on every extension page), not a concept the notes define.

/** The weight of each kind of contradiction candidate: what a wrong one costs a person (a practice answer most). */
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
