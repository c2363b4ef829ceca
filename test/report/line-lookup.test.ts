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
    // One finding per line of one note, at two sizes 32x apart: a re-split per finding would be
    // 32x slower per finding at the larger size (and run for minutes); the lookup must stay
    // under 8x, a margin wide enough for a machine shared with other builds.
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
      for (let run = 0; run < 5; run++) {
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
    perFinding(1_000) // warm-up: the JIT compiles the lookup before either size is timed
    const small = perFinding(2_000)
    const large = perFinding(64_000)
    console.log(
      `line lookup: ${(small * 1e3).toFixed(2)} µs per finding at 2,000, ${(large * 1e3).toFixed(2)} µs at 64,000`,
    )
    expect(large / small).toBeLessThan(8)
  })
})
