import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { practiceBackend } from '../../src/plugin/review-window/practice-backend.js'
import { createIndexer } from '../../src/plugin/session/indexer.js'

const TODAY = '2026-06-10'

describe('practice through the app layer', () => {
  it('grades in order: each review appended and the state rewritten before the next grade', async () => {
    const vault = memoryVault({
      'internalise/english.adoc':
        '= English\n:intent: internalise\n\n[qanda]\n[[few]]Few or little?:: Little.\n[[need]]Need + ?:: The -ing form.\n',
      'internalise/.srs/state.json':
        JSON.stringify(
          {
            'english#few': { level: 1, next_due: '2026-06-01', reps: 0 },
            'english#need': { level: 1, next_due: '2026-06-09', reps: 0 },
          },
          null,
          2,
        ) + '\n',
    })
    const indexer = createIndexer(() => vault)
    const backend = practiceBackend(
      () => vault,
      indexer,
      () => TODAY,
    )
    const { items, scheduler } = await backend.start()
    expect(items.map(i => i.id)).toEqual(['english#few', 'english#need'])
    expect(scheduler).toBe('leitner')
    expect(backend.preview('english#few').good).toEqual({ next_due: '2026-06-13', days: 3 })
    await backend.grade('english#few', 'good')
    expect(JSON.parse((await vault.read('internalise/.srs/state.json'))!)['english#few']).toEqual({
      level: 2,
      next_due: '2026-06-13',
      reps: 1,
    })
    await backend.grade('english#need', 'again')
    expect(await vault.read('internalise/.srs/log.jsonl')).toBe(
      '{"item":"english#few","date":"2026-06-10","grade":"good"}\n{"item":"english#need","date":"2026-06-10","grade":"again"}\n',
    )
    const state = JSON.parse((await vault.read('internalise/.srs/state.json'))!)
    expect(state['english#few']).toEqual({ level: 2, next_due: '2026-06-13', reps: 1 })
    expect(state['english#need']).toEqual({ level: 1, next_due: '2026-06-11', reps: 1 })
  })
})
