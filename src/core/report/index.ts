export { escapeAsciiDoc, renderAsciiDoc } from './asciidoc.js'
export {
  buildReport,
  type Report,
  type ReportEntry,
  type ReportInput,
  type ReportSection,
  RULE_ORDER,
  summaryLine,
} from './model.js'
export { renderText } from './text.js'
