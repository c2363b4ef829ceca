import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  compareDates,
  dateProblem,
  daysBetween,
  dueAfterDays,
  dueAfterMonths,
  FIRST_SUPPORTED_DATE,
  isIsoDate,
  isSupportedDate,
  LAST_SUPPORTED_DATE,
  localToday,
} from '../../src/core/dates.js'

describe('isIsoDate', () => {
  it.each(['2026-05-30', '2024-02-29', '2000-02-29', '2026-12-31', '1999-01-01', '0001-01-01', '9999-12-31'])(
    'accepts the calendar date %s',
    s => expect(isIsoDate(s)).toBe(true),
  )

  it.each([
    ['2026-02-29', 'not a leap year'],
    ['1900-02-29', 'century, not a leap year'],
    ['2026-02-30', 'no such day'],
    ['2026-04-31', 'April has 30 days'],
    ['2026-13-01', 'month 13'],
    ['2026-00-10', 'month 0'],
    ['2026-01-00', 'day 0'],
    ['2026-1-05', 'unpadded month'],
    ['2026-01-5', 'unpadded day'],
    ['26-01-05', 'two-digit year'],
    ['2026/01/05', 'slashes'],
    ['2026-01-05T00:00', 'a time'],
    [' 2026-01-05', 'a space'],
    ['2026-01-05\n', 'a newline'],
    ['２０２６-01-05', 'full-width digits'],
    ['', 'empty'],
  ])('rejects %s (%s)', s => expect(isIsoDate(s)).toBe(false))

  it('rejects what is not a string', () => {
    for (const value of [20260105, null, undefined, {}, ['2026-01-05']]) expect(isIsoDate(value)).toBe(false)
  })
})

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-05-31', 1)).toBe('2026-06-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-11-11', 21)).toBe('2026-12-02')
    expect(addDays('2026-05-30', 0)).toBe('2026-05-30')
  })

  it('is not fooled by daylight-saving changes (which have no place in calendar days)', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08')
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09')
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26')
  })

  it('handles years below 100 without Date.UTC two-digit quirks', () => {
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01')
  })

  it('refuses what is not a date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError)
    expect(() => addDays('2026-02-01', 1.5)).toThrow(RangeError)
  })
})

describe('addMonths', () => {
  it('clamps to the last day of the target month', () => {
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28')
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28')
    expect(addMonths('2026-05-31', 6)).toBe('2026-11-30')
  })

  it('keeps the day when it exists, across years, backwards too', () => {
    expect(addMonths('2025-11-07', 2)).toBe('2026-01-07')
    expect(addMonths('2026-01-07', 6)).toBe('2026-07-07')
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28')
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15')
  })
})

describe('daysBetween and compareDates', () => {
  it('counts b - a in calendar days', () => {
    expect(daysBetween('2026-05-30', '2026-06-02')).toBe(3)
    expect(daysBetween('2026-06-02', '2026-05-30')).toBe(-3)
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366)
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365)
    expect(daysBetween('1970-01-01', '2000-03-01')).toBe(11017)
  })

  it('orders dates', () => {
    expect(compareDates('2026-01-02', '2026-01-10')).toBeLessThan(0)
    expect(compareDates('2026-01-10', '2026-01-10')).toBe(0)
    expect(compareDates('2027-01-01', '2026-12-31')).toBeGreaterThan(0)
  })

  const dateArb = fc
    .date({ min: new Date('1600-01-01T00:00:00Z'), max: new Date('2400-12-31T00:00:00Z'), noInvalidDate: true })
    .map(d => d.toISOString().slice(0, 10))

  it('agrees with UTC Date arithmetic for any date and offset', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -40000, max: 40000 }), (date, n) => {
        const expected = new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
        expect(addDays(date, n)).toBe(expected)
        expect(daysBetween(date, expected)).toBe(n)
        expect(isIsoDate(expected)).toBe(true)
      }),
    )
  })

  it('addMonths never overshoots the target month', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -1200, max: 1200 }), (date, n) => {
        const result = addMonths(date, n)
        const months = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7))
        expect(months(result) - months(date)).toBe(n)
        expect(Number(result.slice(8))).toBeLessThanOrEqual(Number(date.slice(8)))
      }),
    )
  })
})

describe('localToday', () => {
  it('reads the local calendar fields of the instant it is given', () => {
    const instant = new Date(2026, 4, 30, 23, 59) // local 2026-05-30 23:59, whatever the zone
    expect(localToday(instant)).toBe('2026-05-30')
    expect(localToday(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01')
  })
})

describe('the supported dates (ADR 0004)', () => {
  it('accepts 1900-01-01 to 2999-12-31 and names the range when it refuses', () => {
    expect(isSupportedDate('1900-01-01')).toBe(true)
    expect(isSupportedDate('2999-12-31')).toBe(true)
    expect(isSupportedDate('1899-12-31')).toBe(false)
    expect(isSupportedDate('3000-01-01')).toBe(false)
    expect(isSupportedDate('9999-12-31')).toBe(false)
    expect(dateProblem('9999-12-31')).toBe('is outside the supported range 1900-01-01 to 2999-12-31')
    expect(dateProblem('2026-02-30')).toBe('is not a calendar date (YYYY-MM-DD)')
    expect(dateProblem('2026-05-30')).toBeNull()
  })

  it('clamps due dates into the range, whatever the interval', () => {
    expect(dueAfterDays('2999-12-30', 7)).toBe(LAST_SUPPORTED_DATE)
    expect(dueAfterDays('2026-05-30', Number.POSITIVE_INFINITY)).toBe(LAST_SUPPORTED_DATE)
    expect(dueAfterDays('2026-05-30', 1e300)).toBe(LAST_SUPPORTED_DATE)
    expect(dueAfterDays('2026-05-30', Number.NaN)).toBe('2026-05-30')
    expect(dueAfterDays('1900-01-02', -5)).toBe(FIRST_SUPPORTED_DATE)
    expect(dueAfterDays('2026-05-30', 3)).toBe('2026-06-02')
    expect(dueAfterMonths('2999-08-31', 6)).toBe(LAST_SUPPORTED_DATE)
    expect(dueAfterMonths('9999-12-31', 2)).toBe(LAST_SUPPORTED_DATE)
    expect(dueAfterMonths('2026-12-31', 2)).toBe('2027-02-28')
    expect(dueAfterMonths('2999-06-30', 6)).toBe('2999-12-30')
  })

  it('steps any calendar date a string can hold by any whole number without throwing (property)', () => {
    const anyDate = fc.integer({ min: 0, max: 3_652_424 }).map(n => addDays('0000-01-01', n))
    fc.assert(
      fc.property(anyDate, fc.oneof(fc.integer(), fc.double()), (date, n) => {
        const days = dueAfterDays(date, n)
        const months = dueAfterMonths(date, n)
        for (const result of [days, months]) expect(isSupportedDate(result)).toBe(true)
      }),
    )
  })
})
