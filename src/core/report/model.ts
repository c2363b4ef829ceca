import { RANKED_RULES, SEVERITY_ORDER, type Summary } from '../findings.js'
import type { Finding, Rule, Severity } from '../types.js'

// A format-neutral report: the CLI renders it as text or as an AsciiDoc page, the plugin as
// Logseq blocks. Everything a renderer needs is here, already grouped and counted, so that
// the three faces cannot disagree about what a sweep found.

export interface ReportEntry {
  finding: Finding
  /** `file:line`, or `file` when the finding has no line. */
  location: string
  /**
   * The text of the line the finding points at, trimmed and, when longer than `QUOTE_WIDTH`, cut
   * to that many characters around the finding's `column` (or from the start) with `…` where it
   * was cut (`quoteLine`); null when there is none. Every face quotes this, never the whole line.
   */
  lineText: string | null
}

export interface ReportSection {
  rule: Rule
  severity: Severity
  count: number
  entries: ReportEntry[]
}

export interface Report {
  title: string
  /** The corpus as the user named it (a folder, a graph). */
  corpus: string
  generatedAt: string
  summary: Summary
  sections: ReportSection[]
}

export interface ReportInput {
  title: string
  corpus: string
  generatedAt: string
  findings: readonly Finding[]
  summary: Summary
  lineText: (file: string, line: number) => string | null
}

// The order of SPEC 2.2's table, which reads from "the corpus is broken" to "worth a look".
export const RULE_ORDER: readonly Rule[] = [
  'note-unreadable',
  'note-skipped',
  'note-encoding',
  'note-conflict',
  'note-structure',
  'config-invalid',
  'alias-cycle',
  'intent-missing',
  'intent-mismatch',
  'source-missing',
  'date-invalid',
  'xref-unresolved',
  'xref-unverifiable',
  'item-missing-id',
  'item-duplicate-id',
  'alias-declared',
  'item-empty-response',
  'log-malformed',
  'log-future-date',
  'log-unknown-item',
  'log-void-unmatched',
  'leech',
  'state-drift',
  'item-without-state',
  'state-without-item',
  'dead-link',
  'network-unreachable',
  'near-duplicate',
  'contradiction',
  'review-overdue',
  'stale',
]

/** A section before its entries are made: its rule, severity and findings, in report order. */
export interface SectionFindings {
  rule: Rule
  severity: Severity
  findings: Finding[]
}

/**
 * Sections grouped by rule and severity, in severity then rule order; findings keep the order
 * they came in. A rule may have findings of two severities (a `dead-link` that cannot be checked
 * is a warning): each is its own section, so that a section's severity is every entry's.
 */
export function buildReport(input: ReportInput): Report {
  const sections: ReportSection[] = reportSections(input.findings).map(({ rule, severity, findings }) => ({
    rule,
    severity,
    count: findings.length,
    entries: findings.map(finding => reportEntry(input, finding)),
  }))
  return { title: input.title, corpus: input.corpus, generatedAt: input.generatedAt, summary: input.summary, sections }
}

/**
 * `buildReport`'s sections with their findings only: what a renderer that writes the report in
 * pieces walks, making each entry as it writes it (`reportEntry`), so that 165,000 entries are
 * never held at once.
 */
export function reportSections(findings: readonly Finding[]): SectionFindings[] {
  // By rule, then severity, in the order first met: no key string made (and hashed) per finding.
  const byRule = new Map<Rule, Map<Severity, Finding[]>>()
  const groups: Finding[][] = []
  for (const finding of findings) {
    let bySeverity = byRule.get(finding.rule)
    if (bySeverity === undefined) byRule.set(finding.rule, (bySeverity = new Map()))
    const group = bySeverity.get(finding.severity)
    if (group) group.push(finding)
    else {
      const created = [finding]
      bySeverity.set(finding.severity, created)
      groups.push(created)
    }
  }
  const sections: SectionFindings[] = groups.map(group => {
    const { rule, severity } = group[0] as Finding
    return {
      rule,
      severity,
      // Candidates a person judges come best-scored first (a stable sort keeps place order on ties).
      findings: RANKED_RULES.has(rule) ? group.sort((a, b) => scoreOf(b) - scoreOf(a)) : group,
    }
  })
  sections.sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      RULE_ORDER.indexOf(a.rule) - RULE_ORDER.indexOf(b.rule),
  )
  return sections
}

/** One finding's entry: its place, and the text of the line it points at (`lineText`). */
export function reportEntry(input: Pick<ReportInput, 'lineText'>, finding: Finding): ReportEntry {
  return {
    finding,
    location: finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`,
    lineText: finding.line === undefined ? null : quotedLineOf(input, finding),
  }
}

function quotedLineOf(input: Pick<ReportInput, 'lineText'>, finding: Finding): string | null {
  const text = input.lineText(finding.file, finding.line as number)
  if (text === null) return null
  const column = finding['column']
  return quoteLine(text, typeof column === 'number' ? column : undefined)
}

/**
 * How much of a line a report quotes: enough to recognise the line, and no more, so that a note
 * of one 1 MB line (minified text, a pasted blob) gives a report of readable size, not a copy of
 * the line per finding.
 */
export const QUOTE_WIDTH = 120

const ELLIPSIS = '…'

/**
 * `line` trimmed, and when still longer than `width`, the `width` characters around `column`
 * (1-based, in UTF-16 units of the line as written; none: from the start), with `…` on each side
 * that was cut. A surrogate pair is never split.
 */
export function quoteLine(line: string, column?: number, width: number = QUOTE_WIDTH): string {
  const lead = line.length - line.trimStart().length
  const text = line.trim()
  if (text.length <= width) return text
  const at = column === undefined ? 0 : Math.min(Math.max(column - 1 - lead, 0), text.length - 1)
  let from = Math.max(0, Math.min(at - Math.floor(width / 2), text.length - width))
  let to = from + width
  if (isLowSurrogate(text, from)) from++
  if (isLowSurrogate(text, to)) to--
  return `${from > 0 ? ELLIPSIS : ''}${text.slice(from, to)}${to < text.length ? ELLIPSIS : ''}`
}

/** Whether `text[index]` is the second half of a surrogate pair (a cut there would split a character). */
function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return code >= 0xdc00 && code <= 0xdfff && index > 0
}

const scoreOf = (finding: Finding): number => (typeof finding['score'] === 'number' ? finding['score'] : 0)

/** "2 errors, 1 warning, 0 infos, 3 ignored", then what the caps left out ("; 40 more contradiction findings not shown"). */
export function summaryLine(summary: Summary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const omitted = Object.entries(summary.omitted ?? {}).map(
    ([rule, n]) => `${n} more ${rule} finding${n === 1 ? '' : 's'} not shown`,
  )
  const caps = omitted.length > 0 ? `; ${omitted.join(', ')} (the best-scored are shown)` : ''
  return `${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${plural(summary.infos, 'info')}, ${summary.ignored} ignored${caps}`
}
