import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { practiceBackend } from '../../src/plugin/review-window/practice-backend.js'
import { createIndexer } from '../../src/plugin/session/indexer.js'
import type { Vault } from '../../src/ports/vault.js'

const TODAY = '2026-06-10'
const STATE = 'internalise/.srs/state.json'
const LOG = 'internalise/.srs/log.jsonl'
const files = () => ({
  'internalise/english.adoc':
    '= English\n:intent: internalise\n\n[qanda]\n[[few]]Few or little?:: Little.\n[[need]]Need + ?:: The -ing form.\n',
  [STATE]:
    JSON.stringify(
      {
        'english#few': { level: 1, next_due: '2026-06-01', reps: 0 },
        'english#need': { level: 1, next_due: '2026-06-09', reps: 0 },
      },
      null,
      2,
    ) + '\n',
})

describe('practice through the app layer', () => {
  it('grades in order: each review appended before the next grade, state.json written once the card is shown', async () => {
    const vault = memoryVault(files())
    const stateWrites: string[] = []
    const watched: Vault = {
      ...vault,
      write: async (path, text) => (path === STATE ? void stateWrites.push(text) : undefined, vault.write(path, text)),
    }
    let shown: () => void = () => undefined
    const backend = practiceBackend(
      () => watched,
      createIndexer(() => watched),
      () => TODAY,
      { afterShown: () => new Promise(resolve => (shown = resolve)) },
    )
    const { items, scheduler } = await backend.start()
    expect(items.map(i => i.id)).toEqual(['english#few', 'english#need'])
    expect(scheduler).toBe('leitner')
    expect(backend.preview('english#few').good).toEqual({ next_due: '2026-06-13', days: 3 })
    const before = await vault.read(STATE)
    await backend.grade('english#few', 'good')
    // The line is on disk when grade resolves; state.json waits for the next card to be shown.
    expect(await vault.read(LOG)).toBe('{"item":"english#few","date":"2026-06-10","grade":"good"}\n')
    expect(await vault.read(STATE)).toBe(before)
    await backend.grade('english#need', 'again')
    expect(await vault.read(LOG)).toBe(
      '{"item":"english#few","date":"2026-06-10","grade":"good"}\n{"item":"english#need","date":"2026-06-10","grade":"again"}\n',
    )
    shown()
    await backend.flush()
    // Two grades while the card was not yet shown: one write, of the latest state.
    expect(stateWrites).toHaveLength(1)
    const state = JSON.parse((await vault.read(STATE))!)
    expect(state['english#few']).toEqual({ level: 2, next_due: '2026-06-13', reps: 1 })
    expect(state['english#need']).toEqual({ level: 1, next_due: '2026-06-11', reps: 1 })
  })

  it('flush waits for a grade still running, then for its state write (the window closed mid-grade)', async () => {
    const vault = memoryVault(files())
    const backend = practiceBackend(
      () => vault,
      createIndexer(() => vault),
      () => TODAY,
    )
    await backend.start()
    const grading = backend.grade('english#few', 'easy')
    await backend.flush()
    expect(JSON.parse((await vault.read(STATE))!)['english#few']).toMatchObject({ reps: 1 })
    await grading
  })
})

describe('the window opened again the same day (SPEC 1.8 practice.relearn, ADR 0041)', () => {
  it('starts with the item the last window failed; a first review undone in it left that item new, at its place', async () => {
    const vault = memoryVault(files())
    const backend = practiceBackend(
      () => vault,
      createIndexer(() => vault),
      () => TODAY,
    )
    expect((await backend.start()).items.map(i => i.id)).toEqual(['english#few', 'english#need'])
    await backend.grade('english#few', 'good')
    await backend.undo('english#few', 'good') // U: asked again, and the window is closed on it
    await backend.flush()
    // New again, due on the date it was registered with, not today.
    expect(JSON.parse((await vault.read(STATE))!)['english#few']).toEqual({ level: 1, next_due: '2026-06-01', reps: 0 })
    const second = await backend.start()
    expect(second.items.map(i => i.id)).toEqual(['english#few', 'english#need'])
    await backend.grade('english#few', 'good')
    await backend.grade('english#need', 'again') // closed before it came back
    await backend.flush()
    const third = await backend.start()
    expect(third.items.map(i => [i.id, i.relearning, i.next_due])).toEqual([['english#need', true, TODAY]])
  })
})

describe('the next due date of a practice of one note', () => {
  it("is that note's, not the corpus's, at the start and after the session", async () => {
    const vault = memoryVault({
      'internalise/english.adoc': '= English\n:intent: internalise\n\n[qanda]\n[[few]]Few or little?:: Little.\n',
      'internalise/french.adoc': '= French\n:intent: internalise\n\n[qanda]\n[[tu]]Tu or vous?:: Vous.\n',
      [STATE]: `${JSON.stringify({
        'english#few': { level: 1, next_due: '2026-06-12', reps: 0 },
        'french#tu': { level: 1, next_due: '2026-06-30', reps: 0 },
      })}\n`,
    })
    const backend = practiceBackend(
      () => vault,
      createIndexer(() => vault),
      () => TODAY,
    )
    const scope = { note: 'internalise/french.adoc' }
    const started = await backend.start(scope)
    expect(started.items).toEqual([])
    expect(started.nextDue).toBe('2026-06-30')
    expect(backend.nextDue()).toBe('2026-06-30')
    expect((await backend.start()).nextDue).toBe('2026-06-12')
  })
})

describe('a practice the daily limits stop', () => {
  it('says the limits hold the due items back, not only when the next item falls due', async () => {
    const vault = memoryVault({ ...files(), 'internalise/.srs/config.json': '{"limits": {"newPerDay": 0}}\n' })
    const backend = practiceBackend(
      () => vault,
      createIndexer(() => vault),
      () => TODAY,
    )
    const started = await backend.start()
    expect(started.items).toEqual([])
    expect(started.limitsReached).toBe(
      `The daily limits are reached (${TODAY}): 2 more items are due, all new, and wait for another day (limits.newPerDay 0).`,
    )
    const open = memoryVault(files())
    const unlimited = await practiceBackend(
      () => open,
      createIndexer(() => open),
      () => TODAY,
    ).start()
    expect(unlimited.limitsReached).toBeNull()
  })
})

describe('what the window says before a session', () => {
  it('names a skipped log line and the reviews a moved note left behind; nothing for a clean corpus', async () => {
    const vault = memoryVault({
      // deck.adoc became cards.adoc without an alias: deck#few's review is left behind.
      'internalise/cards.adoc': '= Cards\n:intent: internalise\n\n[qanda]\n[[few]]Few or little?:: Little.\n',
      [LOG]: '{"item":"deck#few","date":"2026-06-01","grade":"good"}\nnot json\n',
    })
    const backend = practiceBackend(
      () => vault,
      createIndexer(() => vault),
      () => TODAY,
    )
    const { warnings } = await backend.start()
    expect(warnings).toEqual([
      `${LOG}:2: skipped: not a valid review: not valid JSON`,
      'deck#few has reviews no note declares, and its anchor stands in one other item (deck#few in cards#few): a note ' +
        'moved or renamed? Those reviews are left out of the state until "aliases" in internalise/.srs/config.json ' +
        'carries them over; /validate names the aliases to add',
    ])
    const clean = memoryVault(files())
    const started = await practiceBackend(
      () => clean,
      createIndexer(() => clean),
      () => TODAY,
    ).start()
    expect(started.warnings).toEqual([])
  })
})
