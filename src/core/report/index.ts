export { escapeAsciiDoc, OUT_MARKER, renderAsciiDoc } from './asciidoc.js'
export { findingsJson } from './json.js'
export { type LineText, lineLookup } from './lines.js'
export {
  buildReport,
  QUOTE_WIDTH,
  quoteLine,
  type Report,
  type ReportEntry,
  type ReportInput,
  type ReportSection,
  RULE_ORDER,
  reportEntry,
  reportSections,
  type SectionFindings,
  summaryLine,
} from './model.js'
export { renderText, renderTextPieces } from './text.js'
