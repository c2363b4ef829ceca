import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { gradeItem } from '../../src/app/grade-review.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { StateWrites } from '../../src/app/state-writes.js'
import { LOG_PATH, STATE_PATH } from '../../src/core/corpus.js'
import { derivedState } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'
import type { State } from '../../src/core/types.js'
import { type Vault, VaultError } from '../../src/ports/vault.js'

// state.json written after the next card is shown, coalesced (ADR 0020, 0024): what the CLI's
// practice and the plugin's review window both rely on.

const TODAY = '2026-11-30'
const DECK = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]A?:: a.\n[[b]]B?:: b.\n'
const entry = (reps: number) => ({ level: 1, next_due: TODAY, reps })

/** A gate the test opens: "the next card is on screen". */
function gate() {
  let open: () => void = () => undefined
  return { afterShown: () => new Promise<void>(resolve => (open = resolve)), open: () => open() }
}

describe('StateWrites', () => {
  it('writes nothing until the card is shown, then only the latest of the states asked for', async () => {
    const vault = memoryVault()
    const written: string[] = []
    const watched: Vault = {
      ...vault,
      write: async (path, text) => (path === STATE_PATH && written.push(text), vault.write(path, text)),
    }
    const shown = gate()
    const writes = new StateWrites({ afterShown: shown.afterShown })
    const states: State[] = [{ 'd#a': entry(1) }, { 'd#a': entry(2) }, { 'd#a': entry(3) }]
    for (const state of states) writes.schedule(watched, state)
    await new Promise(resolve => setTimeout(resolve, 5))
    expect(written).toEqual([])
    shown.open()
    await writes.flush()
    expect(written).toEqual([serializeState(states[2] as State)])
    expect(vault.files.get(STATE_PATH)).toBe(serializeState(states[2] as State))
  })

  it('flush rejects with a failed write, once; the next grade writes its state itself and succeeds', async () => {
    const vault = memoryVault({ 'internalise/deck.adoc': DECK, [LOG_PATH]: '' })
    let failing = true
    let failed: () => void = () => undefined
    const writeFailed = new Promise<void>(resolve => (failed = resolve))
    const flaky: Vault = {
      ...vault,
      write: async (path, text) => {
        if (failing && path === STATE_PATH) {
          failed()
          throw new VaultError(path, 'disk full')
        }
        await vault.write(path, text)
      },
    }
    const writes = new StateWrites()
    const first = await gradeItem(flaky, await loadCorpus(flaky), 'deck#a', 'good', TODAY, TODAY, {
      stateWrites: writes,
    })
    await writeFailed // the coalesced write runs (under the writers' lock) and fails
    await new Promise(resolve => setTimeout(resolve, 5)) // and releases the lock
    failing = false
    // The failure is not this grade's: its line is appended and its state written at once.
    const second = await gradeItem(flaky, first.corpus, 'deck#b', 'easy', TODAY, TODAY, { stateWrites: writes })
    expect(vault.files.get(LOG_PATH)?.trim().split('\n')).toHaveLength(2)
    expect(vault.files.get(STATE_PATH)).toBe(serializeState(second.state))
    expect(vault.files.get(STATE_PATH)).toBe(serializeState(derivedState(await loadCorpus(vault), TODAY)))
    await writes.flush()
  })

  it('flush passes on a write that failed after the last grade', async () => {
    const vault = memoryVault()
    const broken: Vault = { ...vault, write: async path => Promise.reject(new VaultError(path, 'disk full')) }
    const writes = new StateWrites()
    writes.schedule(broken, { 'd#a': entry(1) })
    await expect(writes.flush()).rejects.toThrow('disk full')
    await expect(writes.flush()).resolves.toBeUndefined()
  })
})
