import { configProblemText } from '../core/config.js'
import { type Corpus, STATE_PATH } from '../core/corpus.js'
import { serializeState, serializesTo } from '../core/state.js'
import type { State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'

/**
 * Writes state.json (atomically, through the vault) only when its bytes would change. Returns
 * whether it wrote. Two ways to the same answer, by what is likely:
 * - `'same'` (a replay, a registration, validate): the state is most often the one on disk, so
 *   the file's text is compared part by part (`serializesTo`), and the new text is made only to
 *   be written: a 3 MB text and the sorted copy it is made from are not made for nothing;
 * - `'changed'` (after a grade or an undo): the text is made first, as it will be written, and
 *   compared whole; a walk of the parts would stop at the changed entry and then make it anyway.
 */
export async function writeStateIfChanged(
  vault: Vault,
  state: State,
  expect: 'same' | 'changed' = 'same',
): Promise<boolean> {
  if (expect === 'changed') {
    const text = serializeState(state)
    if ((await vault.read(STATE_PATH)) === text) return false
    await vault.write(STATE_PATH, text)
    return true
  }
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
