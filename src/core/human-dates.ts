// The function's own module: the package's index loads every one of date-fns's ~250 modules,
// which cost the CLI 0.35 s and 18 MB at every start.
import { intlFormatDistance } from 'date-fns/intlFormatDistance'
import type { IsoDate } from './types.js'

/**
 * "today", "tomorrow", "in 3 weeks", "2 months ago": how far `date` is from `today`, for people
 * (the CLI's messages; the plugin may use it too). date-fns picks the unit and the words
 * (Intl.RelativeTimeFormat underneath); only presentation, never arithmetic, which stays in
 * dates.ts (ADR 0004). Both dates are taken at local noon so that no daylight-saving change can
 * move a calendar day, and 2,400 years on (below) so that no time zone's change of calendar can.
 */
export function relativeDay(date: IsoDate, today: IsoDate): string {
  if (date === today) return 'today'
  return intlFormatDistance(localNoon(date), localNoon(today), { locale: 'en' })
}

/**
 * The Gregorian calendar repeats every 400 years (146,097 days, a whole number of weeks), so two
 * dates are as many days, weeks, months and years apart as the same dates 2,400 years later. The
 * dates are read there because a zone's past holds local days that never were: Kiritimati went
 * from 1994-12-30 to 1995-01-01 (and Samoa from 2011-12-29 to 2011-12-31), so a local noon on the
 * missing day is the next day's, and "tomorrow" came out "in 2 days" (SPEC 1.7: no date may shift
 * by a day because of the time zone). After year 3000 a zone has only its recurring rules, whose
 * changes of an hour or two never skip a noon.
 */
const CALENDAR_REPEAT_YEARS = 2400

function localNoon(date: IsoDate): Date {
  const year = Number(date.slice(0, 4)) + CALENDAR_REPEAT_YEARS
  return new Date(year, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12)
}
