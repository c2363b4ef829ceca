import { describe } from 'vitest'
import { buildOnce, dateCases, escapeCases, generatedCases, specialFileCases } from './cases.js'

// The quick subset of the fuzz suite, inside `npm test`: every case of issue 15 this branch owns,
// with a few generated inputs each. `npm run test:fuzz` runs the full set (test/fuzz/*.fuzz.ts).
describe('fuzz (quick): the built CLI on hostile input', () => {
  buildOnce()
  const scale = { runs: 1, quick: true }
  dateCases(scale)
  specialFileCases(scale)
  escapeCases(scale)
  generatedCases(scale)
})
