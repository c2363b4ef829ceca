import { configProblemText } from '../core/config.js'
import { type Corpus, STATE_PATH } from '../core/corpus.js'
import { derivedState } from '../core/snapshot.js'
import { StateTextMatch, serializeState } from '../core/state.js'
import type { IsoDate, State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { withLogReadAgain } from './log-mark.js'
import { type StateGuard, whileLogIs } from './state-guard.js'

/**
 * Writes state.json (atomically, through the vault) only when its bytes would change, under the
 * writers' lock and only while the log is still the one the state was derived from (`guard`,
 * state-guard.ts). Says whether it wrote. Two ways to the same answer, by what is likely:
 * - `'same'` (a replay, a registration, validate): the state is most often the one on disk, so
 *   the file is compared part by part as it is read (`onDiskAlready`), and the new text is made
 *   only to be written: neither the file's 3 MB text nor a second one is held for nothing;
 * - `'changed'` (after a grade or an undo): the text is made first, as it will be written, and
 *   compared whole; a walk of the parts would stop at the changed entry and then make it anyway.
 * The comparison is made before the lock is taken: the lock is held for the write alone.
 */
export async function writeStateIfChanged(
  vault: Vault,
  state: State,
  expect: 'same' | 'changed' = 'same',
  guard: StateGuard = {},
): Promise<boolean> {
  return (await writeState(vault, state, expect, guard)) === 'written'
}

/** `superseded`: not written, the log having grown since the state was derived (another writer's lines). */
type StateWritten = 'written' | 'unchanged' | 'superseded'

async function writeState(
  vault: Vault,
  state: State,
  expect: 'same' | 'changed',
  guard: StateGuard,
): Promise<StateWritten> {
  // No file reads as the empty state (parseState): writing `{}` there would say nothing new, and
  // would create internalise/.srs/ in a corpus of Reference or Track notes only, where validate,
  // replay and practice (read-only there: no item to register) must leave no trace (SPEC 1).
  if (hasNoEntry(state) && (await vault.read(STATE_PATH)) === null) return 'unchanged'
  let text: string
  if (expect === 'changed') {
    text = serializeState(state)
    if ((await vault.read(STATE_PATH)) === text) return 'unchanged'
  } else {
    if (await onDiskAlready(vault, state)) return 'unchanged'
    text = serializeState(state)
  }
  return (await whileLogIs(vault, guard, () => vault.write(STATE_PATH, text))) ? 'written' : 'superseded'
}

/**
 * The state of `corpus` written as `writeStateIfChanged` writes it (a registration, a replay,
 * validate): when another writer added to the log since the corpus read it, the log (never the
 * notes) is read again and the state derived again, so that what the command was run for (new
 * items registered, a scheduler switched) lands with every review in it. Given up after a few
 * tries while the log keeps growing: each writer that adds to it writes its own state.
 */
export async function writeCorpusState(
  vault: Vault,
  corpus: Corpus,
  today: IsoDate,
  guard: Omit<StateGuard, 'from'> = {},
): Promise<boolean> {
  let current = corpus
  for (let attempt = 1; ; attempt++) {
    const outcome = await writeState(vault, derivedState(current, today), 'same', { ...guard, from: current.logFile })
    if (outcome !== 'superseded' || attempt === CORPUS_STATE_ATTEMPTS) return outcome === 'written'
    current = await withLogReadAgain(vault, current)
  }
}

const CORPUS_STATE_ATTEMPTS = 3

/** Whether the state has no entry: found without listing 30,000 ids after every grade. */
function hasNoEntry(state: State): boolean {
  for (const id in state) if (Object.hasOwn(state, id) && state[id] !== undefined) return false
  return true
}

/**
 * Whether state.json holds `state`'s bytes, compared part by part (`StateTextMatch`) as the file
 * is read: chunk by chunk where the vault can (`readChunks`: one chunk of the file held at a time,
 * not its whole text; the reading stops at the first difference), else its text at once.
 */
async function onDiskAlready(vault: Vault, state: State): Promise<boolean> {
  const match = new StateTextMatch(state)
  const source = vault.readChunks ? await vault.readChunks(STATE_PATH) : undefined
  if (source === undefined) {
    const current = await vault.read(STATE_PATH)
    return current !== null && match.push(current) && match.end()
  }
  if (source === null) return false
  // `ignoreBOM`: a file that begins with one keeps it, and so differs (as `read` gives it).
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  for await (const chunk of source.chunks)
    for (let at = 0; at < chunk.length; at += PIECE_BYTES)
      if (!match.push(decoder.decode(chunk.subarray(at, at + PIECE_BYTES), { stream: true }))) return false
  return match.push(decoder.decode()) && match.end()
}

/**
 * Bytes decoded at a time: a string of up to 64 KB is an ordinary young object, gone at the next
 * scavenge; a chunk's 1 MB decoded whole is a large object, kept until a full collection.
 */
const PIECE_BYTES = 1 << 16

/** Thrown when config.json is invalid: every operation that writes stops before writing (SPEC 1.8). */
export class ConfigInvalidError extends Error {
  override name = 'ConfigInvalidError'
}

export function assertConfigValid(corpus: Corpus): void {
  if (corpus.configFinding) throw new ConfigInvalidError(configProblemText(corpus.configFinding))
}
