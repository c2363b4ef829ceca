import { SCHEDULERS } from '../config.js'
import type { Scheduler } from '../scheduler.js'
import type { Config, SchedulerName } from '../types.js'
import { fsrsScheduler } from './fsrs.js'
import { leitner } from './leitner.js'
import { passfail } from './passfail.js'
import { sm2Scheduler } from './sm2.js'

/** Every scheduler a config may name (SPEC 1.6), the default first. */
export const SCHEDULER_NAMES: readonly SchedulerName[] = SCHEDULERS

/**
 * The scheduler `config.scheduler` declares, configured from the rest of the config.
 * FSRS throws RangeError on weights or a retention it cannot use (see `fsrsWeightsProblem`).
 */
export function schedulerFor(config: Pick<Config, 'scheduler' | 'fsrs'>): Scheduler {
  switch (config.scheduler) {
    case 'leitner':
      return leitner()
    case 'passfail':
      return passfail()
    case 'sm2':
      return sm2Scheduler()
    case 'fsrs':
      return fsrsScheduler({ retention: config.fsrs.retention, weights: config.fsrs.weights })
  }
}
