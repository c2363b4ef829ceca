import { CONFIG_PATH } from '../core/corpus.js'
import { switchDateRefusal, switchesAfterWeights } from '../core/schedulers/switches.js'
import { derivedState } from '../core/snapshot.js'
import type { IsoDate } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { registerState } from './grade-review.js'
import { type LoadOptions, loadCorpus } from './load-corpus.js'
import { assertConfigValid } from './write-state.js'

export interface SavedWeights {
  /** Items in the state. */
  items: number
  /** Items whose next due date the new weights moved (under another scheduler, those FSRS dated last, before a switch). */
  redated: number
  /** Whether FSRS is the active scheduler, so that the weights are used now. */
  active: boolean
  /** Whether the change was recorded as a switch (FSRS active, no `reschedule`): every item keeps its date until its next review. */
  kept: boolean
}

/** FSRS weights cannot be recorded now: a switch in the record is dated after today. */
export class WeightsRefusedError extends Error {
  override name = 'WeightsRefusedError'
}

/**
 * `fsrs optimize --write`: the fitted weights into config.json (every other key kept as it was)
 * and state.json derived again under them, so that the state stays what the log and the
 * configuration give (SPEC 1.5). With FSRS active the change is recorded as a switch from fsrs to
 * fsrs that keeps the old weights (SPEC 1.6): every item keeps its due date until its next
 * review, which the new weights schedule; with `reschedule` (or another scheduler active) the new
 * weights date every item FSRS dates at once.
 */
export async function saveFsrsWeights(
  vault: Vault,
  weights: readonly number[],
  today: IsoDate,
  options: Pick<LoadOptions, 'cache' | 'logCache'> & { reschedule?: boolean } = {},
): Promise<SavedWeights> {
  const before = await loadCorpus(vault, options)
  assertConfigValid(before)
  const keep = before.config.scheduler === 'fsrs' && options.reschedule !== true
  const refusal = keep ? switchDateRefusal(before.config.switches, 'fsrs', today) : null
  if (refusal !== null) throw new WeightsRefusedError(`${refusal.message}; nothing written (or use --reschedule)`)
  const raw = (await vault.read(CONFIG_PATH)) ?? '{}'
  const config = JSON.parse(raw.replace(/^\uFEFF/, '')) as Record<string, unknown>
  const fsrs =
    typeof config['fsrs'] === 'object' && config['fsrs'] !== null ? (config['fsrs'] as Record<string, unknown>) : {}
  config['fsrs'] = { ...fsrs, weights: [...weights] }
  if (keep) config['switches'] = switchesAfterWeights(before.config.switches, before.config.fsrs.weights, today)
  // Re-dated at once, as `schedulers --use fsrs --reschedule` does: the record goes (SPEC 1.6), or
  // the regimes an earlier write recorded would keep their dates.
  else if (before.config.scheduler === 'fsrs') delete config['switches']
  await vault.write(CONFIG_PATH, `${JSON.stringify(config, null, 2)}\n`)
  const after = await loadCorpus(vault, options)
  const old = derivedState(before, today)
  const next = derivedState(after, today)
  let redated = 0
  for (const [id, entry] of Object.entries(next)) if (old[id]?.next_due !== entry.next_due) redated++
  await registerState(vault, after, today)
  return { items: Object.keys(next).length, redated, active: after.config.scheduler === 'fsrs', kept: keep }
}
