import type { IsoDate } from '../types.js'

// Fuzz (SPEC 1.6, docs/adr/0015-fuzz.md): items learnt together should not stay due together.
// The spread is Anki's fuzz range (±15 % of the part of an interval between 2.5 and 7 days, ±10 %
// between 7 and 20, ±5 % above, plus a day) and the draw inside it is a hash of the item id and
// the review date, not a random number, so the state stays a pure function of the log.

const RANGES = [
  { start: 2.5, end: 7, factor: 0.15 },
  { start: 7, end: 20, factor: 0.1 },
  { start: 20, end: Number.POSITIVE_INFINITY, factor: 0.05 },
] as const

/** Intervals shorter than this are never spread: 1 and 2 days are what the ladders promise. */
export const FUZZ_FROM_DAYS = 3

/** A number in [0, 1) fixed by the item id and the review date (FNV-1a, 32 bits). */
export function fuzzDraw(item: string, date: IsoDate): number {
  let hash = 0x811c9dc5
  const text = `${item}\u0000${date}`
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  // One more avalanche round, so that ids differing only in their last character spread evenly.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0
  hash = (hash ^ (hash >>> 13)) >>> 0
  return hash / 2 ** 32
}

/** The whole-day range an interval of `days` may be spread over (Anki's, never below 2 or above `maxDays`). */
export function fuzzRange(days: number, maxDays: number): { min: number; max: number } {
  let delta = 1
  for (const range of RANGES) delta += range.factor * Math.max(Math.min(days, range.end) - range.start, 0)
  const max = Math.min(Math.round(days + delta), maxDays)
  return { min: Math.min(Math.max(2, Math.round(days - delta)), max), max }
}

/** `days` spread by the draw of (item, date); intervals below FUZZ_FROM_DAYS are returned as they are. */
export function fuzzedDays(days: number, item: string, date: IsoDate, maxDays: number): number {
  if (days < FUZZ_FROM_DAYS) return days
  const { min, max } = fuzzRange(days, maxDays)
  return Math.floor(fuzzDraw(item, date) * (max - min + 1)) + min
}
