import { SCHEDULERS } from '../config.js'
import type { Scheduler } from '../scheduler.js'
import type { Config, SchedulerName } from '../types.js'
import { fsrsScheduler } from './fsrs.js'
import { leitner } from './leitner.js'
import { passfail } from './passfail.js'
import { sm2Scheduler } from './sm2.js'
import { switchAware } from './switches.js'

/** Every scheduler a config may name (SPEC 1.6), the default first. */
export const SCHEDULER_NAMES: readonly SchedulerName[] = SCHEDULERS

/** What configures one scheduler: its name, FSRS's options, the fuzz (FSRS and SM-2 only) and the switch record. */
export type SchedulerConfig = Pick<Config, 'scheduler' | 'fsrs'> & Partial<Pick<Config, 'fuzz' | 'switches'>>

/**
 * The scheduler `config.scheduler` names, configured from the rest of the config, on its own:
 * a full replay under it. FSRS throws RangeError on weights or a retention it cannot use.
 */
export function plainSchedulerFor(config: SchedulerConfig): Scheduler {
  const fuzz = config.fuzz ?? true
  switch (config.scheduler) {
    case 'leitner':
      return leitner()
    case 'passfail':
      return passfail()
    case 'sm2':
      return sm2Scheduler({ fuzz })
    case 'fsrs':
      return fsrsScheduler({ retention: config.fsrs.retention, weights: config.fsrs.weights, fuzz })
  }
}

/**
 * The scheduler the state is derived with (SPEC 1.6): the one `config.scheduler` declares, and,
 * when `config.switches` records how it became active, the dates each item had before (ADR 0016).
 */
export function schedulerFor(config: SchedulerConfig): Scheduler {
  const active = plainSchedulerFor(config)
  const switches = config.switches ?? []
  if (switches.length === 0) return active
  return switchAware(active, switches, (name, weights) =>
    plainSchedulerFor({
      ...config,
      scheduler: name,
      // A regime of earlier FSRS weights (`fsrs optimize --write`): the dates those weights gave.
      ...(weights === undefined ? {} : { fsrs: { ...config.fsrs, weights: [...weights] } }),
    }),
  )
}
