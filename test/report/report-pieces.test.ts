import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { summarize } from '../../src/core/findings.js'
import { buildReport, type ReportInput, renderText, renderTextPieces } from '../../src/core/report/index.js'
import type { Finding, Rule, Severity } from '../../src/core/types.js'

// The CLI writes the text report in pieces, each entry made as it is written (a report of
// 165,000 findings was 40 MB held twice, as its lines and as their join): the pieces must join
// to exactly the report `renderText(buildReport(…))` gives, whatever the findings.

const RULES: Rule[] = ['leech', 'log-future-date', 'xref-unresolved', 'near-duplicate', 'contradiction', 'dead-link']
const SEVERITIES: Severity[] = ['error', 'warning', 'info']
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '   ', 'a\nb', ' x \r\n y ', 'bell\u0007 esc\u001b[31m', 'tab\there', 'é…日本', 'x'.repeat(300)),
)

const finding: fc.Arbitrary<Finding> = fc
  .record({
    rule: fc.constantFrom(...RULES),
    severity: fc.constantFrom(...SEVERITIES),
    file: fc.constantFrom('a.adoc', 'internalise/.srs/log.jsonl', 'b/c.adoc'),
    line: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    message: text,
    score: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    members: fc.option(fc.array(fc.record({ file: fc.constantFrom('m.adoc', 'n.adoc'), line: fc.nat(9) })), {
      nil: undefined,
    }),
  })
  .map(drawn => {
    const f: Finding = { rule: drawn.rule, severity: drawn.severity, file: drawn.file, message: drawn.message }
    if (drawn.line !== undefined) f.line = drawn.line
    if (drawn.score !== undefined) f['score'] = drawn.score
    if (drawn.members !== undefined) f['members'] = drawn.members
    return f
  })

function inputOf(findings: Finding[], lines: readonly (string | null)[]): ReportInput {
  return {
    title: 'Validation report',
    corpus: '/notes',
    generatedAt: '2026-06-01',
    findings,
    summary: summarize(findings),
    lineText: (file, line) => lines[(file.length + line) % lines.length] ?? null,
  }
}

describe('the text report in pieces', () => {
  it('joins to exactly the report of buildReport and renderText, each piece whole lines (property)', () => {
    fc.assert(
      fc.property(
        fc.array(finding, { maxLength: 40 }),
        fc.array(fc.option(text, { nil: null }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 400 }),
        (findings, lines, pieceLength) => {
          const input = inputOf(findings, lines)
          const pieces = [...renderTextPieces(input, pieceLength)]
          expect(pieces.every(piece => piece.endsWith('\n'))).toBe(true)
          expect(pieces.join('')).toBe(renderText(buildReport(input)))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('writes a large report in pieces small enough to die young, not as one string', () => {
    const findings: Finding[] = Array.from({ length: 20_000 }, (_, i) => ({
      rule: 'log-future-date',
      severity: 'warning',
      file: 'internalise/.srs/log.jsonl',
      line: i + 1,
      message: `review of deck#q${i} is dated 2026-06-02, after today (2026-06-01); it counts`,
    }))
    const input = inputOf(findings, ['{"item":"deck#q1","date":"2026-06-02","grade":"good"}', '…é'])
    const pieces = [...renderTextPieces(input)]
    expect(pieces.length).toBeGreaterThan(30)
    // 32 K characters, and the entry that crossed it: under 64 KB even two bytes a character.
    expect(Math.max(...pieces.map(piece => piece.length))).toBeLessThan(2 ** 15 + 400)
    expect(pieces.join('')).toBe(renderText(buildReport(input)))
  })

  it('keeps each message and quoted line to one line, without terminal control characters, the rest as written', () => {
    const at = (line: number, message: string): Finding => ({
      rule: 'leech',
      severity: 'warning',
      file: 'a.adoc',
      line,
      message,
    })
    const findings = [
      at(1, 'bell\u0007 esc\u001b[31m a\n  b\ttab'),
      at(2, 'plain: é… 日本 (C) <<x>>'),
      at(3, 'tab\tonly'),
    ]
    const quoted = ['  [[q1]]what\u001b]0;owned\u0007?:: x  ', 'a line\rwith a CR', '\t']
    const input = { ...inputOf(findings, ['']), lineText: (_file: string, line: number) => quoted[line - 1] ?? null }
    expect(renderText(buildReport(input)).split('\n').slice(4, 9)).toEqual([
      'a.adoc:1: warning leech: bell esc[31m a b\ttab',
      '    | [[q1]]what]0;owned?:: x',
      'a.adoc:2: warning leech: plain: é… 日本 (C) <<x>>',
      '    | a linewith a CR',
      'a.adoc:3: warning leech: tab\tonly',
    ])
  })
})
