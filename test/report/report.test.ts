// @vitest-environment jsdom
import { convert } from '@asciidoctor/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { summarize } from '../../src/core/findings.js'
import { buildReport, escapeAsciiDoc, quoteLine, renderAsciiDoc, renderText } from '../../src/core/report/index.js'
import type { Finding } from '../../src/core/types.js'

const HOSTILE = [
  '{{query x}}',
  '<script>alert(1)</script>',
  'pass:[<img src=x onerror=alert(1)>]',
  '*bold* _it_ `code` #mark# ^sup^ ~sub~ +++raw+++ <<xref>> xref:a.adoc[A] link:https://evil.example[click] https://evil.example {attr} image:x.png[] a@b.example (C) -- ... \\escaped +',
]

const findings: Finding[] = [
  {
    rule: 'stale',
    severity: 'info',
    file: 'track/list.adoc',
    line: 1,
    message: 'no :updated: date: when was this last checked?',
    updated: null,
  },
  {
    rule: 'dead-link',
    severity: 'error',
    file: 'reference/http.adoc',
    line: 12,
    message: 'xref caching#stale: no anchor or section "stale" in reference/caching.adoc',
    target: 'caching#stale',
    missing: 'anchor',
  },
  {
    rule: 'contradiction',
    severity: 'warning',
    file: 'reference/a_b.adoc',
    line: 3,
    message: 'possible contradiction: "*x*"',
    other: { file: 'reference/c.adoc', line: 4 },
    reason: 'number',
  },
  {
    rule: 'dead-link',
    severity: 'error',
    file: 'reference/x.adoc',
    line: 2,
    message: 'include::y.adoc missing',
    target: 'y.adoc',
    missing: 'file',
  },
  {
    rule: 'near-duplicate',
    severity: 'warning',
    file: 'reference/a_b.adoc',
    line: 5,
    message: 'nearly the same text',
    other: { file: 'reference/c.adoc', line: 5 },
    similarity: 0.71,
  },
]
const lines: Record<string, string> = {
  'reference/http.adoc:12': HOSTILE[0] as string,
  'reference/x.adoc:2': HOSTILE[1] as string,
  'reference/a_b.adoc:3': HOSTILE[2] as string,
  'reference/a_b.adoc:5': HOSTILE[3] as string,
}
const report = buildReport({
  title: 'Hygiene sweep',
  corpus: '/home/me/notes',
  generatedAt: '2026-11-30',
  findings,
  summary: summarize(findings, 2),
  lineText: (file, line) => lines[`${file}:${line}`] ?? null,
})

describe('report model', () => {
  it('groups findings by rule, in severity then rule order, with counts and each line’s text', () => {
    expect(report.sections.map(s => [s.rule, s.severity, s.count])).toEqual([
      ['dead-link', 'error', 2],
      ['near-duplicate', 'warning', 1],
      ['contradiction', 'warning', 1],
      ['stale', 'info', 1],
    ])
    expect(report.sections[0]?.entries.map(e => [e.location, e.lineText])).toEqual([
      ['reference/http.adoc:12', '{{query x}}'],
      ['reference/x.adoc:2', '<script>alert(1)</script>'],
    ])
  })
})

describe('text report', () => {
  it('prints the summary, each group with its count and each finding as file:line: severity rule: message', () => {
    const text = renderText(report)
    expect(text).toContain('2 errors, 2 warnings, 1 info, 2 ignored')
    expect(text).toContain('dead-link (error): 2')
    expect(text).toContain(
      'reference/http.adoc:12: error dead-link: xref caching#stale: no anchor or section "stale" in reference/caching.adoc\n    | {{query x}}',
    )
    expect(text).toContain('track/list.adoc:1: info stale: no :updated: date')
    expect(text.indexOf('dead-link (error)')).toBeLessThan(text.indexOf('stale (info)'))
  })
})

describe('AsciiDoc report', () => {
  it('shows hostile note text literally: no element, macro, attribute or passthrough comes out of it', async () => {
    const source = renderAsciiDoc(report)
    const html = String(await convert(source, { safe: 'secure', standalone: false }))
    const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
    expect(document.querySelectorAll('script, img, a, em, mark, sup, sub')).toHaveLength(0)
    // The only bold text is the report's own: one location per finding.
    expect(document.querySelectorAll('strong')).toHaveLength(findings.length)
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    const shown = document.body.textContent ?? ''
    // As quoted: a line longer than the report's width is cut (the longest one here is).
    for (const hostile of HOSTILE) expect(shown).toContain(quoteLine(hostile))
    expect(shown).toContain('reference/a_b.adoc:3')
  })

  it('keeps the report’s own structure: a title, one section per rule, one list item per finding', async () => {
    const html = String(await convert(renderAsciiDoc(report), { safe: 'secure', standalone: true }))
    const document = new DOMParser().parseFromString(html, 'text/html')
    expect(document.querySelector('h1')?.textContent).toBe('Hygiene sweep')
    expect([...document.querySelectorAll('h2')].map(h => h.textContent)).toEqual([
      'dead-link (error, 2)',
      'near-duplicate (warning, 1)',
      'contradiction (warning, 1)',
      'stale (info, 1)',
    ])
    expect(document.querySelectorAll('li')).toHaveLength(5)
  })

  it('escapes the characters that can start markup and leaves readable text as it is', () => {
    expect(escapeAsciiDoc('see reference/http.adoc, 2026-11-30 (known: a, b)!')).toBe(
      'see reference/http.adoc, 2026-11-30 (known: a, b)!',
    )
    expect(escapeAsciiDoc('{x} [y] *z*')).toBe('&#123;x&#125; &#91;y&#93; &#42;z&#42;')
    expect(escapeAsciiDoc('a -- b... https://x (C)')).toBe('a &#45;- b&#46;&#46;. https&#58;//x &#40;C)')
  })

  it('any text, however hostile, comes out of Asciidoctor exactly as written and as nothing but text', async () => {
    const pieces = fc.constantFrom(
      ...'*_`#^~+$&{}[]<>\\@\'":/-.()=|!?;,%'.split(''),
      ' ',
      'a',
      'Z',
      '0',
      'C',
      'TM',
      'R',
      'http',
      'mailto',
      'xref',
      'pass',
      'image',
      'footnote',
      'kbd',
      '&#45;',
      '&amp;',
      'é',
    )
    await fc.assert(
      fc.asyncProperty(fc.array(pieces, { minLength: 1, maxLength: 24 }), async parts => {
        const text = parts.join('').trim()
        if (text === '') return
        const html = String(await convert(`Text: ${escapeAsciiDoc(text)}`, { safe: 'secure', standalone: false }))
        const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
        const paragraph = document.querySelector('.paragraph p')
        expect(paragraph?.children.length ?? 0, html).toBe(0)
        expect(paragraph?.textContent?.replace(/\s+/g, ' '), html).toBe(`Text: ${text.replace(/\s+/g, ' ')}`)
      }),
      { numRuns: 200 },
    )
  })
})
