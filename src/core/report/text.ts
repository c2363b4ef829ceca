import { oneLine } from '../terminal-text.js'
import type { Finding } from '../types.js'
import type { Report } from './model.js'
import { summaryLine } from './model.js'

/**
 * The report for a terminal: a summary line, then one group per rule with its count, each
 * finding as `file:line: severity rule: message` (the form editors and CI annotators parse)
 * with the line's text beneath it. A finding's place, message and line never span lines (a file
 * name may hold a line break: it would print a line of its own, a forged "0 errors") nor carry
 * terminal control characters.
 */
export function renderText(report: Report): string {
  const lines = [`${report.title}: ${report.corpus} (${report.generatedAt})`, summaryLine(report.summary)]
  if (report.sections.length === 0) lines.push('', 'Nothing to report.')
  for (const section of report.sections) {
    lines.push('', `${section.rule} (${section.severity}): ${section.count}`)
    for (const { finding, location, lineText } of section.entries) {
      lines.push(`${oneLine(location)}: ${finding.severity} ${finding.rule}: ${oneLine(finding.message)}`)
      if (lineText !== null && lineText.trim() !== '') lines.push(`    | ${oneLine(lineText.trim())}`)
      const members = membersLine(finding)
      if (members !== null) lines.push(`    members: ${oneLine(members)}`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** The places of a cluster of more than two (the first ten), null for any other finding. */
export function membersLine(finding: Finding): string | null {
  const members = finding['members']
  if (!Array.isArray(members) || members.length <= 2) return null
  const places = (members as { file: string; line?: number }[]).map(m =>
    m.line === undefined ? m.file : `${m.file}:${m.line}`,
  )
  return places.length > 10 ? `${places.slice(0, 10).join(', ')} and ${places.length - 10} more` : places.join(', ')
}
