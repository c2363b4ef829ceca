import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/core/dates.js'
import { relativeDay } from '../../src/core/human-dates.js'

describe('relativeDay (date-fns for the words)', () => {
  it('says how far a date is, in the unit a person would use', () => {
    const today = '2026-11-30'
    expect(relativeDay(today, today)).toBe('today')
    expect(relativeDay('2026-12-01', today)).toBe('tomorrow')
    expect(relativeDay('2026-12-05', today)).toBe('in 5 days')
    expect(relativeDay('2026-12-21', today)).toBe('in 3 weeks')
    expect(relativeDay('2027-01-30', today)).toBe('in 2 months')
    expect(relativeDay('2026-09-30', today)).toBe('2 months ago')
  })

  it('never moves a day: every day of a year is "tomorrow" from the day before, in this time zone', () => {
    // npm test runs this under TZ=UTC and TZ=Pacific/Kiritimati; daylight-saving zones change at night.
    for (let n = 0; n < 366; n++) {
      const day = addDays('2026-01-01', n)
      expect(relativeDay(addDays(day, 1), day), day).toBe('tomorrow')
    }
  })

  it('never moves a day across a day a time zone skipped (Kiritimati 1994-12-31, Samoa 2011-12-30)', () => {
    // Under TZ=Pacific/Kiritimati the local noon of 1994-12-31 was that of 1995-01-01: "tomorrow"
    // came out "in 2 days" (SPEC 1.7).
    for (const day of ['1994-12-29', '1994-12-30', '1994-12-31', '2011-12-28', '2011-12-29', '2011-12-30'])
      expect(relativeDay(addDays(day, 1), day), day).toBe('tomorrow')
    expect(relativeDay('1995-01-03', '1994-12-29')).toBe('in 5 days')
    expect(relativeDay('1994-12-29', '1995-01-03')).toBe('5 days ago')
    expect(relativeDay('1995-01-31', '1994-12-31')).toBe('next month')
  })
})
