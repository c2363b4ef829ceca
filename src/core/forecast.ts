import { addDays, daysBetween } from './dates.js'
import { type ReplayInput, replay } from './replay.js'
import { SCHEDULER_NAMES, schedulerFor } from './schedulers/index.js'
import type { Config, IsoDate, SchedulerName, State } from './types.js'

// The scheduler-switch preview: the log is the asset, so the workload a
// switch would bring can be shown before the user commits to it, by replaying the same log under
// each candidate. Nothing is simulated beyond each item's next due date: the counts are the
// reviews already owed, not a Monte-Carlo guess at future grades.

/** What one row of the comparison replays with: a scheduler name and, for FSRS, its options. */
export type SchedulerConfig = Pick<Config, 'scheduler' | 'fsrs'>

export interface CompareInput extends Omit<ReplayInput, 'scheduler'> {
  /** One row per config, in this order; `configsForEveryScheduler` gives the four schedulers. */
  configs: readonly SchedulerConfig[]
  /** Days in the window, today included (a positive whole number). */
  days: number
}

export interface SchedulerForecast {
  scheduler: SchedulerName
  /** Items due today, overdue ones included (the same number as `perDay[0].due`). */
  dueToday: number
  /** One entry per day of the window, today first: the items whose next review falls on it. */
  perDay: { date: IsoDate; due: number }[]
  /** Items due within the window. */
  total: number
}

/** The four schedulers, each with the FSRS options of `config` (the retention and weights in use). */
export function configsForEveryScheduler(config: Pick<Config, 'fsrs'>): SchedulerConfig[] {
  return SCHEDULER_NAMES.map(scheduler => ({ scheduler, fsrs: config.fsrs }))
}

/** Counts a state's due dates over `days` days from `today`; an overdue item counts on today. */
export function dueLoad(state: State, today: IsoDate, days: number): { date: IsoDate; due: number }[] {
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError(`the forecast window must be a positive whole number of days; found ${days}`)
  const counts = new Array<number>(days).fill(0)
  for (const entry of Object.values(state)) {
    const offset = Math.max(0, daysBetween(today, entry.next_due))
    if (offset < days) counts[offset] = (counts[offset] ?? 0) + 1
  }
  return counts.map((due, offset) => ({ date: addDays(today, offset), due }))
}

/** Replays the log under every config and counts what each would put due, day by day. Pure. */
export function compareSchedulers(input: CompareInput): SchedulerForecast[] {
  const { configs, days, ...replayInput } = input
  return configs.map(config => {
    const perDay = dueLoad(replay({ ...replayInput, scheduler: schedulerFor(config) }), input.today, days)
    return {
      scheduler: config.scheduler,
      dueToday: perDay[0]?.due ?? 0,
      perDay,
      total: perDay.reduce((sum, day) => sum + day.due, 0),
    }
  })
}
