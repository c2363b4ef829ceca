import { configProblemText } from '../core/config.js'
import { type Corpus, STATE_PATH } from '../core/corpus.js'
import { serializeState, serializesTo } from '../core/state.js'
import type { State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'

/**
 * Writes state.json (atomically, through the vault) only when its bytes would change. Returns
 * whether it wrote. The text on disk is compared part by part (`serializesTo`); the new text is
 * made only to be written.
 */
export async function writeStateIfChanged(vault: Vault, state: State): Promise<boolean> {
  const current = await vault.read(STATE_PATH)
  if (current !== null && serializesTo(state, current)) return false
  await vault.write(STATE_PATH, serializeState(state))
  return true
}

/** Thrown when config.json is invalid: every operation that writes stops before writing (SPEC 1.8). */
export class ConfigInvalidError extends Error {
  override name = 'ConfigInvalidError'
}

export function assertConfigValid(corpus: Corpus): void {
  if (corpus.configFinding) throw new ConfigInvalidError(configProblemText(corpus.configFinding))
}
