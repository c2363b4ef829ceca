import { describe } from 'vitest'
import { buildOnce, dateCases, escapeCases, generatedCases, specialFileCases } from './cases.js'
import { hostileNoteCases, outCases } from './hostile-notes.js'

// The full fuzz suite (`npm run test:fuzz`): every case of issue 15 with every variant, many
// generated logs, configs and notes, and the hostile notes and --out escapes other branches fix.
describe('fuzz (full): the built CLI on hostile input', () => {
  buildOnce()
  const scale = { runs: Number(process.env['NOTEKEEPER_FUZZ_RUNS'] ?? 60), quick: false }
  dateCases(scale)
  specialFileCases(scale)
  escapeCases(scale)
  generatedCases(scale)
  hostileNoteCases()
  outCases()
})
