import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { switchScheduler } from '../../src/app/compare-schedulers.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { saveFsrsWeights } from '../../src/app/save-fsrs-weights.js'
import { CONFIG_PATH, LOG_PATH, STATE_PATH } from '../../src/core/corpus.js'
import { derivedState } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'

// `fsrs optimize --write` (QA, 2026-12-02): the weights went into config.json and state.json
// stayed as the old weights had dated it, while `due` already derived with the new ones. Then
// (QA, 2026-12-03, Anki's expectations): re-dating 62 of 75 items at once, some into the past, was
// an avalanche; with FSRS active the change is a switch that keeps every item's date until its
// next review (SPEC 1.6), and --reschedule re-dates at once.

const DECK = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]A?:: a.\n[[b]]B?:: b.\n[[c]]C?:: c.\n'
const LOG = ['a', 'b', 'c']
  .flatMap(id => [
    `{"item":"deck#${id}","date":"2026-10-01","grade":"good"}`,
    `{"item":"deck#${id}","date":"2026-10-05","grade":"${id === 'c' ? 'hard' : 'good'}"}`,
  ])
  .join('\n')
// The FSRS-6 defaults with a much larger initial stability for `good`: every later interval grows.
const WEIGHTS = [
  0.212, 1.2931, 9.5, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483,
  0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
]
const TODAY = '2026-10-06'

function corpus(config: object) {
  return memoryVault({
    'internalise/deck.adoc': DECK,
    [LOG_PATH]: `${LOG}\n`,
    [CONFIG_PATH]: `${JSON.stringify({ ...config, practice: { relearn: true } }, null, 2)}\n`,
  })
}

describe('saving fitted FSRS weights', () => {
  it('with --reschedule, writes the weights, keeps the other keys, and re-dates every item: state.json is a replay under them', async () => {
    const vault = corpus({ scheduler: 'fsrs' })
    const before = derivedState(await loadCorpus(vault), TODAY)
    const saved = await saveFsrsWeights(vault, WEIGHTS, TODAY, { reschedule: true })
    const config = JSON.parse(vault.files.get(CONFIG_PATH) ?? '{}')
    expect(config).toEqual({ scheduler: 'fsrs', practice: { relearn: true }, fsrs: { weights: WEIGHTS } })
    const after = derivedState(await loadCorpus(vault), TODAY)
    expect(vault.files.get(STATE_PATH)).toBe(serializeState(after))
    const moved = Object.keys(after).filter(id => after[id]?.next_due !== before[id]?.next_due)
    expect(moved.length).toBeGreaterThan(0)
    expect(saved).toEqual({ items: 3, redated: moved.length, active: true, kept: false })
  })

  it("without it, records a switch that keeps the old weights: no date moves, and the next review is the new weights'", async () => {
    const vault = corpus({ scheduler: 'fsrs' })
    const before = derivedState(await loadCorpus(vault), TODAY)
    const saved = await saveFsrsWeights(vault, WEIGHTS, TODAY)
    expect(saved).toEqual({ items: 3, redated: 0, active: true, kept: true })
    const config = JSON.parse(vault.files.get(CONFIG_PATH) ?? '{}')
    expect(config.fsrs).toEqual({ weights: WEIGHTS })
    expect(config.switches).toEqual([{ date: TODAY, from: 'fsrs', to: 'fsrs', fromWeights: [] }])
    const after = await loadCorpus(vault)
    // The state is still what a replay gives (under the recorded switch), and every date is kept.
    expect(vault.files.get(STATE_PATH)).toBe(serializeState(derivedState(after, TODAY)))
    for (const id of Object.keys(before)) expect(derivedState(after, TODAY)[id]?.next_due).toBe(before[id]?.next_due)
    // A review after the switch is scheduled by the new weights, from the whole history.
    const reviewed = `${LOG}\n{"item":"deck#a","date":"2026-10-10","grade":"good"}\n`
    vault.files.set(LOG_PATH, reviewed)
    const withNew = memoryVault({
      'internalise/deck.adoc': DECK,
      [LOG_PATH]: reviewed,
      [CONFIG_PATH]: JSON.stringify({ scheduler: 'fsrs', fsrs: { weights: WEIGHTS } }),
    })
    const next = derivedState(await loadCorpus(vault), '2026-10-10')['deck#a']
    expect(next).toEqual(derivedState(await loadCorpus(withNew), '2026-10-10')['deck#a'])
  })

  it('keeps what FSRS dated under earlier weights across a switch away and back (review)', async () => {
    const vault = corpus({ scheduler: 'fsrs' })
    await saveFsrsWeights(vault, WEIGHTS, TODAY)
    vault.files.set(LOG_PATH, `${LOG}\n{"item":"deck#b","date":"2026-10-07","grade":"good"}\n`)
    await switchScheduler(vault, 'sm2', '2026-10-08')
    await switchScheduler(vault, 'fsrs', '2026-10-09')
    const before = derivedState(await loadCorpus(vault), '2026-10-10')
    // Other weights again: deck#b was last dated by FSRS under WEIGHTS, before the switch to sm2.
    const OTHER = WEIGHTS.map((w, i) => (i === 2 ? w / 2 : w))
    const saved = await saveFsrsWeights(vault, OTHER, '2026-10-10')
    expect(saved.redated).toBe(0)
    expect(derivedState(await loadCorpus(vault), '2026-10-10')['deck#b']?.next_due).toBe(before['deck#b']?.next_due)
  })

  it('--reschedule after an earlier write drops the record, as schedulers --use --reschedule does: a full replay', async () => {
    const vault = corpus({ scheduler: 'fsrs' })
    await saveFsrsWeights(vault, WEIGHTS, TODAY)
    const OTHER = WEIGHTS.map((w, i) => (i === 2 ? w / 2 : w))
    await saveFsrsWeights(vault, OTHER, '2026-10-08', { reschedule: true })
    const config = JSON.parse(vault.files.get(CONFIG_PATH) ?? '{}')
    expect(config.switches).toBeUndefined()
    const fresh = memoryVault({
      'internalise/deck.adoc': DECK,
      [LOG_PATH]: `${LOG}\n`,
      [CONFIG_PATH]: JSON.stringify({ scheduler: 'fsrs', fsrs: { weights: OTHER } }),
    })
    expect(derivedState(await loadCorpus(vault), '2026-10-08')).toEqual(
      derivedState(await loadCorpus(fresh), '2026-10-08'),
    )
  })

  it('refuses a switch dated before the last one recorded, writing nothing', async () => {
    const vault = corpus({ scheduler: 'fsrs', switches: [{ date: '2026-10-20', from: 'sm2', to: 'fsrs' }] })
    const config = vault.files.get(CONFIG_PATH)
    await expect(saveFsrsWeights(vault, WEIGHTS, TODAY)).rejects.toThrow(/dated 2026-10-20, after 2026-10-06/)
    expect(vault.files.get(CONFIG_PATH)).toBe(config)
  })

  it('under another scheduler after a switch, moves the dates FSRS gave before it (review)', async () => {
    const vault = corpus({ scheduler: 'leitner', switches: [{ date: TODAY, from: 'fsrs', to: 'leitner' }] })
    const saved = await saveFsrsWeights(vault, WEIGHTS, TODAY)
    expect(saved.active).toBe(false)
    expect(saved.redated).toBeGreaterThan(0)
    expect(vault.files.get(STATE_PATH)).toBe(serializeState(derivedState(await loadCorpus(vault), TODAY)))
  })

  it('under another scheduler, with no switch, moves no due date', async () => {
    const vault = corpus({ scheduler: 'leitner' })
    const saved = await saveFsrsWeights(vault, WEIGHTS, TODAY)
    expect(saved).toEqual({ items: 3, redated: 0, active: false, kept: false })
    expect(vault.files.get(STATE_PATH)).toBe(serializeState(derivedState(await loadCorpus(vault), TODAY)))
  })
})
