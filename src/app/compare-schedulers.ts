import { SCHEDULERS } from '../core/config.js'
import type { Corpus } from '../core/corpus.js'
import { CONFIG_PATH } from '../core/corpus.js'
import { type EvaluatedScheduler, type Evaluation, evaluateSchedulers, splitDateOf } from '../core/evaluate.js'
import { compareSchedulers, configsForEveryScheduler, type SchedulerForecast } from '../core/forecast.js'
import { declaredItems } from '../core/items.js'
import { switchDateRefusal, switchesAfterUse } from '../core/schedulers/switches.js'
import { derivedState } from '../core/snapshot.js'
import type { IsoDate, SchedulerName } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { OptimizerUnavailableError, optimizeFsrs } from './fsrs-optimize.js'
import { registerState } from './grade-review.js'
import { type LoadOptions, loadCorpus } from './load-corpus.js'
import { assertConfigValid } from './write-state.js'

/** The switch preview of issue 5 for a loaded corpus: the same log replayed under all four schedulers. */
export function forecastCorpus(corpus: Corpus, today: IsoDate, days: number): SchedulerForecast[] {
  return compareSchedulers({
    reviews: corpus.log.all(),
    declared: [...declaredItems(corpus.notes, corpus.config.aliases).keys()],
    previous: corpus.state,
    today,
    aliases: corpus.config.aliases,
    configs: configsForEveryScheduler(corpus.config, today),
    days,
  })
}

export interface SwitchOptions {
  /** Re-date every item under the new scheduler at once (a full replay), instead of keeping each item's due date. */
  reschedule?: boolean
  /** The caches the loads read through (the CLI's): without them, each of the switch's two loads scans every note. */
  load?: Pick<LoadOptions, 'cache' | 'logCache'>
}

/**
 * Switches the active scheduler: sets `"scheduler"` in config.json (every other key kept as it
 * is) and records the switch in `"switches"`, so that every item keeps its due date until its
 * next review (SPEC 1.6); with `reschedule`, drops the record instead, so that the new scheduler
 * re-dates everything. Then regenerates state.json. Refuses, writing nothing, when config.json is
 * not valid today.
 */
export async function switchScheduler(
  vault: Vault,
  name: SchedulerName,
  today: IsoDate,
  options: SwitchOptions = {},
): Promise<SwitchOutcome> {
  if (!SCHEDULERS.includes(name)) throw new Error(`unknown scheduler "${name}" (known: ${SCHEDULERS.join(', ')})`)
  const before = await loadCorpus(vault, options.load)
  assertConfigValid(before)
  const text = await vault.read(CONFIG_PATH)
  const config = text === null ? {} : (JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>)
  const from = before.config.scheduler
  const changed = from !== name || (options.reschedule === true && config['switches'] !== undefined)
  if (options.reschedule !== true && from !== name) {
    const refusal = switchDateRefusal(before.config.switches, from, today)
    if (refusal !== null) throw new SwitchRefusedError(refusal.message, refusal.lastDate)
  }
  const old = derivedState(before, today)
  if (changed) {
    const { switches: _dropped, ...rest } = config
    const next: Record<string, unknown> = { ...rest, scheduler: name }
    if (options.reschedule !== true && from !== name)
      next['switches'] = switchesAfterUse(before.config.switches, from, name, today, before.config.fsrs.weights)
    await vault.write(CONFIG_PATH, `${JSON.stringify(next, null, 2)}\n`)
  }
  const after = changed ? await loadCorpus(vault, options.load) : before
  await registerState(vault, after, today)
  const next = derivedState(after, today)
  let redated = 0
  for (const [id, entry] of Object.entries(next)) if (old[id]?.next_due !== entry.next_due) redated++
  return { items: Object.keys(next).length, changed, redated, corpus: after }
}

export interface SwitchOutcome {
  /** Items in the state. */
  items: number
  /** Whether config.json changed. */
  changed: boolean
  /**
   * Items whose due date the switch moved: all that the new scheduler dates otherwise with
   * `reschedule`; without it, the items reviewed on the switch's own date (SPEC 1.6), or every
   * item when the record of switches was overtaken by a hand edit.
   */
  redated: number
  /** The corpus as the switch left it (its log's skipped lines are the caller's to say). */
  corpus: Corpus
}

/** A switch the record of switches cannot take (SPEC 1.6): said to the user, nothing written. */
export class SwitchRefusedError extends Error {
  constructor(
    message: string,
    /** The date of the last recorded switch: a switch on it or later is taken. */
    readonly lastDate: IsoDate,
  ) {
    super(message)
  }
}

export interface CorpusEvaluation extends Evaluation {
  /** Where the fitted FSRS row's weights come from, or why there is no such row. */
  fitted: { source: 'fitted-before-split' | 'config'; weights: number[] } | { source: 'none'; reason: string }
}

/**
 * Each scheduler judged on the corpus's log (issue 11, point 7): Leitner, pass/fail, SM-2, FSRS
 * with the default weights, and FSRS with fitted ones. The fitted weights are fitted with
 * fsrs-rs on the reviews before the split date only, so that the row is scored on reviews its
 * weights never saw; without the optional optimiser, the weights in config.json stand in.
 */
export async function evaluateCorpus(corpus: Corpus): Promise<CorpusEvaluation> {
  const reviews = corpus.log.all()
  const { aliases, fsrs, fuzz } = corpus.config
  const splitDate = splitDateOf(reviews, aliases)
  const rows: EvaluatedScheduler[] = [
    { label: 'leitner', config: { scheduler: 'leitner', fsrs, fuzz } },
    { label: 'passfail', config: { scheduler: 'passfail', fsrs, fuzz } },
    { label: 'sm2', config: { scheduler: 'sm2', fsrs, fuzz } },
    { label: 'fsrs (default weights)', config: { scheduler: 'fsrs', fsrs: { ...fsrs, weights: [] }, fuzz } },
  ]
  let fitted: CorpusEvaluation['fitted']
  const train = splitDate === null ? [] : reviews.filter(r => r.date < splitDate)
  try {
    const result = await optimizeFsrs(train, aliases)
    fitted =
      result.enough && result.weights
        ? { source: 'fitted-before-split', weights: result.weights }
        : { source: 'none', reason: `too little history before ${splitDate ?? 'the split'}: ${result.needed ?? ''}` }
  } catch (error) {
    if (!(error instanceof OptimizerUnavailableError)) throw error
    fitted = { source: 'none', reason: error.message }
  }
  if (fitted.source === 'none' && fsrs.weights.length > 0) fitted = { source: 'config', weights: fsrs.weights }
  if (fitted.source !== 'none')
    rows.push({
      label: fitted.source === 'config' ? 'fsrs (config.json weights)' : 'fsrs (fitted weights)',
      config: { scheduler: 'fsrs', fsrs: { ...fsrs, weights: fitted.weights }, fuzz },
    })
  return { ...evaluateSchedulers(reviews, rows, aliases, splitDate), fitted }
}
