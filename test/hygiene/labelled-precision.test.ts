import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { labelledPairs, labelledPrecision } from '../../bench/precision.js'
import { MISSING_CORPUS, readText, realCorpusRoot } from '../../bench/real-corpus.js'

// The sweep's precision on real pairs judged by a person (docs/adr/0006): measured, and kept
// from falling below what was measured when the thresholds were chosen.

const root = realCorpusRoot(join(import.meta.dirname, '..', '..'))
if (root === null) {
  if (process.env['NOTEKEEPER_REQUIRE_CORPUS'] === '1') throw new Error(MISSING_CORPUS)
  console.warn(`\n*** ${MISSING_CORPUS}: the labelled-precision test is skipped ***\n`)
}

/** Measured on 2026-12-01 with the default thresholds (docs/adr/0006); the test fails below it. */
const MEASURED_PRECISION = 0.33

describe('the labelled set of real pairs', () => {
  it('holds at least 30 judged pairs, each with its reason and short quotes of both passages', () => {
    const pairs = labelledPairs()
    expect(pairs.length).toBeGreaterThanOrEqual(30)
    for (const pair of pairs) {
      expect(pair.why.length).toBeGreaterThan(10)
      for (const place of [pair.a, pair.b]) expect(place.quote.length).toBeLessThanOrEqual(100)
    }
    expect(pairs.some(pair => pair.worth)).toBe(true)
    expect(pairs.some(pair => !pair.worth)).toBe(true)
  })

  it.skipIf(root === null)('quotes lines that are really there in the real files', () => {
    for (const pair of labelledPairs())
      for (const place of [pair.a, pair.b]) {
        const line =
          readText(root as string, place.file)
            .split('\n')
            [place.line - 1]?.trim() ?? ''
        expect(line.startsWith(place.quote.replace(/\.\.\.$/, ''))).toBe(true)
      }
  })

  it.skipIf(root === null)(
    'the sweep flags them with at least the precision measured when the thresholds were set',
    () => {
      const measured = labelledPrecision(root as string)
      console.log(
        `labelled precision: ${measured.flaggedWorth}/${measured.flagged} = ${measured.precision.toFixed(2)}, recall ${measured.flaggedWorth}/${measured.worth}`,
      )
      expect(measured.precision).toBeGreaterThanOrEqual(MEASURED_PRECISION)
      // The code tabs that made 980,000 warnings are never flagged again.
      expect(measured.falseAlarms.filter(pair => /code tab/.test(pair.why))).toEqual([])
    },
  )
})
