import { describe, expect, it } from 'vitest'
import { applyIgnore, sortFindings, summarize } from '../../src/core/findings.js'
import type { Finding } from '../../src/core/types.js'

const f = (
  rule: Finding['rule'],
  severity: Finding['severity'],
  file: string,
  line?: number,
  other?: string,
): Finding => ({
  rule,
  severity,
  file,
  ...(line !== undefined && { line }),
  message: 'm',
  ...(other !== undefined && { other: { file: other, line: 1 } }),
})

describe('findings order, summary and ignore list', () => {
  it('orders by file, then line (no line first), then rule, in code-unit order', () => {
    const sorted = sortFindings([
      f('stale', 'info', 'b.adoc', 1),
      f('dead-link', 'error', 'a.adoc', 10),
      f('contradiction', 'warning', 'a.adoc', 2),
      f('stale', 'info', 'a.adoc', 2),
      f('note-unreadable', 'error', 'a.adoc'),
      f('stale', 'info', 'Z.adoc', 1),
    ])
    expect(sorted.map(x => `${x.file}:${x.line ?? '-'}:${x.rule}`)).toEqual([
      'Z.adoc:1:stale',
      'a.adoc:-:note-unreadable',
      'a.adoc:2:contradiction',
      'a.adoc:2:stale',
      'a.adoc:10:dead-link',
      'b.adoc:1:stale',
    ])
  })

  it('summarises by severity and rule, with the ignored count', () => {
    expect(
      summarize(
        [
          f('dead-link', 'error', 'a'),
          f('dead-link', 'error', 'b'),
          f('stale', 'info', 'a'),
          f('near-duplicate', 'warning', 'a', 1, 'b'),
        ],
        3,
      ),
    ).toEqual({
      errors: 2,
      warnings: 1,
      infos: 1,
      ignored: 3,
      rules: { 'dead-link': 2, stale: 1, 'near-duplicate': 1 },
    })
  })

  it('leaves out findings listed by rule, file and other file, either way round for a pair', () => {
    const findings = [
      f('near-duplicate', 'warning', 'a.adoc', 1, 'b.adoc'),
      f('near-duplicate', 'warning', 'a.adoc', 1, 'c.adoc'),
      f('stale', 'info', 'a.adoc', 1),
      f('stale', 'info', 'b.adoc', 1),
    ]
    const { kept, ignored } = applyIgnore(findings, [
      { rule: 'near-duplicate', file: 'b.adoc', other: 'a.adoc' },
      { rule: 'stale', file: 'a.adoc' },
      { rule: 'dead-link', file: 'b.adoc' },
    ])
    expect(ignored).toEqual([findings[0], findings[2]])
    expect(kept).toEqual([findings[1], findings[3]])
  })
})
