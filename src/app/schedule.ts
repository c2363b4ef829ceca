import { configProblemText } from '../core/config.js'
import { STATE_PATH } from '../core/corpus.js'
import { declaredItems } from '../core/items.js'
import { replay } from '../core/replay.js'
import { schedulerFor } from '../core/schedulers/index.js'
import { serializeState } from '../core/state.js'
import type { IsoDate, State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import type { LoadedCorpus } from './corpus.js'

/** The state a replay gives for this corpus today: every declared item, new ones registered today. */
export function derivedState(corpus: LoadedCorpus, today: IsoDate): State {
  return replay({
    reviews: corpus.log.all(),
    declared: [...declaredItems(corpus.notes).keys()],
    previous: corpus.state,
    today,
    scheduler: schedulerFor(corpus.config),
    aliases: corpus.config.aliases,
  })
}

/** Writes state.json (atomically, through the vault) only when its bytes would change. Returns whether it wrote. */
export async function writeStateIfChanged(vault: Vault, state: State): Promise<boolean> {
  const text = serializeState(state)
  const current = await vault.read(STATE_PATH)
  if (current === text) return false
  await vault.write(STATE_PATH, text)
  return true
}

/** Thrown when config.json is invalid: every operation that writes stops before writing (SPEC 1.8). */
export class ConfigInvalidError extends Error {
  override name = 'ConfigInvalidError'
}

export function assertConfigValid(corpus: LoadedCorpus): void {
  if (corpus.configFinding) throw new ConfigInvalidError(configProblemText(corpus.configFinding))
}
