import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { writeStateIfChanged } from '../../src/app/write-state.js'
import { STATE_PATH } from '../../src/core/corpus.js'
import { serializeState } from '../../src/core/state.js'
import type { State } from '../../src/core/types.js'

// writeStateIfChanged compares the file with the state one of two ways ('same': part by part;
// 'changed': the whole text made first). Both must write exactly when the bytes would change, and
// leave exactly serializeState's bytes.

const entry = fc.record({
  level: fc.nat(6),
  next_due: fc.constantFrom('2026-12-01', '2026-12-24'),
  reps: fc.nat(9),
})
const state = fc.dictionary(fc.constantFrom('a#1', 'b#2', 'é#3', 'c#10'), entry)

describe('writeStateIfChanged', () => {
  it('writes exactly when the bytes on disk are not the state’s, whichever way it compares (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        state,
        fc.oneof(
          state.map(other => serializeState(other)),
          fc.constant(null),
          fc.string({ maxLength: 20 }),
          state.map(other => JSON.stringify(other)),
        ),
        fc.constantFrom('same' as const, 'changed' as const),
        async (wanted, onDisk, expect_) => {
          const vault = memoryVault(onDisk === null ? {} : { [STATE_PATH]: onDisk })
          const wrote = await writeStateIfChanged(vault, wanted, expect_)
          expect(wrote).toBe(onDisk !== serializeState(wanted))
          expect(await vault.read(STATE_PATH)).toBe(serializeState(wanted))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('leaves an unchanged file alone (no write at all), both ways', async () => {
    const wanted: State = { 'n#a': { level: 1, next_due: '2026-12-02', reps: 0 } }
    for (const expect_ of ['same', 'changed'] as const) {
      const vault = memoryVault({ [STATE_PATH]: serializeState(wanted) })
      let writes = 0
      const counted = { ...vault, write: (path: string, text: string) => (writes++, vault.write(path, text)) }
      expect(await writeStateIfChanged(counted, wanted, expect_)).toBe(false)
      expect(writes, expect_).toBe(0)
    }
  })
})
