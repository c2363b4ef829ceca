import { describe, expect, it, vi } from 'vitest'
import { OptimizerUnavailableError, optimizeFsrs } from '../../src/app/fsrs-optimize.js'

// A machine without a native build of the optional package: loading it fails.
vi.mock('@open-spaced-repetition/binding', () => {
  throw new Error('Cannot find native binding for this platform')
})

describe('optimizeFsrs without the native optimiser', () => {
  it('rejects with a message that names the package and how to install it, instead of crashing', async () => {
    const attempt = optimizeFsrs([{ item: 'n#a', date: '2026-01-01', grade: 'good', line: 1 }], {})
    await expect(attempt).rejects.toBeInstanceOf(OptimizerUnavailableError)
    await expect(attempt).rejects.toThrow(
      /npm install @open-spaced-repetition\/binding@0\.5\.0\)\. Loading it failed: /,
    )
  })
})
