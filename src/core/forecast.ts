import { addDays, daysBetween } from './dates.js'
import { type ReplayInput, replay } from './replay.js'
import { SCHEDULER_NAMES, type SchedulerConfig, schedulerFor } from './schedulers/index.js'
import { switchesAfterUse } from './schedulers/switches.js'
import type { Config, IsoDate, SchedulerName, State } from './types.js'

// The scheduler-switch preview: the log is the asset, so the workload a
// switch would bring can be shown before the user commits to it, by replaying the same log under
// each candidate. Nothing is simulated beyond each item's next due date: the counts are the
// reviews already owed, not a Monte-Carlo guess at future grades.

export type { SchedulerConfig }

export interface CompareInput extends Omit<ReplayInput, 'scheduler'> {
  /** One row per config, in this order; `configsForEveryScheduler` gives the four schedulers. */
  configs: readonly SchedulerConfig[]
  /** Days in the window, today included (a positive whole number). */
  days: number
}

export interface DueCounts {
  /** Items due today, overdue ones included (the same number as `perDay[0].due`). */
  dueToday: number
  /** One entry per day of the window, today first: the items whose next review falls on it. */
  perDay: { date: IsoDate; due: number }[]
  /** Items due within the window. */
  total: number
}

/**
 * One row of the comparison. The counts at the top level are what `schedulers --use` gives (each
 * item keeps its due date until its next review, SPEC 1.6); `rescheduled` is what
 * `--use --reschedule` gives (every item re-dated by the new scheduler at once).
 */
export interface SchedulerForecast extends DueCounts {
  scheduler: SchedulerName
  rescheduled: DueCounts
}

/**
 * The four schedulers as a switch from `config` today would configure them: the FSRS options and
 * fuzz in use, and the switch record `--use` would leave (the active one keeps its own).
 */
export function configsForEveryScheduler(
  config: Pick<Config, 'fsrs'> & Partial<Pick<Config, 'scheduler' | 'switches' | 'fuzz'>>,
  today?: IsoDate,
): SchedulerConfig[] {
  const active = config.scheduler ?? 'leitner'
  const switches = config.switches ?? []
  return SCHEDULER_NAMES.map(scheduler => ({
    scheduler,
    fsrs: config.fsrs,
    ...(config.fuzz === undefined ? {} : { fuzz: config.fuzz }),
    switches: today === undefined ? [] : switchesAfterUse(switches, active, scheduler, today, config.fsrs.weights),
  }))
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
  const counts = (config: SchedulerConfig): DueCounts => {
    const perDay = dueLoad(replay({ ...replayInput, scheduler: schedulerFor(config) }), input.today, days)
    return { dueToday: perDay[0]?.due ?? 0, perDay, total: perDay.reduce((sum, day) => sum + day.due, 0) }
  }
  return configs.map(config => {
    const kept = counts(config)
    const rescheduled = (config.switches ?? []).length === 0 ? kept : counts({ ...config, switches: [] })
    return { scheduler: config.scheduler, ...kept, rescheduled }
  })
}
