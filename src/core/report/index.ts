export { buildReport, summaryLine, RULE_ORDER, type Report, type ReportEntry, type ReportInput, type ReportSection } from './model.js'
export { renderText } from './text.js'
export { renderAsciiDoc, escapeAsciiDoc } from './asciidoc.js'
