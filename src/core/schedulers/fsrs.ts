import { type Card, type FSRS, fsrs, Rating, State } from 'ts-fsrs'
import { FIRST_SUPPORTED_DATE, isIsoDate, LAST_SUPPORTED_DATE } from '../dates.js'
import type { Scheduler } from '../scheduler.js'
import type { Grade, IsoDate, StateEntry } from '../types.js'

// FSRS-6 through ts-fsrs 5.4.2 at day granularity (SPEC 1.6, docs/adr/0003-fsrs-day-granularity.md).
// ts-fsrs works on Date instants; we only ever hand it UTC midnights and read back the UTC
// calendar date, and its long-term scheduler diffs whole UTC days, so no time zone can move a day.

export interface FsrsOptions {
  /** Desired retention, 0 < r < 1 (config `fsrs.retention`). */
  retention: number
  /** FSRS parameters (config `fsrs.weights`); empty = the library's FSRS-6 defaults. */
  weights: readonly number[]
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
  /** ts-fsrs's State name: `New`, then `Review` (day granularity never enters `Learning`). */
  state: string
}

const RATING: Record<Grade, Rating.Again | Rating.Hard | Rating.Good | Rating.Easy> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
}

// FSRS-5's two missing FSRS-6 parameters: w19 = 0 (no same-day stability term) and the FSRS-5
// decay 0.5. ts-fsrs pads 19 weights the same way, but announces it with console.debug, which
// would land on the CLI's stdout in the middle of `--json` output.
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

const FIRST_INSTANT = Date.parse(`${FIRST_SUPPORTED_DATE}T00:00:00Z`)
const LAST_INSTANT = Date.parse(`${LAST_SUPPORTED_DATE}T00:00:00Z`) + 86_400_000

/** UTC midnight of a calendar date: the only kind of instant ts-fsrs ever sees from us. */
function instant(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`)
}

/** The UTC calendar date of an instant, clamped into the supported dates (ADR 0004): toISOString writes years past 9999 as `+010000`. */
function calendarDate(instantValue: Date): IsoDate {
  const time = instantValue.getTime()
  if (!(time < LAST_INSTANT)) return LAST_SUPPORTED_DATE
  if (time < FIRST_INSTANT) return FIRST_SUPPORTED_DATE
  return instantValue.toISOString().slice(0, 10)
}

function numberField(entry: StateEntry, key: string, fallback: number): number {
  const value = entry[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback
}

function stateField(entry: StateEntry): State {
  const value = entry['state']
  const known =
    typeof value === 'string' && Object.hasOwn(State, value) ? State[value as keyof typeof State] : undefined
  return typeof known === 'number' ? known : State.New
}

/**
 * The ts-fsrs card an entry stands for. Fields ts-fsrs's long-term scheduler does not read
 * (scheduled_days, learning_steps, the deprecated elapsed_days) are not stored and come back as 0.
 */
export function cardOf(entry: StateEntry): Card {
  const lastReview = entry['last_review']
  const card: Card = {
    due: instant(entry.next_due),
    stability: numberField(entry, 'stability', 0),
    difficulty: numberField(entry, 'difficulty', 0),
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: entry.reps,
    lapses: numberField(entry, 'lapses', 0),
    state: stateField(entry),
  }
  if (isIsoDate(lastReview)) card.last_review = instant(lastReview)
  return card
}

function entryOf(card: Card): FsrsEntry {
  return {
    difficulty: card.difficulty,
    lapses: card.lapses,
    last_review: card.last_review ? calendarDate(card.last_review) : null,
    next_due: calendarDate(card.due),
    reps: card.reps,
    stability: card.stability,
    state: State[card.state],
  }
}

/** The ts-fsrs instance the scheduler uses: day granularity, no fuzz (replay must be a pure function). */
export function fsrsEngine(options: FsrsOptions): FSRS {
  const problem = fsrsWeightsProblem(options.weights)
  if (problem !== null) throw new RangeError(problem)
  if (!(options.retention > 0 && options.retention < 1)) {
    throw new RangeError(`fsrs.retention must lie strictly between 0 and 1; found ${options.retention}`)
  }
  const w = fsrs6Parameters(options.weights)
  return fsrs({
    enable_short_term: false,
    enable_fuzz: false,
    request_retention: options.retention,
    ...(w === undefined ? {} : { w }),
  })
}

/**
 * FSRS (SPEC 1.6): every review line goes through `f.next`, same-day repeats included (ADR 0003).
 * Throws RangeError for a review dated before the entry's last review: only a replay, which
 * sorts by date, can place such a line (see `refoldItem` in replay.ts).
 */
export function fsrsScheduler(options: FsrsOptions): Scheduler {
  const engine = fsrsEngine(options)
  return {
    name: 'fsrs',
    initial(nextDue: IsoDate): FsrsEntry {
      return {
        difficulty: 0,
        lapses: 0,
        last_review: null,
        next_due: nextDue,
        reps: 0,
        stability: 0,
        state: State[State.New],
      }
    },
    review(entry, date, grade) {
      const lastReview = entry['last_review']
      if (isIsoDate(lastReview) && date < lastReview) {
        throw new RangeError(
          `FSRS review dated ${date} comes before the item's last review ${lastReview}; replay the history in date order`,
        )
      }
      return entryOf(engine.next(cardOf(entry), instant(date), RATING[grade]).card)
    },
  }
}
