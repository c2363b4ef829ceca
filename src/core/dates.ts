import type { IsoDate } from './types.js'

// Calendar dates as `YYYY-MM-DD` strings, with arithmetic on a day count (days since
// 1970-01-01 in the proleptic Gregorian calendar). No Date object is involved, so neither the
// machine's time zone nor Date's two-digit-year quirks (Date.UTC(99, ...) is 1999) can move a day.

const ZERO = 48 // char code of '0'

function digitsAt(s: string, start: number, count: number): number {
  let value = 0
  for (let i = start; i < start + count; i++) {
    const digit = s.charCodeAt(i) - ZERO
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** Days in `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * A real calendar date written strictly as `YYYY-MM-DD` (29 February only in leap years).
 * Hand-rolled rather than a regex: the log parser calls it once per line of a large log.
 */
export function isIsoDate(s: unknown): s is IsoDate {
  return typeof s === 'string' && s.length === 10 && isoDateKeyAt(s, 0) >= 0
}

/**
 * The dates Notekeeper reckons with (ADR 0004, SPEC 1.7): a review, a `--date`, a `--today` must
 * lie in this range, and every due date a scheduler computes is clamped into it. The range ends
 * centuries before year 9999, the last a `YYYY-MM-DD` string can hold, so no interval any
 * scheduler gives (FSRS caps at 100 years, Leitner at 6 months) steps past what can be written
 * from a date inside it; SM-2's unbounded intervals are why the clamp exists at all.
 */
export const FIRST_SUPPORTED_DATE: IsoDate = '1900-01-01'
export const LAST_SUPPORTED_DATE: IsoDate = '2999-12-31'

/** A calendar date inside the supported range. */
export function isSupportedDate(s: unknown): s is IsoDate {
  return isIsoDate(s) && s >= FIRST_SUPPORTED_DATE && s <= LAST_SUPPORTED_DATE
}

/** Why `s` cannot serve as a review date or today, in words, or null when it can. */
export function dateProblem(s: string): string | null {
  if (!isIsoDate(s)) return 'is not a calendar date (YYYY-MM-DD)'
  if (!isSupportedDate(s)) return `is outside the supported range ${FIRST_SUPPORTED_DATE} to ${LAST_SUPPORTED_DATE}`
  return null
}

/**
 * The calendar date written at `text[start..start+10)` as the number YYYYMMDD, or -1 when those
 * ten characters are not a real `YYYY-MM-DD` date. Reads the characters in place, so a parser
 * can check a date inside a long text (and look it up by number) without cutting it out first.
 */
export function isoDateKeyAt(text: string, start: number): number {
  if (start < 0 || start + 10 > text.length) return -1
  if (text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45) return -1 // '-'
  const year = digitsAt(text, start, 4)
  const month = digitsAt(text, start + 5, 2)
  const day = digitsAt(text, start + 8, 2)
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return -1
  return year * 10000 + month * 100 + day
}

interface Parts {
  year: number
  month: number
  day: number
}

function parts(date: IsoDate): Parts {
  if (!isIsoDate(date)) throw new RangeError(`not a calendar date YYYY-MM-DD: ${JSON.stringify(date)}`)
  return { year: digitsAt(date, 0, 4), month: digitsAt(date, 5, 2), day: digitsAt(date, 8, 2) }
}

function format({ year, month, day }: Parts): IsoDate {
  if (year < 0 || year > 9999) throw new RangeError(`date out of range: year ${year}`)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

// Howard Hinnant's days_from_civil / civil_from_days: exact integer arithmetic over 400-year eras.
function toDayNumber({ year, month, day }: Parts): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
}

function fromDayNumber(dayNumber: number): Parts {
  const z = dayNumber + 719468
  const era = Math.floor(z / 146097)
  const dayOfEra = z - era * 146097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const mp = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return { year, month, day }
}

const FIRST_DAY_NUMBER = toDayNumber(parts(FIRST_SUPPORTED_DATE))
const LAST_DAY_NUMBER = toDayNumber(parts(LAST_SUPPORTED_DATE))

/** `date` + `n` days (n may be negative). */
export function addDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`not a whole number of days: ${n}`)
  return format(fromDayNumber(toDayNumber(parts(date)) + n))
}

/** `date` + `n` calendar months, clamped to the last day of the target month (2026-12-31 + 2 = 2027-02-28). */
export function addMonths(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`not a whole number of months: ${n}`)
  const { year, month, day } = parts(date)
  const monthIndex = year * 12 + (month - 1) + n
  const targetYear = Math.floor(monthIndex / 12)
  const targetMonth = monthIndex - targetYear * 12 + 1
  return format({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) })
}

/**
 * A due date `n` days after `date`, clamped into the supported range: total for any number (a
 * huge, infinite or fractional interval), so no scheduler step can throw on a valid review.
 * A date outside the range itself comes back clamped too.
 */
export function dueAfterDays(date: IsoDate, n: number): IsoDate {
  const days = Number.isNaN(n) ? 0 : Math.trunc(n)
  const target = toDayNumber(parts(date)) + days
  if (target >= LAST_DAY_NUMBER) return LAST_SUPPORTED_DATE
  if (target <= FIRST_DAY_NUMBER) return FIRST_SUPPORTED_DATE
  return format(fromDayNumber(target))
}

/** A due date `n` calendar months after `date` (clamped to the month's end), clamped into the supported range. */
export function dueAfterMonths(date: IsoDate, n: number): IsoDate {
  const { year, month } = parts(date)
  const months = Number.isNaN(n) ? 0 : Math.trunc(n)
  const monthIndex = (p: Parts): number => p.year * 12 + (p.month - 1)
  const target = monthIndex({ year, month, day: 1 }) + months
  if (target > monthIndex(parts(LAST_SUPPORTED_DATE))) return LAST_SUPPORTED_DATE
  if (target < monthIndex(parts(FIRST_SUPPORTED_DATE))) return FIRST_SUPPORTED_DATE
  return addMonths(date, months)
}

/** Whole days from `a` to `b` (b - a): positive when `b` is later. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return toDayNumber(parts(b)) - toDayNumber(parts(a))
}

/** Negative, zero or positive as `a` is before, equal to or after `b` (usable as a sort comparator). */
export function compareDates(a: IsoDate, b: IsoDate): number {
  // Fixed-width, zero-padded, most significant field first: string order is calendar order.
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The local calendar date of an instant, read from the Date's local fields. For the edges (CLI,
 * plugin) that turn "now" into `today`; the core never calls it.
 */
export function localToday(now: Date): IsoDate {
  return format({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() })
}
