import { daysBetween, dueAfterDays, isIsoDate } from '../dates.js'
import type { Scheduler } from '../scheduler.js'
import type { Grade, IsoDate, StateEntry } from '../types.js'
import { fsrsModel, MAX_INTERVAL, type MemoryState, RATING, wholeDayIntervals } from './fsrs-model.js'
import { fuzzedDays } from './fuzz.js'

// FSRS-6 as fsrs-rs computes it, in whole days (SPEC 1.6, docs/adr/0003-fsrs-day-granularity.md):
// every review line updates the memory state, a line on the same day as the previous one through
// FSRS-6's same-day formula. Dates stay `YYYY-MM-DD` strings throughout; elapsed time is the
// number of calendar days between them, so no time zone can move a day.

export interface FsrsOptions {
  /** Desired retention, 0 < r < 1 (config `fsrs.retention`). */
  retention: number
  /** FSRS parameters (config `fsrs.weights`); empty = the FSRS-6 defaults. */
  weights: readonly number[]
  /** Spread intervals of 3 days and more by item and date (config `fuzz`; SPEC 1.6). Default off. */
  fuzz?: boolean
}

/** The state.json entry of an FSRS item: plain JSON, keys in alphabetical order like Leitner's. */
export interface FsrsEntry extends StateEntry {
  difficulty: number
  lapses: number
  /** The date of the last review line applied, null while never reviewed. */
  last_review: IsoDate | null
  next_due: IsoDate
  reps: number
  stability: number
  /** `New` while never reviewed, then `Review` (day granularity has no learning steps). */
  state: string
}

// FSRS-5's two missing FSRS-6 parameters: w19 = 0 (no same-day stability term) and the FSRS-5
// decay 0.5, the padding ts-fsrs and fsrs-rs apply to 19 weights.
const FSRS5_PADDING = [0, 0.5] as const

/** Why `weights` cannot configure the scheduler, or null when they can. For config validation. */
export function fsrsWeightsProblem(weights: readonly number[]): string | null {
  if (!weights.every(w => typeof w === 'number' && Number.isFinite(w)))
    return 'fsrs.weights must hold only finite numbers'
  if (weights.length === 0 || weights.length === 19 || weights.length === 21) return null
  return `fsrs.weights must be empty (the defaults), or hold 21 FSRS-6 or 19 FSRS-5 parameters; found ${weights.length}`
}

/** The FSRS-6 parameters `weights` stand for (19 FSRS-5 ones padded); undefined for the defaults. */
export function fsrs6Parameters(weights: readonly number[]): number[] | undefined {
  if (weights.length === 0) return undefined
  return weights.length === 19 ? [...weights, ...FSRS5_PADDING] : [...weights]
}

function numberField(entry: StateEntry, key: string): number {
  const value = entry[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

/** The memory state an entry holds; null while it has none (never reviewed, or a hand-made entry). */
export function memoryOf(entry: StateEntry): MemoryState | null {
  const stability = numberField(entry, 'stability')
  const difficulty = numberField(entry, 'difficulty')
  return entry.reps > 0 && stability > 0 && difficulty >= 1 ? { stability, difficulty } : null
}

function checkedOptions(options: FsrsOptions): void {
  const problem = fsrsWeightsProblem(options.weights)
  if (problem !== null) throw new RangeError(problem)
  if (!(options.retention > 0 && options.retention < 1)) {
    throw new RangeError(`fsrs.retention must lie strictly between 0 and 1; found ${options.retention}`)
  }
}

/** The FSRS-6 model the options configure (weights checked, padded and clipped). */
export function fsrsModelFor(options: Pick<FsrsOptions, 'weights'>): ReturnType<typeof fsrsModel> {
  const problem = fsrsWeightsProblem(options.weights)
  if (problem !== null) throw new RangeError(problem)
  return fsrsModel(fsrs6Parameters(options.weights))
}

/**
 * FSRS (SPEC 1.6): every review line updates the memory state (ADR 0003). Throws RangeError for a
 * review dated before the entry's last review: only a replay, which sorts by date, can place
 * such a line (see `refoldItem` in replay.ts).
 */
export function fsrsScheduler(options: FsrsOptions): Scheduler {
  checkedOptions(options)
  const model = fsrsModelFor(options)
  const { retention } = options
  return {
    name: 'fsrs',
    initial(nextDue: IsoDate): FsrsEntry {
      return { difficulty: 0, lapses: 0, last_review: null, next_due: nextDue, reps: 0, stability: 0, state: 'New' }
    },
    review(entry, date, grade: Grade, item?: string) {
      const lastReview = entry['last_review']
      const memory = memoryOf(entry)
      let elapsed = 0
      if (memory !== null && isIsoDate(lastReview)) {
        elapsed = daysBetween(lastReview, date)
        if (elapsed < 0)
          throw new RangeError(
            `FSRS review dated ${date} comes before the item's last review ${lastReview}; replay the history in date order`,
          )
      }
      const next = ([1, 2, 3, 4] as const).map(rating => model.next(memory, elapsed, rating))
      const raw = next.map(state => model.interval(state.stability, retention)) as [number, number, number, number]
      const spread =
        options.fuzz === true && item !== undefined
          ? (days: number) => fuzzedDays(days, item, date, MAX_INTERVAL)
          : undefined
      const rating = RATING[grade]
      const days = wholeDayIntervals(raw, spread)[rating - 1] as number
      const chosen = next[rating - 1] as MemoryState
      const wasReviewed = memory !== null
      const result: FsrsEntry = {
        difficulty: chosen.difficulty,
        lapses: numberField(entry, 'lapses') + (wasReviewed && rating === 1 ? 1 : 0),
        last_review: date,
        // A due date past the supported range is its last day (ADR 0004).
        next_due: dueAfterDays(date, days),
        reps: entry.reps + 1,
        stability: chosen.stability,
        state: 'Review',
      }
      return result
    },
  }
}
