import { intlFormatDistance } from 'date-fns/intlFormatDistance'
import type { IsoDate } from './types.js'

/**
 * "today", "tomorrow", "in 3 weeks", "2 months ago": how far `date` is from `today`, for people
 * (the CLI's messages; the plugin may use it too). date-fns picks the unit and the words
 * (Intl.RelativeTimeFormat underneath); only presentation, never arithmetic, which stays in
 * dates.ts (ADR 0004). Both dates are taken at local noon so that no time zone or daylight-saving
 * change can move a calendar day.
 */
export function relativeDay(date: IsoDate, today: IsoDate): string {
  if (date === today) return 'today'
  return intlFormatDistance(localNoon(date), localNoon(today), { locale: 'en' })
}

function localNoon(date: IsoDate): Date {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12)
}
