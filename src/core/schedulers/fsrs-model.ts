import { clipParameters, default_w } from 'ts-fsrs'
import type { Grade } from '../types.js'

// The FSRS-6 memory model as fsrs-rs (the engine Anki uses) computes it, in whole days
// (SPEC 1.6, docs/adr/0003-fsrs-day-granularity.md). ts-fsrs's day-granular scheduler
// (`enable_short_term: false`) skips FSRS-6's same-day formula, so a second review on one day
// gave another schedule than Anki's; the model is small enough to state here, and
// test/core/fsrs-binding.differential.test.ts holds it to fsrs-rs through its Node binding.
// ts-fsrs still serves for the default weights and the parameter bounds (they are fsrs-rs's).

export interface MemoryState {
  stability: number
  difficulty: number
}

/** 1 again, 2 hard, 3 good, 4 easy: the rating numbers of FSRS and fsrs-rs. */
export const RATING: Readonly<Record<Grade, 1 | 2 | 3 | 4>> = { again: 1, hard: 2, good: 3, easy: 4 }

const S_MIN = 0.001
const S_MAX = 36500
/** fsrs-rs's and Anki's longest interval. */
export const MAX_INTERVAL = 36500

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high)

/** The FSRS-6 model for one set of 21 weights (clipped to fsrs-rs's bounds). */
export interface FsrsModel {
  readonly weights: readonly number[]
  /** The memory state after a review `elapsedDays` whole days after the previous one (null: the first review). */
  next(memory: MemoryState | null, elapsedDays: number, rating: 1 | 2 | 3 | 4): MemoryState
  /** Probability of recall `elapsedDays` after a review that left stability `stability`. */
  retrievability(elapsedDays: number, stability: number): number
  /** The interval in days, unrounded, at which recall falls to `retention`. */
  interval(stability: number, retention: number): number
}

export function fsrsModel(weights21?: readonly number[]): FsrsModel {
  const w = clipParameters([...(weights21 ?? default_w)], 0, false) as number[]
  const at = (i: number) => w[i] as number
  const decay = -at(20)
  const factor = 0.9 ** (1 / decay) - 1
  const initDifficulty = (rating: number) => at(4) - Math.exp((rating - 1) * at(5)) + 1
  const retrievability = (t: number, s: number) => (1 + (factor * t) / s) ** decay

  function nextDifficulty(d: number, rating: number): number {
    const delta = -at(6) * (rating - 3)
    const damped = d + (delta * (10 - d)) / 9
    return clamp(at(7) * initDifficulty(4) + (1 - at(7)) * damped, 1, 10)
  }

  function nextStability(s: number, d: number, t: number, rating: number): number {
    if (t === 0) {
      // FSRS-6's same-day formula (weights 17-19); a pass never lowers stability.
      const increase = s ** -at(19) * Math.exp(at(17) * (rating - 3 + at(18)))
      return s * (rating >= 2 ? Math.max(increase, 1) : increase)
    }
    const r = retrievability(t, s)
    if (rating === 1) {
      const forgotten = at(11) * d ** -at(12) * ((s + 1) ** at(13) - 1) * Math.exp((1 - r) * at(14))
      return Math.min(forgotten, s / Math.exp(at(17) * at(18)))
    }
    const hardPenalty = rating === 2 ? at(15) : 1
    const easyBonus = rating === 4 ? at(16) : 1
    return (
      s * (1 + Math.exp(at(8)) * (11 - d) * s ** -at(9) * (Math.exp((1 - r) * at(10)) - 1) * hardPenalty * easyBonus)
    )
  }

  return {
    weights: w,
    next(memory, elapsedDays, rating) {
      if (memory === null)
        return { stability: clamp(at(rating - 1), S_MIN, S_MAX), difficulty: clamp(initDifficulty(rating), 1, 10) }
      const { stability: s, difficulty: d } = memory
      return {
        stability: clamp(nextStability(s, d, elapsedDays, rating), S_MIN, S_MAX),
        difficulty: nextDifficulty(d, rating),
      }
    },
    retrievability,
    interval: (stability, retention) => (stability / factor) * (retention ** (1 / decay) - 1),
  }
}

/**
 * The four grades' intervals in whole days, as Anki and ts-fsrs's long-term scheduler turn
 * fsrs-rs's unrounded ones into days: rounded, at least 1, at most MAX_INTERVAL, and in grade order
 * (again <= hard < good < easy), so that a better grade never brings an item back sooner.
 * `spread` (the fuzz, when on) is applied to each before the order is restored.
 */
export function wholeDayIntervals(
  raw: readonly [number, number, number, number],
  spread: (days: number) => number = days => days,
): [number, number, number, number] {
  const days = raw.map(value => spread(clamp(Math.round(value), 1, MAX_INTERVAL)))
  let again = days[0] as number
  let hard = days[1] as number
  let good = days[2] as number
  let easy = days[3] as number
  again = Math.min(again, hard)
  hard = Math.max(hard, again + 1)
  good = Math.max(good, hard + 1)
  easy = Math.max(easy, good + 1)
  return [again, hard, good, easy]
}
