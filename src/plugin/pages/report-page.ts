import type { Report, ReportEntry } from '../../core/report/index.js'
import { summaryLine } from '../../core/report/index.js'
import type { BatchBlock } from '../host/host.js'
import type { GeneratedPage } from './generated-page.js'
import { codeSpan, locationSpan } from './logseq-escape.js'

/**
 * A findings report (the format-neutral Report the CLI renders too) as Logseq blocks. Fixed text
 * of ours starts every block, so no note text can begin a line and become a heading, property or
 * hiccup; every piece of note text, file names and messages included, goes through codeSpan.
 */
export function reportPage(pageName: string, report: Report): GeneratedPage {
  const header = `${report.title} of ${codeSpan(report.corpus)} at ${report.generatedAt}: ${summaryLine(report.summary)}. Regenerated on each run; edits here are lost.`
  const children: BatchBlock[] = report.sections.map(section => ({
    content: `Rule ${codeSpan(section.rule)} (${section.severity}): ${section.count}`,
    children: section.entries.map(entry => ({ content: entryLine(entry) })),
  }))
  if (children.length === 0) children.push({ content: 'No findings.' })
  return { name: pageName, header, children }
}

function entryLine(entry: ReportEntry): string {
  const { finding } = entry
  const parts = [`At ${locationSpan(finding.file, finding.line)}: ${codeSpan(finding.message)}`]
  if (entry.lineText !== null) parts.push(`line: ${codeSpan(entry.lineText)}`)
  if (finding.other) parts.push(`other: ${locationSpan(finding.other.file, finding.other.line)}`)
  return parts.join(' ; ')
}
