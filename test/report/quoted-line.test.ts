import { describe, expect, it, onTestFinished } from 'vitest'
import { summarize } from '../../src/core/findings.js'
import { buildReport, QUOTE_WIDTH, quoteLine, renderAsciiDoc, renderText } from '../../src/core/report/index.js'
import type { Finding } from '../../src/core/types.js'
import { cli } from '../support/cli.js'
import { tempCorpus } from '../support/temp-corpus.js'

// A report quotes the line a finding points at, never more than QUOTE_WIDTH characters of it: a
// note of one 1 MB line once gave a report of 1 MB per finding.

const MEGABYTE = 1 << 20

describe('quoteLine', () => {
  it('keeps a line that fits, trimmed', () => {
    expect(quoteLine('  xref:a.adoc[A]  ')).toBe('xref:a.adoc[A]')
    expect(quoteLine('x'.repeat(QUOTE_WIDTH))).toBe('x'.repeat(QUOTE_WIDTH))
  })

  it('cuts a long line to its start, marked with an ellipsis, when the finding names no column', () => {
    const quoted = quoteLine(`start ${'x'.repeat(MEGABYTE)}`)
    expect(quoted).toBe(`start ${'x'.repeat(QUOTE_WIDTH - 6)}…`)
  })

  it('cuts around the column, with an ellipsis on each side that was cut', () => {
    const line = `${'a'.repeat(500)}HERE${'b'.repeat(500)}`
    const quoted = quoteLine(line, 501)
    expect(quoted.startsWith('…') && quoted.endsWith('…')).toBe(true)
    expect(quoted.length).toBe(QUOTE_WIDTH + 2)
    expect(quoted).toContain('HERE')
    // A column near the end shows the end, cut only before it.
    const end = quoteLine(`${'a'.repeat(500)}END`, 501)
    expect(end).toBe(`…${'a'.repeat(QUOTE_WIDTH - 3)}END`)
  })

  it('never splits a character written as a surrogate pair', () => {
    // The 120th unit is the first half of a pair: the cut comes before the pair, not inside it.
    expect(quoteLine(`a${'😀'.repeat(200)}`)).toBe(`a${'😀'.repeat((QUOTE_WIDTH - 2) / 2)}…`)
    expect(quoteLine('😀'.repeat(200))).toBe(`${'😀'.repeat(QUOTE_WIDTH / 2)}…`)
  })
})

describe('the faces of a report quote a megabyte line as one short excerpt', () => {
  const finding: Finding = {
    rule: 'xref-unresolved',
    severity: 'error',
    file: 'reference/big.adoc',
    line: 1,
    message: 'xref to gone.adoc: the file does not exist',
  }
  const report = buildReport({
    title: 'Validation report',
    corpus: '/c',
    generatedAt: '2026-11-30',
    findings: [finding],
    summary: summarize([finding]),
    lineText: () => `xref:gone.adoc[Gone] ${'word '.repeat(MEGABYTE / 5)}`,
  })

  it('in the model every renderer reads, in the text report and in the AsciiDoc page', () => {
    expect(report.sections[0]?.entries[0]?.lineText?.length).toBe(QUOTE_WIDTH + 1)
    expect(renderText(report).length).toBeLessThan(1000)
    expect(renderText(report)).toContain('    | xref:gone.adoc[Gone] word word')
    expect(renderAsciiDoc(report).length).toBeLessThan(2000)
  })

  it('from the command line: validate on a note of one 1 MB line', async () => {
    const corpus = tempCorpus({
      'reference/big.adoc': `= Big\n:intent: reference\n:source: me\n\nxref:gone.adoc[Gone] ${'word '.repeat(MEGABYTE / 5)}\n`,
    })
    onTestFinished(corpus.remove)
    const text = await cli(['validate', '--dry-run', '--corpus', corpus.path, '--today', '2026-11-30'])
    expect(text.code).toBe(1)
    expect(text.stdout).toContain('reference/big.adoc:5: error xref-unresolved')
    expect(text.stdout.length).toBeLessThan(2000)
    // --json carries no line text at all: the finding names the place, the reader opens it.
    const json = await cli(['validate', '--dry-run', '--json', '--corpus', corpus.path, '--today', '2026-11-30'])
    expect(json.stdout.length).toBeLessThan(2000)
  })
})
