import { describe, expect, it } from 'vitest'
import {
  CONFIG,
  changedPaths,
  config,
  exists,
  type Files,
  type JsonFinding,
  makeCorpus,
  parseFindings,
  read,
  run,
  snapshot,
} from './corpus-kit.js'

// SPEC 2 (hygiene sweep), 2.1 (references) and 2.2 (the hygiene rules), through `notekeeper hygiene`.

const TODAY = '2026-05-10'
/** A Reference note; its body starts on line 6, or 7 with an extra header attribute. */
const ref = (title: string, extra = '', body = 'Body.'): string =>
  [
    `= ${title}`,
    ':intent: reference',
    ':source: me',
    ':updated: 2026-05-01',
    ...(extra ? [extra] : []),
    '',
    body,
    '',
  ].join('\n')

async function hygiene(
  files: Files,
  ...extra: string[]
): Promise<{
  code: number
  findings: JsonFinding[]
  summary: ReturnType<typeof parseFindings>['summary']
  dir: string
}> {
  const dir = makeCorpus(files)
  const result = await run(dir, TODAY, 'hygiene', '--json', ...extra)
  return { code: result.code, dir, ...parseFindings(result) }
}

const only = (findings: JsonFinding[], rule: string) => findings.filter(f => f.rule === rule)

describe('dead-link', () => {
  it("reports local link:, image and include targets that do not exist, resolved from the note's folder and :imagesdir:", async () => {
    const { code, findings } = await hygiene({
      'reference/web/http.adoc': ref(
        'HTTP',
        ':imagesdir: img',
        [
          'link:spec.pdf[the spec] exists.', //            7
          'link:missing.pdf[gone] does not.', //           8
          'image::diagram.png[] is in img/.', //            9
          'image:nothere.png[] is not.', //                 10
          'include::part.adoc[]', //                        11
          'include::../nowhere.adoc[]', //                  12
          'link:https://example.com/x[] is external.', //   13
          '',
          '----',
          'link:in-listing.pdf[] is not a reference.',
          '----',
        ].join('\n'),
      ),
      'reference/web/spec.pdf': 'pdf',
      'reference/web/img/diagram.png': 'png',
      'reference/web/part.adoc': 'An included part.\n',
    })
    expect(code).toBe(1)
    expect(only(findings, 'dead-link').map(f => [f.file, f.line, f.target, f.severity])).toEqual([
      ['reference/web/http.adoc', 8, 'missing.pdf', 'error'],
      ['reference/web/http.adoc', 10, 'nothere.png', 'error'],
      ['reference/web/http.adoc', 12, '../nowhere.adoc', 'error'],
    ])
    for (const f of only(findings, 'dead-link')) expect(f['missing']).toBe('file')
  })

  it('checks only notes as sources: a README or an ADR with dead links is not swept', async () => {
    const { findings } = await hygiene({
      'README.adoc': '= Method\n\nlink:gone.pdf[] image::gone.png[] xref:gone.adoc[]\n',
      'docs/adr/0001-x.adoc': '= ADR\n\ninclude::gone.adoc[]\n',
      // A corpus holds at least one notes folder (SPEC 1).
      'track/empty.adoc': '= Empty\n:intent: track\n:updated: 2026-11-01\n',
    })
    expect(findings).toEqual([])
  })

  it('counts xrefs too, and a target outside the corpus as missing', async () => {
    const { findings } = await hygiene({
      'reference/a.adoc': ref('A', '', 'xref:b.adoc#here[] and xref:b#nope[] and xref:../../outside.adoc[].'),
      'reference/b.adoc': ref('B', '', '[[here]]\nHere.'),
    })
    const dead = only(findings, 'dead-link')
    expect(dead.map(f => f.target)).toEqual(['b#nope', '../../outside.adoc'])
    expect(dead.map(f => f.line)).toEqual([6, 6])
    expect(dead.map(f => f['missing'])).toEqual(['anchor', 'file'])
  })
})

describe('dates', () => {
  it('review-overdue when :review_by: is before today; stale when :updated: is older than staleDays or missing', async () => {
    const note = (updated: string | null, reviewBy: string | null) =>
      `= N\n:intent: track\n${updated ? `:updated: ${updated}\n` : ''}${reviewBy ? `:review_by: ${reviewBy}\n` : ''}\n== Now\n`
    const { findings, code } = await hygiene({
      'track/a-overdue.adoc': note('2026-05-01', '2026-05-09'),
      'track/b-due-today.adoc': note('2026-05-01', '2026-05-10'),
      'track/c-365-days.adoc': note('2025-05-10', null),
      'track/d-366-days.adoc': note('2025-05-09', null),
      'track/e-missing.adoc': note(null, null),
    })
    expect(code).toBe(0)
    expect(only(findings, 'review-overdue')).toMatchObject([
      { file: 'track/a-overdue.adoc', severity: 'warning', review_by: '2026-05-09' },
    ])
    expect(only(findings, 'stale').map(f => [f.file, f.severity])).toEqual([
      ['track/d-366-days.adoc', 'info'],
      ['track/e-missing.adoc', 'info'],
    ])
    expect(only(findings, 'stale')[0]).toMatchObject({ updated: '2025-05-09' })
  })

  it('takes staleDays from config.json', async () => {
    const { findings } = await hygiene({
      'track/a.adoc': '= A\n:intent: track\n:updated: 2026-04-09\n\n== Now\n',
      'track/b.adoc': '= B\n:intent: track\n:updated: 2026-04-10\n\n== Now\n',
      ...config({ hygiene: { staleDays: 30 } }),
    })
    expect(only(findings, 'stale').map(f => f.file)).toEqual(['track/a.adoc'])
  })
})

describe('near-duplicates, contradictions and the ignore list', () => {
  const text =
    'The HTTP 418 status code means that the server refuses to brew coffee because it is, permanently, a teapot. It was defined in RFC 2324 as an April Fools joke and is kept by many servers.'
  const files: Files = {
    'reference/teapot.adoc': ref('Teapot', '', text),
    'reference/teapot-copy.adoc': ref('Teapot again', '', text.replace('many servers', 'several servers')),
    'reference/unrelated.adoc': ref(
      'Tides',
      '',
      'Tides are driven by the moon and the sun; spring tides come at new and full moon.',
    ),
    'internalise/a.adoc':
      "= Physics\n:intent: internalise\n:updated: 2026-05-01\n\n[qanda]\n[[boil]]At what temperature does water boil at sea level?:: 100 °C.\n[[light]]How fast is light in a vacuum?:: About 300 000 km/s.\n[[newton]]What does Newton's second law state?:: Force equals mass times acceleration.\n",
    'internalise/b.adoc':
      '= Kitchen\n:intent: internalise\n:updated: 2026-05-01\n\n[qanda]\n[[boil]]At what temperature does water boil at sea level?:: 90 °C.\n[[knife]]Which knife cuts bread best?:: A serrated one.\n[[salt]]When should pasta water be salted?:: Once it boils, generously.\n',
  }

  it('near-duplicate: a warning on one of the pair naming the other, with a similarity', async () => {
    const { findings } = await hygiene(files)
    const near = only(findings, 'near-duplicate')
    expect(near).toHaveLength(1)
    const pair = [near[0]!.file, near[0]!.other?.file].sort()
    expect(pair).toEqual(['reference/teapot-copy.adoc', 'reference/teapot.adoc'])
    expect(near[0]).toMatchObject({ severity: 'warning' })
    expect(typeof near[0]!['similarity']).toBe('number')
  })

  it('contradiction: the same prompt with different responses is a same-prompt candidate', async () => {
    const { findings } = await hygiene(files)
    const samePrompt = only(findings, 'contradiction').filter(f => f['reason'] === 'same-prompt')
    expect(samePrompt).toHaveLength(1)
    expect(samePrompt[0]).toMatchObject({
      severity: 'warning',
      file: 'internalise/a.adoc',
      line: 6,
      other: { file: 'internalise/b.adoc', line: 6 },
    })
  })

  it('contradiction: same-term, number, date and negation candidates across two notes, each naming the other place', async () => {
    const note = (title: string, lines: string[]) => ref(title, '', lines.join('\n'))
    const { findings } = await hygiene({
      'reference/a.adoc': note('A', [
        'HTTP/2:: A binary framing protocol published in 2015.',
        '',
        'The default port of HTTPS is 443 on most servers.',
        '',
        'The migration meeting is on 2026-03-01 in the main hall.',
        '',
        'Caching is always safe for GET requests in our proxy.',
      ]),
      'reference/b.adoc': note('B', [
        'HTTP/2:: Successor of SPDY, text remains in headers only.',
        '',
        'The default port of HTTPS is 8443 on most servers.',
        '',
        'The migration meeting is on 2026-03-02 in the main hall.',
        '',
        'Caching is never safe for GET requests in our proxy.',
      ]),
    })
    const found = only(findings, 'contradiction').map(f => [
      f.file,
      f.line,
      f['reason'],
      f.other?.file,
      f.other?.line,
      f.severity,
    ])
    expect(found).toEqual([
      ['reference/a.adoc', 6, 'same-term', 'reference/b.adoc', 6, 'warning'],
      ['reference/a.adoc', 8, 'number', 'reference/b.adoc', 8, 'warning'],
      ['reference/a.adoc', 10, 'date', 'reference/b.adoc', 10, 'warning'],
      ['reference/a.adoc', 12, 'negation', 'reference/b.adoc', 12, 'warning'],
    ])
  })

  it('hygiene.ignore leaves a dismissed finding out and counts it as ignored', async () => {
    const ignore = [{ rule: 'near-duplicate', file: 'reference/teapot.adoc', other: 'reference/teapot-copy.adoc' }]
    const withConfig = {
      ...files,
      [CONFIG]: JSON.stringify({
        hygiene: {
          ignore: [...ignore, { rule: 'contradiction', file: 'internalise/a.adoc', other: 'internalise/b.adoc' }],
        },
      }),
    }
    const before = await hygiene(files)
    const after = await hygiene(withConfig)
    expect(only(after.findings, 'near-duplicate')).toEqual([])
    expect(
      only(
        after.findings.filter(f => f.file === 'internalise/a.adoc'),
        'contradiction',
      ),
    ).toEqual([])
    const dismissed = before.findings.length - after.findings.length
    expect(dismissed).toBeGreaterThanOrEqual(2)
    expect(after.summary.ignored).toBe(dismissed)
  })
})

describe('the sweep as a whole', () => {
  const files: Files = {
    'reference/b.adoc': ref('B', ':review_by: 2026-01-01', 'link:gone.pdf[] and xref:a.adoc[].'),
    'reference/a.adoc': '= A\n:intent: reference\n:source: me\n\nlink:also-gone.txt[]\n',
    'track/t.adoc': '= T\n:intent: track\n:updated: 2026-05-01\n\n== Now\n* x\n',
  }

  it('findings in file, line, rule order; the summary counts them; exit 1 on an error', async () => {
    const { code, findings, summary } = await hygiene(files)
    expect(code).toBe(1)
    const keys = findings.map(f => `${f.file}\u0000${String(f.line ?? 0).padStart(6, '0')}\u0000${f.rule}`)
    expect(keys).toEqual([...keys].sort())
    expect(Object.keys(summary)).toEqual(['errors', 'warnings', 'infos', 'ignored', 'rules'])
    expect(summary.errors).toBe(findings.filter(f => f.severity === 'error').length)
    expect(summary.warnings).toBe(findings.filter(f => f.severity === 'warning').length)
    expect(summary.infos).toBe(findings.filter(f => f.severity === 'info').length)
    expect(summary.rules).toMatchObject({ 'dead-link': 2, 'review-overdue': 1, stale: 1 })
  })

  it('exits 0 when it finds no error', async () => {
    expect((await hygiene({ 'track/t.adoc': files['track/t.adoc']! })).code).toBe(0)
  })

  it('writes nothing; --out writes the AsciiDoc report where asked and nothing else', async () => {
    const { dir } = await hygiene(files)
    const before = snapshot(dir)
    await run(dir, TODAY, 'hygiene')
    expect(changedPaths(before, snapshot(dir))).toEqual([])
    const result = await run(dir, TODAY, 'hygiene', '--out', 'reports/hygiene.adoc')
    expect(result.code).toBe(1)
    expect(changedPaths(before, snapshot(dir))).toEqual(['reports/', 'reports/hygiene.adoc'])
    // An AsciiDoc page (its text from the corpus is escaped, so match only plain words).
    const page = read(dir, 'reports/hygiene.adoc')
    expect(page).toMatch(/^= \S/)
    expect(page).toContain('gone')
  })

  it('refuses --out inside the notes folders (the report would become a note)', async () => {
    const { dir } = await hygiene(files)
    const before = snapshot(dir)
    expect((await run(dir, TODAY, 'hygiene', '--out', 'reference/report.adoc')).code).toBe(2)
    expect(exists(dir, 'reference/report.adoc')).toBe(false)
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })

  it('stops with exit 2 on an invalid config.json', async () => {
    const { code } = await hygiene({ ...files, [CONFIG]: '{"hygiene": ' })
    expect(code).toBe(2)
  })

  it('an ignore entry with only rule and file drops every such finding of the file; an ignored error no longer fails the run', async () => {
    const files: Files = { 'reference/a.adoc': '= A\n:intent: reference\n:source: me\n\nlink:gone.pdf[]\n' }
    const ignore = [
      { rule: 'dead-link', file: 'reference/a.adoc' },
      { rule: 'stale', file: 'reference/a.adoc' },
    ]
    const result = await hygiene({ ...files, ...config({ hygiene: { ignore } }) })
    expect(result.findings).toEqual([])
    expect(result.summary).toEqual({ errors: 0, warnings: 0, infos: 0, ignored: 2, rules: {} })
    expect(result.code).toBe(0)
  })

  it('hygiene.nearDuplicate sets how similar two notes must be', async () => {
    const text =
      'The HTTP 418 status code means that the server refuses to brew coffee because it is, permanently, a teapot. It was defined in RFC 2324 as an April Fools joke and is kept by many servers.'
    const pair: Files = {
      'reference/a.adoc': ref('A', '', text),
      'reference/b.adoc': ref('B', '', text.replace('many', 'several')),
    }
    expect(only((await hygiene(pair)).findings, 'near-duplicate')).toHaveLength(1)
    expect(
      only((await hygiene({ ...pair, ...config({ hygiene: { nearDuplicate: 0.999 } }) })).findings, 'near-duplicate'),
    ).toEqual([])
  })
})
