import { describe, expect, it } from 'vitest'
import { summarize } from '../../src/core/findings.js'
import { buildReport, renderText, summaryLine } from '../../src/core/report/index.js'
import type { Finding } from '../../src/core/types.js'

// A report of clustered, ranked candidates: the best-scored first, the members of a cluster of
// more than two shown, and what the caps left out said in the summary line.

const cluster = (file: string, score: number, members: number): Finding => ({
  rule: 'near-duplicate',
  severity: 'warning',
  file,
  line: 1,
  message: `like others (${score})`,
  other: { file: 'reference/z0.adoc', line: 1 },
  members: Array.from({ length: members }, (_, i) => ({ file: `reference/z${i}.adoc`, line: 1 })),
  score,
})

describe('a report of ranked candidates', () => {
  const findings = [cluster('reference/a.adoc', 0.5, 2), cluster('reference/b.adoc', 0.9, 12)]
  const summary = summarize(findings, 0, { 'near-duplicate': 7 })
  const report = buildReport({
    title: 'Hygiene sweep',
    corpus: 'c',
    generatedAt: '2026-12-01',
    findings,
    summary,
    lineText: () => null,
  })

  it('lists the best-scored cluster first and says how many the cap left out', () => {
    expect(report.sections[0]?.entries.map(entry => entry.finding.file)).toEqual([
      'reference/b.adoc',
      'reference/a.adoc',
    ])
    expect(summaryLine(summary)).toBe(
      '0 errors, 2 warnings, 0 infos, 0 ignored; 7 more near-duplicate findings not shown (the best-scored are shown)',
    )
  })

  it('prints the members of a cluster of more than two, the first ten and a count', () => {
    const text = renderText(report)
    expect(text).toContain(
      '    members: reference/z0.adoc:1, reference/z1.adoc:1, reference/z2.adoc:1, reference/z3.adoc:1, reference/z4.adoc:1, reference/z5.adoc:1, reference/z6.adoc:1, reference/z7.adoc:1, reference/z8.adoc:1, reference/z9.adoc:1 and 2 more',
    )
    expect(text.match(/members:/g)).toHaveLength(1)
  })
})

describe('a rule with findings of two severities', () => {
  const dead = (line: number, severity: Finding['severity']): Finding => ({
    rule: 'dead-link',
    severity,
    file: 'reference/a.adoc',
    line,
    message: `dead ${line}`,
  })
  const findings = [dead(1, 'warning'), dead(2, 'error'), dead(3, 'warning')]

  it('gives each severity its own section, errors first, so that no section names a severity some entries lack', () => {
    const report = buildReport({
      title: 'Hygiene sweep',
      corpus: 'c',
      generatedAt: '2026-12-01',
      findings,
      summary: summarize(findings, 0),
      lineText: () => null,
    })
    expect(
      report.sections.map(({ rule, severity, entries }) => [rule, severity, entries.map(e => e.finding.line)]),
    ).toEqual([
      ['dead-link', 'error', [2]],
      ['dead-link', 'warning', [1, 3]],
    ])
    expect(renderText(report)).toContain('dead-link (warning): 2\nreference/a.adoc:1: warning dead-link: dead 1')
  })
})
