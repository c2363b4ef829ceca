import type { Config, Finding, Rule, Severity } from './types.js'

// What every operation does with its findings: one order (SPEC 2.2: file, then line, then
// rule), one summary shape, one reading of the ignore list. Validate and hygiene share them.

export interface Summary {
  errors: number
  warnings: number
  infos: number
  ignored: number
  rules: Partial<Record<Rule, number>>
}

export type IgnoreEntry = Config['hygiene']['ignore'][number]

/** File, then line (a finding without a line first), then rule; code-unit order, never the locale's. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) => compare(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || compare(a.rule, b.rule),
  )
}

export function summarize(findings: readonly Finding[], ignored: number | readonly Finding[] = 0): Summary {
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
  return summary
}

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

function matches(entry: IgnoreEntry, finding: Finding): boolean {
  if (entry.rule !== finding.rule) return false
  const otherFile = finding.other?.file
  if (entry.other === undefined) return entry.file === finding.file
  return (
    (entry.file === finding.file && entry.other === otherFile) ||
    (entry.file === otherFile && entry.other === finding.file)
  )
}

export const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info']

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
