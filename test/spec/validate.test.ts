import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  CONFIG,
  changedPaths,
  config,
  type Files,
  type JsonFinding,
  LOG,
  logOf,
  makeCorpus,
  qandaNote,
  read,
  readState,
  run,
  STATE,
  snapshot,
  validateJson,
  writeFiles,
} from './corpus-kit.js'

// SPEC 2.2 and 3: each validate rule on a corpus of its own, the order, the summary, the exit
// status and what validate may write.

const TODAY = '2026-05-10'
const DECK = 'internalise/deck.adoc'

async function findingsOf(
  files: Files,
  rule: string,
): Promise<{ code: number; found: JsonFinding[]; all: JsonFinding[] }> {
  const dir = makeCorpus(files)
  const { code, findings } = await validateJson(dir, TODAY)
  return { code, found: findings.filter(f => f.rule === rule), all: findings }
}

describe('each validate rule on its own corpus', () => {
  it('config-invalid: not JSON, or an unknown scheduler; exit 2 and nothing written', async () => {
    for (const text of ['{ "scheduler": ', '{"scheduler": "supermemo"}']) {
      const dir = makeCorpus({ [DECK]: qandaNote('Deck', ['a']), [CONFIG]: text })
      const before = snapshot(dir)
      const { code, findings } = await validateJson(dir, TODAY)
      expect(code).toBe(2)
      expect(findings).toMatchObject([{ rule: 'config-invalid', severity: 'error', file: CONFIG }])
      expect(changedPaths(before, snapshot(dir))).toEqual([])
    }
  })

  it('intent-missing', async () => {
    const { code, found } = await findingsOf(
      { 'track/t.adoc': '= T\n:created: 2026-01-01\n\n== Now\n' },
      'intent-missing',
    )
    expect(code).toBe(1)
    expect(found).toMatchObject([{ severity: 'error', file: 'track/t.adoc' }])
  })

  it("intent-mismatch, with intent and folder, on the attribute's line", async () => {
    const { found } = await findingsOf(
      { 'internalise/sub/x.adoc': '= X\n:created: 2026-01-01\n:intent: reference\n' },
      'intent-mismatch',
    )
    expect(found).toMatchObject([
      { severity: 'error', file: 'internalise/sub/x.adoc', line: 3, intent: 'reference', folder: 'internalise' },
    ])
  })

  it('source-missing only under reference/', async () => {
    const { found } = await findingsOf(
      {
        'reference/http.adoc': '= HTTP\n:intent: reference\n',
        'reference/ok.adoc': '= OK\n:intent: reference\n:source: RFC 9110\n',
        'track/t.adoc': '= T\n:intent: track\n',
      },
      'source-missing',
    )
    expect(found).toMatchObject([{ severity: 'error', file: 'reference/http.adoc' }])
    expect(found).toHaveLength(1)
  })

  it('date-invalid names the attribute and its line; 29 February counts only in leap years', async () => {
    const { found } = await findingsOf(
      {
        'track/t.adoc': '= T\n:intent: track\n:updated: 2026-02-30\n:review_by: 2026-13-01\n:created: yesterday\n',
        'track/u.adoc': '= U\n:intent: track\n:updated: 2028-02-29\n:created: 2027-02-29\n',
      },
      'date-invalid',
    )
    expect(found.map(f => [f.file, f.line, f.attribute, f.severity])).toEqual([
      ['track/t.adoc', 3, 'updated', 'error'],
      ['track/t.adoc', 4, 'review_by', 'error'],
      ['track/t.adoc', 5, 'created', 'error'],
      ['track/u.adoc', 4, 'created', 'error'],
    ])
  })

  it("xref-unresolved: missing file or anchor, resolved relative to the note's folder, never outside the corpus", async () => {
    const parent = mkdtempSync(join(tmpdir(), 'notekeeper-spec-outside-'))
    onTestFinished(() => rmSync(parent, { recursive: true, force: true }))
    const dir = join(parent, 'corpus')
    mkdirSync(dir)
    writeFileSync(join(parent, 'outside.adoc'), '= Outside\n\n[[here]]\nText.\n')
    writeFiles(dir, {
      'reference/b.adoc': '= B\n:intent: reference\n:source: me\n\n[[part]]\nPart.\n\n== Other Section\n',
      'docs/adr/0001-x.adoc': '= ADR 1\n',
      'reference/sub/a.adoc': [
        '= A',
        ':intent: reference',
        ':source: me',
        '',
        'xref:../b.adoc[] and xref:../b#part[] and <<../b.adoc#_other_section,other>> resolve.', // 5
        'xref:../../docs/adr/0001-x.adoc[An ADR] resolves.', // 6
        '<<_local_section>> and <<Local Section>> resolve.', // 7
        'xref:b.adoc[] is reference/sub/b.adoc, which does not exist.', // 8
        'xref:../b.adoc#nope[] names a missing anchor.', // 9
        '<<nowhere>> too.', // 10
        'xref:../../../outside.adoc[] leaves the corpus.', // 11
        '',
        '----',
        'xref:in-a-listing.adoc[] is not a reference.',
        '----',
        '',
        '== Local Section',
        '',
      ].join('\n'),
    })
    const { findings } = await validateJson(dir, TODAY)
    const found = findings.filter(f => f.rule === 'xref-unresolved')
    expect(found.map(f => [f.file, f.line, f.target, f.missing, f.severity])).toEqual([
      ['reference/sub/a.adoc', 8, 'b.adoc', 'file', 'error'],
      ['reference/sub/a.adoc', 9, '../b.adoc#nope', 'anchor', 'error'],
      ['reference/sub/a.adoc', 10, 'nowhere', 'anchor', 'error'],
      ['reference/sub/a.adoc', 11, '../../../outside.adoc', 'file', 'error'],
    ])
  })

  it('only notes are checked as sources: README and ADRs may hold dead xrefs, and are valid targets', async () => {
    const { found } = await findingsOf(
      {
        'README.adoc': '= Method\n\nxref:nowhere.adoc[] and <<no-anchor>>.\n',
        'docs/adr/0001-x.adoc': '= ADR\n\nxref:../gone.adoc[]\n',
        'reference/r.adoc':
          '= R\n:intent: reference\n:source: me\n\nxref:../README.adoc[] xref:../docs/adr/0001-x.adoc[] link:missing.pdf[]\n',
      },
      'xref-unresolved',
    )
    expect(found).toEqual([])
  })

  it('item-missing-id only in Internalise notes: [qanda] entries without ids elsewhere are fine', async () => {
    const { found } = await findingsOf(
      {
        'reference/faq.adoc': '= FAQ\n:intent: reference\n:source: me\n\n[qanda]\nWhy?:: Because.\n',
        'track/t.adoc': '= T\n:intent: track\n\n[qanda]\nWhen?:: Soon.\n',
      },
      'item-missing-id',
    )
    expect(found).toEqual([])
  })

  it('item-duplicate-id on the second item, with the first as other; the first one counts', async () => {
    const dir = makeCorpus({
      [DECK]:
        '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]First prompt?:: First.\n[[b]]B?:: B.\n[[a]]Second prompt?:: Second.\n',
      [STATE]: JSON.stringify({
        'deck#a': { level: 1, next_due: '2026-05-01', reps: 0 },
        'deck#b': { level: 1, next_due: '2026-06-01', reps: 0 },
      }),
    })
    const { code, findings } = await validateJson(dir, TODAY, '--dry-run')
    expect(code).toBe(1)
    expect(findings.filter(f => f.rule === 'item-duplicate-id')).toMatchObject([
      { severity: 'error', file: DECK, line: 7, item: 'deck#a', other: { file: DECK, line: 5 } },
    ])
    const due = JSON.parse((await run(dir, TODAY, 'due', '--json')).stdout) as { due: { id: string; prompt: string }[] }
    expect(due.due).toMatchObject([{ id: 'deck#a', prompt: 'First prompt?' }])
  })

  it('log-future-date: a warning with the item, and the review still counts', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a']),
      [LOG]: logOf([
        ['deck#a', '2026-05-01', 'good'],
        ['deck#a', '2026-05-11', 'good'],
      ]),
    })
    const { code, findings } = await validateJson(dir, TODAY)
    expect(code).toBe(0)
    expect(findings.filter(f => f.rule === 'log-future-date')).toMatchObject([
      { severity: 'warning', file: LOG, line: 2, item: 'deck#a' },
    ])
    expect(readState(dir)['deck#a']).toEqual({ level: 3, reps: 2, next_due: '2026-05-18' })
  })

  it('log-unknown-item: one warning per line, the log untouched', async () => {
    const log = logOf([
      ['gone#x', '2026-05-01', 'good'],
      ['deck#a', '2026-05-01', 'good'],
      ['gone#x', '2026-05-02', 'again'],
    ])
    const dir = makeCorpus({ [DECK]: qandaNote('Deck', ['a']), [LOG]: log })
    const { code, findings } = await validateJson(dir, TODAY)
    expect(code).toBe(0)
    expect(findings.filter(f => f.rule === 'log-unknown-item')).toMatchObject([
      { severity: 'warning', file: LOG, line: 1, item: 'gone#x' },
      { severity: 'warning', file: LOG, line: 3, item: 'gone#x' },
    ])
    expect(read(dir, LOG)).toBe(log)
  })

  it('leech: 4 again lines by default, leechThreshold from config.json, the item stays due and is marked', async () => {
    const agains = (n: number) => Array.from({ length: n }, (_, i) => ['deck#a', `2026-05-0${i + 1}`, 'again'] as const)
    const four = await findingsOf({ [DECK]: qandaNote('Deck', ['a']), [LOG]: logOf(agains(4)) }, 'leech')
    expect(four.code).toBe(0)
    expect(four.found).toMatchObject([{ severity: 'warning', file: DECK, line: 5, item: 'deck#a', failures: 4 }])
    expect((await findingsOf({ [DECK]: qandaNote('Deck', ['a']), [LOG]: logOf(agains(3)) }, 'leech')).found).toEqual([])
    const lowered = { [DECK]: qandaNote('Deck', ['a']), [LOG]: logOf(agains(3)), ...config({ leechThreshold: 2 }) }
    expect((await findingsOf(lowered, 'leech')).found).toMatchObject([{ item: 'deck#a', failures: 3 }])
    const dir = makeCorpus(lowered)
    const due = JSON.parse((await run(dir, '2026-05-04', 'due', '--json')).stdout) as {
      due: { id: string; leech: boolean }[]
    }
    expect(due.due).toEqual([expect.objectContaining({ id: 'deck#a', leech: true })])
  })

  it('state-drift: a hand-edited entry is reported and regenerated from the log', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a', 'b']),
      [LOG]: logOf([['deck#a', '2026-05-01', 'good']]),
      [STATE]: JSON.stringify({
        'deck#a': { level: 4, next_due: '2026-09-01', reps: 1 },
        'deck#b': { level: 1, next_due: '2026-05-02', reps: 0 },
      }),
    })
    const { code, findings } = await validateJson(dir, TODAY)
    expect(code).toBe(0)
    expect(findings.filter(f => f.rule === 'state-drift')).toMatchObject([
      { severity: 'warning', file: STATE, item: 'deck#a' },
    ])
    expect(readState(dir)).toEqual({
      'deck#a': { level: 2, reps: 1, next_due: '2026-05-04' },
      'deck#b': { level: 1, next_due: '2026-05-02', reps: 0 },
    })
  })

  it('state-drift: a state.json that is not JSON is named by its line and column, and regenerated', async () => {
    const broken = '{\n  "deck#a": {\n    "level": 4,\n  }\n}\n'
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a']),
      [LOG]: logOf([['deck#a', '2026-05-01', 'good']]),
      [STATE]: `\ufeff${broken}`,
    })
    const { code, findings } = await validateJson(dir, TODAY)
    expect(code).toBe(0)
    const drift = findings.filter(f => f.rule === 'state-drift')
    expect(drift).toMatchObject([{ severity: 'warning', file: STATE, line: 4 }])
    expect(drift[0]?.message).toMatch(
      /^state\.json could not be read \(state\.json is not valid JSON: line 4, column 3: /,
    )
    expect(readState(dir)).toEqual({ 'deck#a': { level: 2, reps: 1, next_due: '2026-05-04' } })
  })

  it('item-without-state and state-without-item: infos; validate registers the one and drops the other', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['old', 'new']),
      [STATE]: JSON.stringify({
        'deck#old': { level: 1, next_due: '2026-05-02', reps: 0 },
        'deck#vanished': { level: 2, next_due: '2026-05-05', reps: 1 },
      }),
    })
    const { code, findings, summary } = await validateJson(dir, TODAY)
    expect(code).toBe(0)
    expect(findings.filter(f => f.rule === 'item-without-state')).toMatchObject([
      { severity: 'info', file: DECK, line: 6, item: 'deck#new' },
    ])
    expect(findings.filter(f => f.rule === 'state-without-item')).toMatchObject([
      { severity: 'info', file: STATE, item: 'deck#vanished' },
    ])
    expect(summary).toEqual({
      errors: 0,
      warnings: 0,
      infos: 2,
      ignored: 0,
      rules: { 'item-without-state': 1, 'state-without-item': 1 },
    })
    expect(readState(dir)).toEqual({
      'deck#new': { level: 1, reps: 0, next_due: '2026-05-11' },
      'deck#old': { level: 1, next_due: '2026-05-02', reps: 0 },
    })
  })
})

describe('the report', () => {
  const messy: Files = {
    'internalise/b.adoc': '= B\n:intent: internalise\n\n[qanda]\n[[a]]A?:: a.\nNo id, xref:nowhere.adoc[]?:: b.\n',
    'internalise/a.adoc': '= A\n:intent: track\n:updated: 2026-02-31\n\n[qanda]\n[[x]]X?:: x.\n',
    'internalise/B.adoc': '= Capital B\n',
    [LOG]:
      logOf([
        ['b#a', '2026-05-01', 'again'],
        ['b#a', '2026-05-02', 'again'],
        ['b#a', '2026-05-03', 'again'],
        ['b#a', '2026-05-04', 'again'],
        ['nobody#n', '2026-05-04', 'good'],
      ]) + 'garbage\n',
  }

  it('orders findings by file (code units), then line, then rule, and the summary counts them', async () => {
    const dir = makeCorpus(messy)
    const { code, findings, summary } = await validateJson(dir, TODAY)
    expect(code).toBe(1)
    const keys = findings.map(f => [f.file, f.line ?? 0, f.rule] as const)
    const sorted = [...keys].sort((x, y) =>
      x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0),
    )
    expect(keys).toEqual(sorted)
    // Two rules on one line come in rule order.
    expect(
      keys.filter(([file, line]) => file === 'internalise/b.adoc' && line === 5).map(([, , rule]) => rule),
    ).toEqual(['item-without-state', 'leech'])
    expect(
      keys.filter(([file, line]) => file === 'internalise/b.adoc' && line === 6).map(([, , rule]) => rule),
    ).toEqual(['item-missing-id', 'xref-unresolved'])
    expect(keys[0]![0]).toBe('internalise/.srs/log.jsonl')
    expect(keys.map(([file]) => file).indexOf('internalise/B.adoc')).toBeLessThan(
      keys.map(([file]) => file).indexOf('internalise/a.adoc'),
    )
    expect(Object.keys(summary)).toEqual(['errors', 'warnings', 'infos', 'ignored', 'rules'])
    const count = (severity: string) => findings.filter(f => f.severity === severity).length
    expect(summary).toMatchObject({
      errors: count('error'),
      warnings: count('warning'),
      infos: count('info'),
      ignored: 0,
    })
    const byRule: Record<string, number> = {}
    for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1
    expect(summary.rules).toEqual(byRule)
    for (const f of findings) expect(typeof f.message).toBe('string')
  })

  it('without --json, each finding names its file and line', async () => {
    const dir = makeCorpus(messy)
    const result = await run(dir, TODAY, 'validate', '--dry-run')
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('internalise/a.adoc:2')
    expect(result.stdout).toContain('internalise/a.adoc:3')
    expect(result.stdout).toContain('internalise/.srs/log.jsonl:6')
  })
})
