import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { gradeItem, lineWasWritten, registerState } from '../../src/app/grade-review.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { StateRaceError } from '../../src/app/state-guard.js'
import { StateWrites } from '../../src/app/state-writes.js'
import { LOCK_PATH, LOG_PATH, STATE_PATH } from '../../src/core/corpus.js'
import { derivedState } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'
import type { Vault } from '../../src/ports/vault.js'
import { tempCorpus } from '../support/temp-corpus.js'

// Two writers at once (SPEC 1.4, ADR 0042): the state a writer derived must never land over the
// state of a writer that added a review after it. QA reproduced it with two `grade`s and a delay
// between the first one's release of the lock and its rename of state.json: state.json then
// lacked the second review until the next command replayed. Here the delay is a gate in the
// first writer's vault, opened once the second writer is done: the same interleaving, every run.

const TODAY = '2026-11-30'
const DECK = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]A?:: a.\n[[b]]B?:: b.\n[[c]]C?:: c.\n'

function deck() {
  const corpus = tempCorpus({ 'internalise/deck.adoc': DECK, [LOG_PATH]: '' })
  return { root: corpus.path, remove: corpus.remove, vault: nodeVault(corpus.path) }
}

/** state.json as a replay of the whole log gives it: what it must hold once every writer is done. */
async function replayed(vault: Vault): Promise<string> {
  return serializeState(derivedState(await loadCorpus(vault), TODAY))
}

function opened() {
  let open: () => void = () => undefined
  const gate = new Promise<void>(resolve => (open = resolve))
  return { gate, open: () => open() }
}

/**
 * The vault of a writer that stops at its first touch of state.json after it appended its line
 * (after it released the lock: where the delay was injected), until the test lets it go on.
 */
function heldBack(vault: Vault) {
  const reached = opened()
  const goOn = opened()
  let appended = false
  let held = false
  const stop = async (path: string): Promise<void> => {
    if (path !== STATE_PATH || !appended || held) return
    held = true
    reached.open()
    await goOn.gate
  }
  const slow: Vault = {
    ...vault,
    append: async (path, text) => {
      await vault.append(path, text)
      if (path === LOG_PATH) appended = true
    },
    read: async path => (await stop(path), vault.read(path)),
    write: async (path, text) => (await stop(path), vault.write(path, text)),
  }
  return { slow, reached: reached.gate, goOn: goOn.open }
}

describe('state.json once two writers are done holds every review of the log', () => {
  it('two grades: the first one’s state, derived before the second review, does not land over the second one’s', async () => {
    const { vault, remove } = deck()
    try {
      const first = heldBack(vault)
      const grading = gradeItem(first.slow, await loadCorpus(vault), 'deck#a', 'good', TODAY, TODAY)
      await first.reached // its line is in the log, its state not yet written
      // Another process, started now: it reads the log with the first review in it.
      await gradeItem(vault, await loadCorpus(vault), 'deck#b', 'easy', TODAY, TODAY)
      first.goOn()
      await grading
      const state = JSON.parse((await vault.read(STATE_PATH)) ?? '{}')
      expect(state['deck#a']?.reps).toBe(1)
      expect(state['deck#b']?.reps).toBe(1)
      expect(await vault.read(STATE_PATH)).toBe(await replayed(vault))
      expect(await vault.read(LOCK_PATH)).toBeNull()
    } finally {
      remove()
    }
  })

  it('a practice session’s coalesced write, overtaken by a grade from another process, is dropped; its next grade writes both', async () => {
    const { vault, remove } = deck()
    try {
      const shown = opened() // "the next card is on screen", when the test says so
      const writes = new StateWrites({ afterShown: () => shown.gate })
      const session = await gradeItem(vault, await loadCorpus(vault), 'deck#a', 'good', TODAY, TODAY, {
        stateWrites: writes,
      })
      await gradeItem(vault, await loadCorpus(vault), 'deck#b', 'easy', TODAY, TODAY) // `notekeeper grade` meanwhile
      shown.open()
      await writes.flush()
      expect(JSON.parse((await vault.read(STATE_PATH)) ?? '{}')['deck#b']?.reps).toBe(1)
      expect(await vault.read(STATE_PATH)).toBe(await replayed(vault))
      // The session goes on over the log as it now is (the other review read in, not lost).
      const next = await gradeItem(vault, session.corpus, 'deck#c', 'hard', TODAY, TODAY, { stateWrites: writes })
      await writes.flush()
      expect(next.state['deck#b']?.reps).toBe(1)
      expect(await vault.read(STATE_PATH)).toBe(await replayed(vault))
    } finally {
      remove()
    }
  })

  it('a registration (replay, validate, the start of practice) from a log read before a grade derives again rather than drop the grade', async () => {
    const { root, vault, remove } = deck()
    try {
      const grader = await loadCorpus(vault) // a session open since before the new note
      writeFileSync(join(root, 'internalise/more.adoc'), '= More\n:intent: internalise\n\n[qanda]\n[[d]]D?:: d.\n')
      const before = await loadCorpus(vault) // `notekeeper replay`, which then takes its time
      await gradeItem(vault, grader, 'deck#a', 'again', TODAY, TODAY)
      expect(await registerState(vault, before, TODAY)).toBe(true)
      const state = JSON.parse((await vault.read(STATE_PATH)) ?? '{}')
      expect(state['deck#a']?.reps).toBe(1) // the grade, which the replay's log did not hold
      expect(state['more#d']?.reps).toBe(0) // what the replay was run for
      expect(await vault.read(STATE_PATH)).toBe(await replayed(vault))
    } finally {
      remove()
    }
  })

  it('a state written while another writer took the lock and added a line is said to be possibly behind, the grade kept', async () => {
    const { vault, remove } = deck()
    try {
      // A whole-file writer that overwrote our lock (ADR 0024's race) and added its review while
      // our state.json was being written: ours may then have landed over its state.
      let raced = false
      const racing: Vault = {
        ...vault,
        write: async (path, text) => {
          await vault.write(path, text)
          if (path !== STATE_PATH || raced) return
          raced = true
          await vault.write(LOCK_PATH, JSON.stringify({ owner: 'plugin', at: new Date().toISOString() }))
          await vault.append(LOG_PATH, `${JSON.stringify({ item: 'deck#b', date: TODAY, grade: 'good' })}\n`)
        },
      }
      const error = await gradeItem(racing, await loadCorpus(vault), 'deck#a', 'good', TODAY, TODAY).catch(e => e)
      expect(error).toBeInstanceOf(StateRaceError)
      expect(lineWasWritten(error)).toBe(true) // the CLI says the grade is in the log: not to grade it again
      expect(error.message).toContain('notekeeper replay')
    } finally {
      remove()
    }
  })
})
