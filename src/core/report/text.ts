import { oneLine } from '../terminal-text.js'
import type { Finding, Rule, Severity } from '../types.js'
import type { Report, ReportEntry, ReportInput } from './model.js'
import { reportEntry, reportSections, summaryLine } from './model.js'

/**
 * The report for a terminal: a summary line, then one group per rule with its count, each
 * finding as `file:line: severity rule: message` (the form editors and CI annotators parse)
 * with the line's text beneath it. A finding's place, message and line never span lines (a file
 * name may hold a line break: it would print a line of its own, a forged "0 errors") nor carry
 * terminal control characters.
 */
export function renderText(report: Report): string {
  let text = ''
  for (const piece of textPieces(report, report.sections, Number.POSITIVE_INFINITY)) text += piece
  return text
}

/**
 * `renderText(buildReport(input))` in pieces of whole lines, each entry made as it is written:
 * the text of 165,000 findings (40 MB, held twice over as lines and as their join) and their
 * entries are never held at once. Each piece ends with a newline.
 */
export function* renderTextPieces(input: ReportInput, pieceLength: number = TEXT_PIECE): Generator<string> {
  const sections = reportSections(input.findings).map(({ rule, severity, findings }) => ({
    rule,
    severity,
    count: findings.length,
    entries: entriesOf(input, findings),
  }))
  yield* textPieces(input, sections, pieceLength)
}

/**
 * About this many characters per piece: a string of up to 64 KB (two bytes a character where
 * one is not Latin-1, as `…` is) is an ordinary young object, gone at the next scavenge; a
 * larger one is a large object, kept until a full collection.
 */
const TEXT_PIECE = 1 << 15

function* entriesOf(input: ReportInput, findings: readonly Finding[]): Generator<ReportEntry> {
  for (const finding of findings) yield reportEntry(input, finding)
}

interface TextSection {
  rule: Rule
  severity: Severity
  count: number
  entries: Iterable<ReportEntry>
}

/** The report's lines, each followed by a newline, in pieces of about `pieceLength` characters (one piece: Infinity). */
function* textPieces(
  head: Pick<Report, 'title' | 'corpus' | 'generatedAt' | 'summary'>,
  sections: readonly TextSection[],
  pieceLength: number,
): Generator<string> {
  let lines = [`${head.title}: ${head.corpus} (${head.generatedAt})`, summaryLine(head.summary)]
  let length = 0
  if (sections.length === 0) lines.push('', 'Nothing to report.')
  for (const section of sections) {
    lines.push('', `${section.rule} (${section.severity}): ${section.count}`)
    for (const { finding, location, lineText } of section.entries) {
      const line = `${oneLine(location)}: ${finding.severity} ${finding.rule}: ${oneLine(finding.message)}`
      lines.push(line)
      length += line.length + 1
      if (lineText !== null && lineText.trim() !== '') {
        const quoted = `    | ${oneLine(lineText.trim())}`
        lines.push(quoted)
        length += quoted.length + 1
      }
      const members = membersLine(finding)
      if (members !== null) {
        const more = `    members: ${oneLine(members)}`
        lines.push(more)
        length += more.length + 1
      }
      if (length >= pieceLength) {
        yield `${lines.join('\n')}\n`
        lines = []
        length = 0
      }
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`
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
