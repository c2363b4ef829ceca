import type { Config, Finding, Rule, Severity } from './types.js'

// What every operation does with its findings: one order (SPEC 2.2: file, then line, then
// rule), one summary shape, one reading of the ignore list. Validate and hygiene share them.

export interface Summary {
  errors: number
  warnings: number
  infos: number
  ignored: number
  rules: Partial<Record<Rule, number>>
  /** Findings of a ranked rule beyond its cap, left out of the output (hygiene only; see `capRanked`). */
  omitted?: Partial<Record<Rule, number>>
}

/**
 * Rules whose findings are candidates for a person to judge, each with a `score` (how likely
 * the person is to care): the sweep shows the best-scored ones up to a cap per rule and counts
 * the rest (SPEC 2.2, docs/adr/0006). Every other rule reports facts, all of them.
 */
export const RANKED_RULES: ReadonlySet<Rule> = new Set<Rule>(['near-duplicate', 'contradiction'])
/** At most this many findings of each ranked rule: what a person reads in one sitting. */
export const RANKED_CAP = 100

export type IgnoreEntry = Config['hygiene']['ignore'][number]

/** File, then line (a finding without a line first), then rule; code-unit order, never the locale's. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) => compare(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || compare(a.rule, b.rule),
  )
}

export function summarize(
  findings: readonly Finding[],
  ignored: number | readonly Finding[] = 0,
  omitted?: Partial<Record<Rule, number>>,
): Summary {
  const summary: Summary = {
    errors: 0,
    warnings: 0,
    infos: 0,
    ignored: typeof ignored === 'number' ? ignored : ignored.length,
    rules: {},
  }
  for (const finding of findings) {
    if (finding.severity === 'error') summary.errors++
    else if (finding.severity === 'warning') summary.warnings++
    else summary.infos++
    summary.rules[finding.rule] = (summary.rules[finding.rule] ?? 0) + 1
  }
  if (omitted !== undefined) summary.omitted = omitted
  return summary
}

/**
 * The findings of each ranked rule cut to the `cap` best-scored (ties: file, line), the others
 * untouched; order kept. `omitted` counts, per rule, the ranked findings left out.
 */
export function capRanked(
  findings: readonly Finding[],
  cap: number = RANKED_CAP,
): { shown: Finding[]; omitted: Partial<Record<Rule, number>> } {
  const byRule = new Map<Rule, Finding[]>()
  for (const finding of findings) {
    if (!RANKED_RULES.has(finding.rule)) continue
    const group = byRule.get(finding.rule)
    if (group) group.push(finding)
    else byRule.set(finding.rule, [finding])
  }
  const dropped = new Set<Finding>()
  const omitted: Partial<Record<Rule, number>> = {}
  for (const [rule, group] of byRule) {
    if (group.length <= cap) continue
    const ranked = sortFindings(group).sort((a, b) => scoreOf(b) - scoreOf(a))
    for (const finding of ranked.slice(cap)) dropped.add(finding)
    omitted[rule] = group.length - cap
  }
  return { shown: findings.filter(finding => !dropped.has(finding)), omitted }
}

const scoreOf = (finding: Finding): number => (typeof finding['score'] === 'number' ? finding['score'] : 0)

/**
 * Splits off the findings a person dismissed in `hygiene.ignore` (SPEC 2.2). An entry matches
 * by rule and file; when it names `other`, the finding's `other.file` must be that file too.
 * A pair is the same pair either way round: the finding sits on the first file in path order,
 * and a person should not have to know that to dismiss it.
 */
export function applyIgnore(
  findings: readonly Finding[],
  ignore: readonly IgnoreEntry[],
): { kept: Finding[]; ignored: Finding[] } {
  const kept: Finding[] = []
  const ignored: Finding[] = []
  for (const finding of findings) (ignore.some(entry => matches(entry, finding)) ? ignored : kept).push(finding)
  return { kept, ignored }
}

/**
 * A cluster (a finding with `members`) matches an entry with `other` when both files are among
 * its members: dismissing the pair a person looked at dismisses the cluster it stood for.
 */
function matches(entry: IgnoreEntry, finding: Finding): boolean {
  if (entry.rule !== finding.rule) return false
  const otherFile = finding.other?.file
  if (entry.other === undefined) return entry.file === finding.file
  if (
    (entry.file === finding.file && entry.other === otherFile) ||
    (entry.file === otherFile && entry.other === finding.file)
  )
    return true
  const members = finding['members']
  if (!Array.isArray(members)) return false
  const files = new Set(members.map(member => (member as { file?: unknown }).file))
  return files.has(entry.file) && files.has(entry.other)
}

export const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info']

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
