import { LOG_PATH } from '../corpus.js'
import { FIRST_SUPPORTED_DATE, isIsoDate, isoDateKeyAt, isSupportedDate, LAST_SUPPORTED_DATE } from '../dates.js'
import { type Finding, GRADES, type Grade, type Review } from '../types.js'
import type { LogVoid } from './voids.js'

export interface ParsedLog {
  /** The valid review lines, in file order. */
  reviews: Review[]
  /**
   * The void (undo) lines, in file order (SPEC 1.4); `applyVoids` decides what they take back.
   * Only present when the log has some, so a log without them parses exactly as it always did.
   */
  voids?: LogVoid[]
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
 * A log grows for years (a million lines is a plausible decade), so the usual line, exactly as
 * the writers write it, is read in place without JSON.parse; any other line goes through
 * JSON.parse and gives the same review it always did. Equal ids and dates share one string, so
 * the reviews cost little memory and group quickly by item, and none of them holds on to the
 * log's text.
 */
export function parseLog(text: string, file: string = LOG_PATH): ParsedLog {
  // Sized once from the line count: growing a million-entry array step by step copies it
  // again and again, and each copy is work for the garbage collector.
  const reviews = presized<Review>(lineCount(text))
  let count = 0
  const findings: Finding[] = []
  const voids: LogVoid[] = []
  const strings = new SharedStrings()
  // Walks the text with indexOf rather than split('\n'): a million line strings held at once
  // cost more in garbage collection than the parsing itself.
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    line++
    // A '\r' before the '\n' belongs to the line end, not to the line.
    const lineEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end
    const lineStart = start
    start = end + 1
    const review = writerLine(text, lineStart, lineEnd, line, strings)
    if (review !== null) {
      reviews[count++] = review
      continue
    }
    const raw = text.slice(lineStart, lineEnd)
    if (isBlank(raw)) continue
    const result = readReview(raw, line, strings)
    if (typeof result === 'string') {
      findings.push({ rule: 'log-malformed', severity: 'error', file, line, message: `not a valid review: ${result}` })
    } else if ('void' in result) {
      voids.push(result)
    } else {
      reviews[count++] = result
    }
  }
  reviews.length = count
  return voids.length > 0 ? { reviews, voids, findings } : { reviews, findings }
}

function lineCount(text: string): number {
  let lines = 1
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++
  return lines
}

/** An array of `length` slots to fill in order (very long ones grow as needed instead: V8 keeps a huge sparse array as a dictionary). */
function presized<T>(length: number): T[] {
  return length <= 1 << 24 ? new Array<T>(length) : []
}

/** One string per distinct id and date of a log. */
export class SharedStrings {
  private readonly items = new Map<string, string>()
  private readonly dates = new Map<number, string>()

  item(id: string): string {
    const known = this.items.get(id)
    if (known !== undefined) return known
    const own = detached(id)
    this.items.set(own, own)
    return own
  }

  /** The date whose YYYYMMDD number is `key`, when one was seen before. */
  knownDate(key: number): string | undefined {
    return this.dates.get(key)
  }

  date(key: number, date: string): string {
    const known = this.dates.get(key)
    if (known !== undefined) return known
    const own = detached(date)
    this.dates.set(key, own)
    return own
  }
}

/**
 * `s` as V8's one shared copy of it (the one a property key uses): a fresh string apart from the
 * log's text (V8 keeps a substring of 13 characters or more as a view into its parent, so one
 * kept id would keep the whole text alive), and allocated with the program's other long-lived
 * strings rather than among a million reviews, so the fold, which visits the reviews item by
 * item, finds the dates close together in memory. Only speed and memory depend on this.
 */
function detached(s: string): string {
  const holder: Record<string, true> = { [s]: true }
  for (const key in holder) return key
  return s
}

// The supported dates (ADR 0004) as YYYYMMDD numbers: a date outside them takes the slow path, which reports it.
const FIRST_DATE_KEY = isoDateKeyAt(FIRST_SUPPORTED_DATE, 0)
const LAST_DATE_KEY = isoDateKeyAt(LAST_SUPPORTED_DATE, 0)

const ITEM_OPENING = '{"item":"'
const DATE_OPENING = '","date":"'
const GRADE_OPENING = '","grade":"'
const QUOTE = 34
const BACKSLASH = 92
const CLOSING_BRACE = 125

/**
 * The review on `text[start..end)` when the line is exactly what the writers write
 * (`{"item":"…","date":"YYYY-MM-DD","grade":"…"}`, see format.ts) with an id that has no escapes,
 * and null for any other line. A null says nothing about validity: the caller then parses the
 * line as JSON, so spacing, key order, escapes and extra fields all still count as they should.
 */
function writerLine(text: string, start: number, end: number, line: number, strings: SharedStrings): Review | null {
  if (!text.startsWith(ITEM_OPENING, start)) return null
  const itemStart = start + ITEM_OPENING.length
  let i = itemStart
  for (; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) break
    // An escape changes what the characters mean, and JSON refuses raw control characters.
    if (c === BACKSLASH || c < 32) return null
  }
  if (i === itemStart || i >= end || !text.startsWith(DATE_OPENING, i)) return null
  const dateStart = i + DATE_OPENING.length
  const dateKey = dateStart + 10 <= end ? isoDateKeyAt(text, dateStart) : -1
  if (dateKey < FIRST_DATE_KEY || dateKey > LAST_DATE_KEY || !text.startsWith(GRADE_OPENING, dateStart + 10))
    return null
  const gradeStart = dateStart + 10 + GRADE_OPENING.length
  const grade = gradeEndingAt(text, gradeStart, end)
  if (grade === null) return null
  return {
    item: strings.item(text.slice(itemStart, i)),
    date: strings.knownDate(dateKey) ?? strings.date(dateKey, text.slice(dateStart, dateStart + 10)),
    grade,
    line,
  }
}

/** The grade written at `start` when the line ends right after it with `"}`. */
function gradeEndingAt(text: string, start: number, end: number): Grade | null {
  const length = end - start - 2
  if (text.charCodeAt(end - 2) !== QUOTE || text.charCodeAt(end - 1) !== CLOSING_BRACE) return null
  for (const grade of GRADES) {
    if (grade.length === length && text.startsWith(grade, start)) return grade
  }
  return null
}

export function isBlank(s: string): boolean {
  if (s.length === 0) return true
  if (s.charCodeAt(0) > 32) return false
  return s.trim().length === 0
}

/**
 * A line git writes where a merge stopped on a conflict: `<<<<<<< ours`, `=======`, `>>>>>>>
 * theirs`, and with `merge.conflictStyle` diff3 or zdiff3 `||||||| base`.
 */
const CONFLICT_MARKER = /^(?:<{7}|\|{7}|={7}|>{7})(?: |$)/
/**
 * What such a line in the log means and what to do: the log was merged by git's own driver (the
 * clone was never set up with `notekeeper git`, or a plain `git merge` ran), and both sides'
 * reviews are still there between the markers.
 */
const CONFLICT_ADVICE =
  "a git conflict marker: the log was merged without Notekeeper's merge driver (`notekeeper git setup` sets it up, and `notekeeper sync` merges the log then); delete the marker lines and keep the reviews of both sides"

/**
 * The review or void line, or a sentence saying what is wrong with the line: the one reading of
 * a line that is not exactly a writer's (the columnar reader, log-reader.ts, asks it too, so
 * replay, validate and every other reader of the log take each line the same way).
 */
export function readReview(raw: string, line: number, strings: SharedStrings): Review | LogVoid | string {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return CONFLICT_MARKER.test(raw) ? CONFLICT_ADVICE : 'not valid JSON'
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `not a JSON object (${describe(value)})`
  }
  const fields = value as Record<string, unknown>
  // A review says a grade was given, a void that one was taken back: a line saying both is
  // neither (which one did the writer mean?), so it is reported and counts as nothing. It
  // counted as a review before, while a person reading it would take it for an undo.
  if (Object.hasOwn(fields, 'grade') && Object.hasOwn(fields, 'void'))
    return '"grade" and "void" on one line: a line is either a review or an undo (SPEC 1.4)'
  if (Object.hasOwn(fields, 'void')) return readVoid(fields, line, strings)
  const { item, date, grade } = fields
  const problems: string[] = []
  if (typeof item !== 'string' || item.length === 0) problems.push(`"item" must be a non-empty string, ${got(item)}`)
  if (!isIsoDate(date)) problems.push(`"date" must be a calendar date YYYY-MM-DD, ${got(date)}`)
  else if (!isSupportedDate(date))
    problems.push(`"date" ${date} is outside the supported range ${FIRST_SUPPORTED_DATE} to ${LAST_SUPPORTED_DATE}`)
  if (typeof grade !== 'string' || !GRADE_SET.has(grade)) {
    problems.push(`"grade" must be one of again, hard, good, easy, ${got(grade)}`)
  }
  if (problems.length > 0) return problems.join('; ')
  const day = date as string
  return {
    item: strings.item(item as string),
    date: strings.date(isoDateKeyAt(day, 0), day),
    grade: GRADES.find(known => known === grade) ?? (grade as Grade),
    line,
  }
}

/** A void line (SPEC 1.4 undo): `{"item", "date", "void": grade}`, or what is wrong with it. */
function readVoid(fields: Record<string, unknown>, line: number, strings: SharedStrings): LogVoid | string {
  const { item, date } = fields
  const grade = fields['void']
  const problems: string[] = []
  if (typeof item !== 'string' || item.length === 0) problems.push(`"item" must be a non-empty string, ${got(item)}`)
  if (!isIsoDate(date)) problems.push(`"date" must be a calendar date YYYY-MM-DD, ${got(date)}`)
  else if (!isSupportedDate(date))
    problems.push(`"date" ${date} is outside the supported range ${FIRST_SUPPORTED_DATE} to ${LAST_SUPPORTED_DATE}`)
  const known = GRADES.find(g => g === grade)
  if (known === undefined) problems.push(`"void" must be one of again, hard, good, easy, ${got(grade)}`)
  if (problems.length > 0 || known === undefined) return problems.join('; ')
  const day = date as string
  return { item: strings.item(item as string), date: strings.date(isoDateKeyAt(day, 0), day), void: known, line }
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
