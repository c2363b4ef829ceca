import type { Finding, Rule, Severity } from '../core/types.js'
import type { GeneratedPage } from './generated-page.js'
import type { BatchBlock } from './host.js'
import { codeSpan, locationSpan } from './logseq-escape.js'

export interface ReportInput {
  pageName: string
  /** `Hygiene sweep`, `Validation`. */
  operation: string
  findings: readonly Finding[]
  ignored?: number
  /** The corpus as the vault describes it. */
  corpus: string
  /** When the run happened, already formatted. */
  when: string
  /** The text of a corpus file's line, when it can be read (1-based). */
  lineText: (file: string, line: number) => string | null
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 }

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/**
 * A findings report as Logseq blocks. Fixed text of ours starts every block (so no note text can
 * begin a line and become a heading, property or hiccup); every piece of note text, file names
 * and messages included, goes through codeSpan.
 */
export function reportPage(input: ReportInput): GeneratedPage {
  const counts = { error: 0, warning: 0, info: 0 }
  const groups = new Map<Rule, Finding[]>()
  for (const finding of input.findings) {
    counts[finding.severity]++
    const group = groups.get(finding.rule) ?? []
    group.push(finding)
    groups.set(finding.rule, group)
  }
  const summary = `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'info')}` + (input.ignored ? `, ${input.ignored} ignored` : '')
  const header = `${input.operation} of ${codeSpan(input.corpus)} at ${input.when}: ${summary}. Regenerated on each run; edits here are lost.`
  const ordered = [...groups.entries()].sort(([ra, fa], [rb, fb]) => SEVERITY_ORDER[fa[0]!.severity] - SEVERITY_ORDER[fb[0]!.severity] || (ra < rb ? -1 : 1))
  const children: BatchBlock[] = ordered.map(([rule, findings]) => ({
    content: `Rule ${codeSpan(rule)} (${findings[0]!.severity}): ${findings.length}`,
    children: findings.map((finding) => ({ content: findingLine(finding, input.lineText) })),
  }))
  if (children.length === 0) children.push({ content: 'No findings.' })
  return { name: input.pageName, header, children }
}

function findingLine(finding: Finding, lineText: ReportInput['lineText']): string {
  const text = finding.line === undefined ? null : lineText(finding.file, finding.line)
  const parts = [`At ${locationSpan(finding.file, finding.line)}: ${codeSpan(finding.message)}`]
  if (text !== null) parts.push(`line: ${codeSpan(text)}`)
  if (finding.other) parts.push(`other: ${locationSpan(finding.other.file, finding.other.line)}`)
  return parts.join(' ; ')
}

/** Line lookup over the texts a loaded corpus holds. */
export function lineTextFrom(texts: ReadonlyMap<string, string>): ReportInput['lineText'] {
  return (file, line) => {
    const text = texts.get(file)
    if (text === undefined) return null
    return text.split(/\r?\n/)[line - 1] ?? null
  }
}
