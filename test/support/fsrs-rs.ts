import { FSRSBinding, type FSRSBindingItem } from '@open-spaced-repetition/binding'
import { addDays, daysBetween } from '../../src/core/dates.js'
import type { Grade } from '../../src/core/types.js'

// The reference for FSRS (SPEC 1.6): fsrs-rs, the engine Anki uses, through its Node binding,
// called directly. The binding is an optional dependency that `npm install` installs here and in
// CI; a test that needs it fails loudly when it is missing rather than skipping.

export type Line = readonly [date: string, grade: Grade]

const RATING: Record<Grade, 1 | 2 | 3 | 4> = { again: 1, hard: 2, good: 3, easy: 4 }
const KEYS = ['again', 'hard', 'good', 'easy'] as const

export interface ReferenceStep {
  date: string
  stability: number
  difficulty: number
  /** fsrs-rs's unrounded interval for the grade given, and for all four (again..easy). */
  interval: number
  intervals: [number, number, number, number]
  next_due: string
}

/**
 * fsrs-rs's memory state after each line of `history`, and the due date its intervals give in
 * whole days the way Anki schedules without learning steps: rounded, at least 1 day, and in
 * grade order (again <= hard < good < easy).
 */
export function fsrsRs(history: readonly Line[], retention = 0.9, weights?: readonly number[]): ReferenceStep[] {
  const binding = new FSRSBinding(weights === undefined ? undefined : [...weights])
  let memory: ReturnType<FSRSBinding['nextStates']>['good']['memory'] | undefined
  let previous: string | undefined
  return history.map(([date, grade]) => {
    const states = binding.nextStates(memory, retention, previous === undefined ? 0 : daysBetween(previous, date))
    const raw = KEYS.map(key => states[key].interval) as [number, number, number, number]
    const days = raw.map(value => Math.min(36500, Math.max(1, Math.round(value))))
    days[0] = Math.min(days[0]!, days[1]!)
    days[1] = Math.max(days[1]!, days[0]! + 1)
    days[2] = Math.max(days[2]!, days[1]! + 1)
    days[3] = Math.max(days[3]!, days[2]! + 1)
    const chosen = states[KEYS[RATING[grade] - 1]!]
    memory = chosen.memory
    previous = date
    return {
      date,
      stability: chosen.memory.stability,
      difficulty: chosen.memory.difficulty,
      interval: chosen.interval,
      intervals: raw,
      next_due: addDays(date, days[RATING[grade] - 1]!),
    }
  })
}

/** Whether an unrounded interval sits so close to a half day that fsrs-rs's 32-bit floats decide its rounding. */
export function onRoundingEdge(interval: number): boolean {
  const fraction = interval - Math.floor(interval)
  return Math.abs(fraction - 0.5) <= 1e-5 * Math.max(1, interval)
}

export type { FSRSBindingItem }
