import { describe, expect, it, onTestFinished } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { gradeItem, undoLastGrade } from '../../src/app/grade-review.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { LOG_PATH, STATE_PATH } from '../../src/core/corpus.js'
import { derivedState } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'
import type { Vault } from '../../src/ports/vault.js'
import { tempCorpus } from '../support/temp-corpus.js'

// The grade path keeps its corpus between grades (ADR 0020): these check it still sees what is
// on disk: another writer's lines (SPEC 1.4), and state.json equal to a replay (SPEC 1.5).

const TODAY = '2026-11-30'
const DECK = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]A?:: a.\n[[b]]B?:: b.\n[[c]]C?:: c.\n'

async function replayedState(vault: Vault): Promise<string> {
  return serializeState(derivedState(await loadCorpus(vault), TODAY))
}

/** A corpus in a temp folder through the Node vault: a real append and an exclusive create. */
function onDisk(files: Record<string, string>): Vault {
  const folder = tempCorpus(files)
  onTestFinished(folder.remove)
  return nodeVault(folder.path)
}

describe('grading from a kept corpus', () => {
  it.each(['disk', 'whole-file host'])("sees another writer's line added between two grades (%s)", async host => {
    const vault =
      host === 'disk'
        ? onDisk({ 'internalise/deck.adoc': DECK, [LOG_PATH]: '' })
        : memoryVault({ 'internalise/deck.adoc': DECK, [LOG_PATH]: '' })
    let corpus = (await gradeItem(vault, await loadCorpus(vault), 'deck#a', 'good', TODAY, TODAY)).corpus
    // Another device (or a `notekeeper grade` in another terminal) appends a review of b.
    await vault.append(LOG_PATH, `{"item":"deck#b","date":"${TODAY}","grade":"easy"}\n`)
    const graded = await gradeItem(vault, corpus, 'deck#c', 'hard', TODAY, TODAY)
    corpus = graded.corpus
    expect(graded.state['deck#b']?.reps).toBe(1)
    expect(corpus.log.size).toBe(3)
    expect(await vault.read(STATE_PATH)).toBe(await replayedState(vault))
    // And the next grade, with nobody else writing, still lands on what is on disk.
    await gradeItem(vault, corpus, 'deck#b', 'again', TODAY, TODAY)
    expect((await vault.read(LOG_PATH))?.trim().split('\n')).toHaveLength(4)
    expect(await vault.read(STATE_PATH)).toBe(await replayedState(vault))
  })

  it('an undo in the session leaves the state a replay gives, and a log without a final newline is not joined', async () => {
    const vault = memoryVault({
      'internalise/deck.adoc': DECK,
      [LOG_PATH]: `{"item":"deck#a","date":"2026-11-20","grade":"good"}`,
    })
    const first = await gradeItem(vault, await loadCorpus(vault), 'deck#a', 'again', TODAY, TODAY)
    expect(vault.files.get(LOG_PATH)).toBe(
      `{"item":"deck#a","date":"2026-11-20","grade":"good"}\n{"item":"deck#a","date":"${TODAY}","grade":"again"}\n`,
    )
    const undone = await undoLastGrade(vault, first.corpus, 'deck#a', 'again', TODAY)
    expect(undone.state['deck#a']?.reps).toBe(1)
    expect(vault.files.get(STATE_PATH)).toBe(await replayedState(vault))
    const reloaded = await loadCorpus(vault)
    expect(undone.corpus.log.all()).toEqual(reloaded.log.all())
    expect(undone.corpus.log.voids).toEqual(reloaded.log.voids)
  })
})

describe('an undo in a session that runs past midnight', () => {
  it('takes back the grade given before midnight: the void names the date the grade was written with', async () => {
    // The review window dates each grade and each undo by the clock (today() at the time): a
    // grade at 23:59 undone at 00:01 wrote a void of the new day, which matched nothing
    // (log-void-unmatched), so the grade the person took back still counted.
    const vault = memoryVault({ 'internalise/deck.adoc': DECK, [LOG_PATH]: '' })
    const graded = await gradeItem(vault, await loadCorpus(vault), 'deck#a', 'good', '2026-11-29', '2026-11-29')
    const undone = await undoLastGrade(vault, graded.corpus, 'deck#a', 'good', TODAY)
    expect(vault.files.get(LOG_PATH)?.split('\n').at(-2)).toBe('{"item":"deck#a","date":"2026-11-29","void":"good"}')
    expect(undone.state['deck#a']).toMatchObject({ reps: 0 })
    const reloaded = await loadCorpus(vault)
    expect(reloaded.log.findings).toEqual([])
    expect(vault.files.get(STATE_PATH)).toBe(await replayedState(vault))
  })
})

describe("an undo of an item's first review", () => {
  // SPEC 1.5, ADR 0041: the state on disk holds the review's entry once the grade is written, so
  // the registration the item had is kept by the process that wrote it, for an undo to give back.
  const registered = serializeState({
    'deck#a': { level: 1, next_due: '2026-11-20', reps: 0 },
    'deck#b': { level: 1, next_due: '2026-11-22', reps: 0 },
    'deck#c': { level: 1, next_due: '2026-11-24', reps: 0 },
  })

  it.each([
    ['on disk, nobody else writing', false],
    ["a whole-file host, another writer's line in between", true],
  ])('gives the item back the registration it had, in state.json too (%s)', async (_, otherWriter) => {
    const files = { 'internalise/deck.adoc': DECK, [LOG_PATH]: '', [STATE_PATH]: registered }
    // On disk the line is appended and folded in place; the whole-file host reads the log again.
    const vault = otherWriter ? memoryVault(files) : onDisk(files)
    const corpus = await loadCorpus(vault)
    if (otherWriter) await vault.append(LOG_PATH, `{"item":"deck#c","date":"${TODAY}","grade":"easy"}\n`)
    const graded = await gradeItem(vault, corpus, 'deck#a', 'good', TODAY, TODAY)
    expect(graded.state['deck#a']).toMatchObject({ reps: 1, next_due: '2026-12-03' })
    const undone = await undoLastGrade(vault, graded.corpus, 'deck#a', 'good', TODAY)
    // Not today: back before b, where it stood among the new items.
    expect(undone.state['deck#a']).toEqual({ level: 1, next_due: '2026-11-20', reps: 0 })
    expect(await vault.read(STATE_PATH)).toBe(await replayedState(vault))
  })
})
