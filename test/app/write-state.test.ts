import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { writeStateIfChanged } from '../../src/app/write-state.js'
import { STATE_PATH } from '../../src/core/corpus.js'
import { serializeState } from '../../src/core/state.js'
import type { State } from '../../src/core/types.js'
import { tempCorpus } from '../support/temp-corpus.js'

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
          // No file already says the empty state (SPEC 1): it is not written.
          const nothingToSay = onDisk === null && Object.keys(wanted).length === 0
          expect(wrote).toBe(onDisk !== serializeState(wanted) && !nothingToSay)
          expect(await vault.read(STATE_PATH)).toBe(nothingToSay ? null : serializeState(wanted))
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

  it('compares a file of several chunks on disk as it reads them: multi-byte ids across chunk ends, a BOM, a change at the end', async () => {
    // The Node vault reads 1 MB a chunk: 12,000 entries make about 1.2 MB, and 'é' in every id
    // puts a two-byte character wherever a chunk ends.
    const wanted: State = {}
    for (let k = 0; k < 12_000; k++) wanted[`dé/n${k}#é${k}`] = { level: k % 6, next_due: '2026-12-02', reps: k % 9 }
    const text = serializeState(wanted)
    expect(Buffer.byteLength(text)).toBeGreaterThan(1 << 20)
    const corpus = tempCorpus({ [STATE_PATH]: text })
    try {
      const vault = nodeVault(corpus.path)
      let writes = 0
      const counted = { ...vault, write: (path: string, t: string) => (writes++, vault.write(path, t)) }
      expect(await writeStateIfChanged(counted, wanted)).toBe(false)
      expect(writes).toBe(0)
      const file = join(corpus.path, STATE_PATH)
      for (const other of [`\ufeff${text}`, `${text.slice(0, -4)}3\n}\n`, `${text}\n`, text.slice(0, -1)]) {
        writeFileSync(file, other)
        expect(await writeStateIfChanged(counted, wanted)).toBe(true)
        expect(await vault.read(STATE_PATH)).toBe(text)
      }
      expect(writes).toBe(4)
    } finally {
      corpus.remove()
    }
  })
})
