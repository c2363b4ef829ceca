import { SCHEDULERS } from '../core/config.js'
import { CONFIG_PATH } from '../core/corpus.js'
import { compareSchedulers, configsForEveryScheduler, type SchedulerForecast } from '../core/forecast.js'
import { declaredItems } from '../core/items.js'
import type { IsoDate, SchedulerName } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { type LoadedCorpus, loadCorpus } from './corpus.js'
import { registerState } from './practice.js'
import { assertConfigValid, derivedState } from './schedule.js'

/** The switch preview of issue 5 for a loaded corpus: the same log replayed under all four schedulers. */
export function forecastCorpus(corpus: LoadedCorpus, today: IsoDate, days: number): SchedulerForecast[] {
  return compareSchedulers({
    reviews: corpus.log.reviews,
    declared: [...declaredItems(corpus.notes).keys()],
    previous: corpus.state,
    today,
    aliases: corpus.config.aliases,
    configs: configsForEveryScheduler(corpus.config),
    days,
  })
}

/**
 * Switches the active scheduler: sets `"scheduler"` in config.json (every other key kept as it
 * is), then replays the log into state.json under the new one (SPEC 1.6: switching = change the
 * declaration, then replay). Refuses, writing nothing, when config.json is not valid today.
 */
export async function switchScheduler(
  vault: Vault,
  name: SchedulerName,
  today: IsoDate,
): Promise<{ items: number; changed: boolean }> {
  if (!SCHEDULERS.includes(name)) throw new Error(`unknown scheduler "${name}" (known: ${SCHEDULERS.join(', ')})`)
  const before = await loadCorpus(vault)
  assertConfigValid(before)
  const text = await vault.read(CONFIG_PATH)
  const config = text === null ? {} : (JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>)
  const changed = config['scheduler'] !== name && !(text === null && name === 'leitner')
  if (changed) await vault.write(CONFIG_PATH, `${JSON.stringify({ ...config, scheduler: name }, null, 2)}\n`)
  const after = changed ? await loadCorpus(vault) : before
  await registerState(vault, after, today)
  return { items: Object.keys(derivedState(after, today)).length, changed }
}
