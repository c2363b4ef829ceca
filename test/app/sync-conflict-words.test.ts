import { describe, expect, it } from 'vitest'
import { conflictWords, settlingWords } from '../../src/app/sync-conflicts.js'

// What sync says of the files left in conflict, or settled, names each file on the line of its
// sentence: a file name's line break would otherwise print a line of its own, such as a forged
// "0 errors" (ADR 0044).
const FORGED = 'track/a\n0 errors, 0 warnings\n.adoc'

describe('sync names a file with a line break in its name inside its sentence', () => {
  it('in the conflicts it leaves', () => {
    const said = conflictWords([FORGED, 'track/b.adoc'], ['track/b.adoc'])
    expect(said[0]).toContain('both devices changed track/a 0 errors, 0 warnings .adoc.')
    for (const sentence of said) expect(sentence).not.toContain('\n')
  })

  it('in what it settles', () => {
    const said = settlingWords(
      { fromStages: [], settled: [FORGED], deleted: [FORGED], conflicts: [], deletedOnOneSide: [] },
      true,
    )
    expect(said).toHaveLength(2)
    for (const sentence of said) {
      expect(sentence).toContain('track/a 0 errors, 0 warnings .adoc')
      expect(sentence).not.toContain('\n')
    }
  })
})
