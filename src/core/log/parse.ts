import { LOG_PATH } from '../corpus.js'
import { isIsoDate } from '../dates.js'
import { GRADES, type Finding, type Grade, type Review } from '../types.js'

export interface ParsedLog {
  /** The valid review lines, in file order. */
  reviews: Review[]
  /** One `log-malformed` finding per line that is not a valid review, in line order. */
  findings: Finding[]
}

const GRADE_SET: ReadonlySet<string> = new Set(GRADES)

/**
 * Reads `log.jsonl` (SPEC 1.4). Tolerates what editors and other platforms do to a text file: a
 * byte-order mark, `\r\n`, blank lines, no final newline. Every other line that is not an object
 * with a non-empty string `item`, a calendar `date` and one of the four grades is reported and
 * skipped; the rest of the log still counts. Extra fields are ignored.
 *
 * Kept to one JSON.parse and a few character checks per line: a log grows for years.
 */
export function parseLog(text: string, file: string = LOG_PATH): ParsedLog {
  const reviews: Review[] = []
  const findings: Finding[] = []
  // Walks the text with indexOf rather than split('\n'): a million line strings held at once
  // cost more in garbage collection than the parsing itself.
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    line++
    // A '\r' before the '\n' belongs to the line end, not to the line.
    const raw = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end)
    start = end + 1
    if (isBlank(raw)) continue
    const result = readReview(raw, line)
    if (typeof result === 'string') {
      findings.push({ rule: 'log-malformed', severity: 'error', file, line, message: `not a valid review: ${result}` })
    } else {
      reviews.push(result)
    }
  }
  return { reviews, findings }
}

function isBlank(s: string): boolean {
  // Fast path for the usual line, which starts with '{'.
  if (s.length === 0) return true
  if (s.charCodeAt(0) > 32) return false
  return s.trim().length === 0
}

/** The review, or a sentence saying what is wrong with the line. */
function readReview(raw: string, line: number): Review | string {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return 'not valid JSON'
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `not a JSON object (${describe(value)})`
  }
  const { item, date, grade } = value as Record<string, unknown>
  const problems: string[] = []
  if (typeof item !== 'string' || item.length === 0) problems.push(`"item" must be a non-empty string, ${got(item)}`)
  if (!isIsoDate(date)) problems.push(`"date" must be a calendar date YYYY-MM-DD, ${got(date)}`)
  if (typeof grade !== 'string' || !GRADE_SET.has(grade)) {
    problems.push(`"grade" must be one of again, hard, good, easy, ${got(grade)}`)
  }
  if (problems.length > 0) return problems.join('; ')
  return { item: item as string, date: date as string, grade: grade as Grade, line }
}

function got(value: unknown): string {
  return value === undefined ? 'but it is missing' : `got ${describe(value)}`
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  if (typeof value === 'object') return 'an object'
  const json = JSON.stringify(value)
  return json.length > 40 ? `${json.slice(0, 37)}...` : json
}
