import { performance } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { summarize } from '../../src/core/findings.js'
import { buildReport, lineLookup } from '../../src/core/report/index.js'
import type { Finding } from '../../src/core/types.js'

// Issue 15: printing each finding's line split the whole note again per finding (a 390 KB note
// with 10,000 dead xrefs took 6 s). The lookup finds a file's line starts once.

describe('the line a finding points at', () => {
  it('is the line as written: no \\r, no BOM, nothing past the last line', () => {
    const texts = new Map([
      ['a.adoc', '\uFEFFfirst\r\nsecond\n\nfourth\n'],
      ['b.adoc', 'only'],
    ])
    const lineText = lineLookup(texts)
    expect([1, 2, 3, 4, 5].map(line => lineText('a.adoc', line))).toEqual(['first', 'second', '', 'fourth', null])
    expect(lineText('b.adoc', 1)).toBe('only')
    expect(lineText('b.adoc', 0)).toBeNull()
    expect(lineText('missing.adoc', 1)).toBeNull()
  })

  it('costs time in proportion to the note, not to the note times its findings', () => {
    // One finding per line of one note, at two sizes 8x apart: quadratic work would be 8x
    // slower per finding at the larger size; the lookup must stay under 3x.
    const perFinding = (lines: number): number => {
      const text = Array.from({ length: lines }, (_, i) => `See <<missing-${i}>> for the ${i}th part.`).join('\n')
      const findings: Finding[] = Array.from({ length: lines }, (_, i) => ({
        rule: 'xref-unresolved',
        severity: 'error',
        file: 'reference/big.adoc',
        line: i + 1,
        message: 'm',
      }))
      const texts = new Map([['reference/big.adoc', text]])
      let best = Number.POSITIVE_INFINITY
      for (let run = 0; run < 3; run++) {
        const start = performance.now()
        const report = buildReport({
          title: 't',
          corpus: 'c',
          generatedAt: 'g',
          findings,
          summary: summarize(findings),
          lineText: lineLookup(texts),
        })
        best = Math.min(best, performance.now() - start)
        expect(report.sections[0]?.entries[lines - 1]?.lineText).toBe(
          `See <<missing-${lines - 1}>> for the ${lines - 1}th part.`,
        )
      }
      return best / lines
    }
    const small = perFinding(5_000)
    const large = perFinding(40_000)
    expect(large / small).toBeLessThan(3)
  })
})
