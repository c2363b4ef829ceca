import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { runValidate } from '../../src/app/check-corpus.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import type { ReviewLog } from '../../src/core/log/review-log.js'
import type { Finding } from '../../src/core/types.js'
import { validate } from '../../src/core/validate.js'

const TODAY = '2026-11-30'
const LOG = 'internalise/.srs/log.jsonl'
const STATE = 'internalise/.srs/state.json'

const english = `= English
:intent: internalise
:updated: 2026-11-01

[qanda]
[[need-action]]What form follows _need_ when the action is passive?:: The -ing form.
[[few-little]]_Few_ or _little_ with uncountable nouns?:: _Little_.
`
const http = `= HTTP
:intent: reference
:source: RFC 9110
:updated: 2026-10-01

== Redirects

301 is permanent.
`

async function validateFiles(files: Record<string, string>, dryRun = false) {
  const vault = memoryVault(files)
  const outcome = await runValidate(vault, { today: TODAY, dryRun })
  return { ...outcome, vault, pick: (rule: string) => outcome.findings.filter(f => f.rule === rule).map(strip) }
}
/** The fields a user reads, without the message prose. */
function strip(f: Finding): Omit<Finding, 'message'> {
  const { message, ...rest } = f
  expect(message.length).toBeGreaterThan(10)
  return rest
}

describe('validate on a clean corpus', () => {
  it('finds nothing wrong, registers the new items and writes the state', async () => {
    const { findings, summary, vault, wrote } = await validateFiles({
      'internalise/english.adoc': english,
      'reference/http.adoc': http,
    })
    expect(findings.map(f => f.rule)).toEqual(['item-without-state', 'item-without-state'])
    expect(summary).toMatchObject({ errors: 0, warnings: 0, infos: 2 })
    expect(wrote).toBe(true)
    expect(vault.files.get(STATE)).toBe(
      `{\n  "english#few-little": {\n    "level": 1,\n    "next_due": "2026-12-01",\n    "reps": 0\n  },\n  "english#need-action": {\n    "level": 1,\n    "next_due": "2026-12-01",\n    "reps": 0\n  }\n}\n`,
    )
  })

  it('writes nothing with --dry-run, and nothing when the state already matches', async () => {
    const dry = await validateFiles({ 'internalise/english.adoc': english }, true)
    expect(dry.wrote).toBe(false)
    expect(dry.vault.files.has(STATE)).toBe(false)
    const vault = memoryVault({ 'internalise/english.adoc': english })
    await runValidate(vault, { today: TODAY })
    const again = await runValidate(vault, { today: '2026-12-05' })
    expect(again.wrote).toBe(false)
    expect(again.findings).toEqual([])
  })
})

describe('validate rules (SPEC 2.2), one fixture each', () => {
  it('intent-missing and intent-mismatch', async () => {
    const r = await validateFiles({
      'track/a.adoc': '= A\n\n== Now\n* x\n',
      'reference/b.adoc': '= B\n:source: me\n:intent: Track\n',
    })
    expect(r.pick('intent-missing')).toEqual([
      { rule: 'intent-missing', severity: 'error', file: 'track/a.adoc', line: 1 },
    ])
    expect(r.pick('intent-mismatch')).toEqual([
      {
        rule: 'intent-mismatch',
        severity: 'error',
        file: 'reference/b.adoc',
        line: 3,
        intent: 'Track',
        folder: 'reference',
      },
    ])
  })

  it('accepts the intent in any case', async () => {
    const r = await validateFiles({ 'track/a.adoc': '= A\n:intent: TRACK\n' })
    expect(r.findings).toEqual([])
  })

  it('source-missing on Reference notes only', async () => {
    const r = await validateFiles({
      'reference/b.adoc': '= B\n:intent: reference\n',
      'track/t.adoc': '= T\n:intent: track\n',
    })
    expect(r.pick('source-missing')).toEqual([
      { rule: 'source-missing', severity: 'error', file: 'reference/b.adoc', line: 2 },
    ])
  })

  it('source-missing points at an empty :source: where the note has one', async () => {
    const r = await validateFiles({ 'reference/b.adoc': '= B\n:intent: reference\n:updated: 2026-01-01\n:source:\n' })
    expect(r.pick('source-missing')).toEqual([
      { rule: 'source-missing', severity: 'error', file: 'reference/b.adoc', line: 4 },
    ])
  })

  it('date-invalid names the attribute', async () => {
    const r = await validateFiles({
      'reference/b.adoc':
        '= B\n:intent: reference\n:source: x\n:updated: 2026-02-30\n:review_by: 2027-01-15\n:created: yesterday\n',
    })
    expect(r.pick('date-invalid')).toEqual([
      { rule: 'date-invalid', severity: 'error', file: 'reference/b.adoc', line: 4, attribute: 'updated' },
      { rule: 'date-invalid', severity: 'error', file: 'reference/b.adoc', line: 6, attribute: 'created' },
    ])
  })

  it('xref-unresolved tells a missing file from a missing anchor', async () => {
    const note =
      '= N\n:intent: track\n\nSee xref:../reference/http.adoc#_redirects[], xref:../reference/http.adoc#nowhere[] and\n<<gone.adoc#x,gone>>.\n\n----\nxref:in-a-listing.adoc[]\n----\n'
    const r = await validateFiles({ 'reference/http.adoc': http, 'track/n.adoc': note })
    expect(r.pick('xref-unresolved')).toEqual([
      {
        rule: 'xref-unresolved',
        severity: 'error',
        file: 'track/n.adoc',
        line: 4,
        target: '../reference/http.adoc#nowhere',
        missing: 'anchor',
      },
      {
        rule: 'xref-unresolved',
        severity: 'error',
        file: 'track/n.adoc',
        line: 5,
        target: 'gone.adoc#x',
        missing: 'file',
      },
    ])
  })

  it('item-missing-id and item-duplicate-id, the first one counting', async () => {
    const deck =
      '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]First?:: one\nNo id here?:: two\n[[a]]Again a?:: three\n'
    const r = await validateFiles({ 'internalise/deck.adoc': deck })
    expect(r.pick('item-missing-id')).toEqual([
      { rule: 'item-missing-id', severity: 'error', file: 'internalise/deck.adoc', line: 6 },
    ])
    expect(r.pick('item-duplicate-id')).toEqual([
      {
        rule: 'item-duplicate-id',
        severity: 'error',
        file: 'internalise/deck.adoc',
        line: 7,
        item: 'deck#a',
        other: { file: 'internalise/deck.adoc', line: 5 },
      },
    ])
    expect(Object.keys(JSON.parse(r.vault.files.get(STATE)!))).toEqual(['deck#a'])
  })

  it('log-malformed, log-future-date and log-unknown-item point at the log line; the rest of the log still counts', async () => {
    const log = [
      '{"item":"english#need-action","date":"2026-11-20","grade":"good"}',
      'not json',
      '{"item":"english#need-action","date":"2026-12-02","grade":"good"}',
      '{"item":"english#gone","date":"2026-11-21","grade":"easy"}',
      '{"item":"english#few-little","date":"2026-11-22","grade":"meh"}',
    ].join('\n')
    const r = await validateFiles({ 'internalise/english.adoc': english, [LOG]: log })
    expect(r.pick('log-malformed').map(f => [f.file, f.line])).toEqual([
      [LOG, 2],
      [LOG, 5],
    ])
    expect(r.pick('log-future-date')).toEqual([
      { rule: 'log-future-date', severity: 'warning', file: LOG, line: 3, item: 'english#need-action' },
    ])
    expect(r.pick('log-unknown-item')).toEqual([
      { rule: 'log-unknown-item', severity: 'warning', file: LOG, line: 4, item: 'english#gone' },
    ])
    const state = JSON.parse(r.vault.files.get(STATE)!)
    expect(state['english#need-action']).toEqual({ level: 3, next_due: '2026-12-09', reps: 2 })
    expect(r.vault.files.get(LOG)).toBe(log)
  })

  it('log-unknown-item suggests the alias when the anchor now stands in another note, and the alias carries the history', async () => {
    const log = '{"item":"grammar#need-action","date":"2026-11-20","grade":"good"}\n'
    const r = await validateFiles({ 'internalise/english.adoc': english, [LOG]: log })
    expect(r.pick('log-unknown-item')).toEqual([
      {
        rule: 'log-unknown-item',
        severity: 'warning',
        file: LOG,
        line: 1,
        item: 'grammar#need-action',
        alias: 'english#need-action',
      },
    ])
    // Said as an entry to add to the "aliases" object: `add "aliases": {…}` beside an existing
    // "aliases" key would make a second one, and JSON keeps only the last.
    expect(r.findings.find(f => f.rule === 'log-unknown-item')?.message).toContain(
      'to keep its history, add "grammar#need-action": "english#need-action" to the "aliases" object in internalise/.srs/config.json',
    )
    const aliased = await validateFiles({
      'internalise/english.adoc': english,
      [LOG]: log,
      'internalise/.srs/config.json': '{"aliases": {"grammar#need-action": "english#need-action"}}',
    })
    expect(aliased.pick('log-unknown-item')).toEqual([])
    expect(JSON.parse(aliased.vault.files.get(STATE)!)['english#need-action']).toEqual({
      level: 2,
      next_due: '2026-11-23',
      reps: 1,
    })
  })

  it('log-unknown-item through an alias names the id the review counts for, and the alias to add from there', async () => {
    const log = '{"item":"grammar#need-action","date":"2026-11-20","grade":"good"}\n'
    const r = await validateFiles({
      'internalise/english.adoc': english,
      [LOG]: log,
      'internalise/.srs/config.json': '{"aliases": {"grammar#need-action": "old/english#need-action"}}',
    })
    const finding = r.findings.find(f => f.rule === 'log-unknown-item')
    expect(finding).toMatchObject({ item: 'grammar#need-action', alias: 'english#need-action' })
    expect(finding?.message).toContain(
      'review of grammar#need-action, counted for old/english#need-action through "aliases" in internalise/.srs/config.json, which no note declares',
    )
    expect(finding?.message).toContain('add "old/english#need-action": "english#need-action" to the "aliases" object')
  })

  it('log-unknown-item never advises an alias that would close a cycle', async () => {
    // english#need-action is declared but sent on to grammar#need-action: adding the way back
    // would make a cycle, which renames nothing.
    const log = '{"item":"grammar#need-action","date":"2026-11-20","grade":"good"}\n'
    const r = await validateFiles({
      'internalise/english.adoc': english,
      [LOG]: log,
      'internalise/.srs/config.json': '{"aliases": {"english#need-action": "grammar#need-action"}}',
    })
    const message = r.findings.find(f => f.rule === 'log-unknown-item')?.message ?? ''
    expect(message).toContain(
      'sends "english#need-action", which a note declares, on to "grammar#need-action": remove that alias, "english#need-action": "grammar#need-action", and add "grammar#need-action": "english#need-action"',
    )
  })

  it('an alias cycle is an error at its line of config.json; the log-unknown-item of an id on it points there', async () => {
    const config =
      '{\n  "aliases": {\n    "grammar#need-action": "english#need-action",\n    "english#need-action": "grammar#need-action"\n  }\n}\n'
    const log = '{"item":"grammar#need-action","date":"2026-11-20","grade":"good"}\n'
    const r = await validateFiles({
      'internalise/english.adoc': english,
      [LOG]: log,
      'internalise/.srs/config.json': config,
    })
    expect(r.summary.errors).toBe(1)
    const cycle = r.findings.find(f => f.rule === 'alias-cycle')
    expect(cycle).toMatchObject({ severity: 'error', file: 'internalise/.srs/config.json', line: 3 })
    // One of the two is declared: the alias leaving it is the one to remove.
    expect(cycle?.message).toContain(
      'A note declares "english#need-action", so it is the new id: remove the alias "english#need-action": "grammar#need-action".',
    )
    expect(r.findings.find(f => f.rule === 'log-unknown-item')?.message).toContain(
      'its alias in internalise/.srs/config.json is on a cycle of aliases and so ignored',
    )
    // The declared item keeps its own (no) reviews: the cycle sends nothing anywhere.
    expect(JSON.parse(r.vault.files.get(STATE)!)['english#need-action'].reps).toBe(0)
  })

  it('leech at leechThreshold failures, with the count', async () => {
    const fails = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `{"item":"english#need-action","date":"2026-11-0${i + 1}","grade":"again"}`,
      ).join('\n') + '\n'
    const r = await validateFiles({ 'internalise/english.adoc': english, [LOG]: fails(4) })
    expect(r.pick('leech')).toEqual([
      {
        rule: 'leech',
        severity: 'warning',
        file: 'internalise/english.adoc',
        line: 6,
        item: 'english#need-action',
        failures: 4,
      },
    ])
    const three = await validateFiles({ 'internalise/english.adoc': english, [LOG]: fails(3) })
    expect(three.pick('leech')).toEqual([])
    const configured = await validateFiles({
      'internalise/english.adoc': english,
      [LOG]: fails(3),
      'internalise/.srs/config.json': '{"leechThreshold": 3}',
    })
    expect(configured.pick('leech')).toHaveLength(1)
  })

  it('state-drift, item-without-state and state-without-item, then a regenerated state', async () => {
    const state = JSON.stringify({
      'english#need-action': { level: 4, next_due: '2027-01-01', reps: 9 },
      'english#old': { level: 1, next_due: '2026-12-01', reps: 0 },
    })
    const r = await validateFiles({ 'internalise/english.adoc': english, [STATE]: state })
    expect(r.pick('state-drift')).toEqual([
      { rule: 'state-drift', severity: 'warning', file: STATE, item: 'english#need-action' },
    ])
    expect(r.pick('item-without-state')).toEqual([
      {
        rule: 'item-without-state',
        severity: 'info',
        file: 'internalise/english.adoc',
        line: 7,
        item: 'english#few-little',
      },
    ])
    expect(r.pick('state-without-item')).toEqual([
      { rule: 'state-without-item', severity: 'info', file: STATE, item: 'english#old' },
    ])
    const again = await runValidate(r.vault, { today: TODAY })
    expect(again.findings).toEqual([])
  })

  it('a damaged state entry is drift, regenerated', async () => {
    const state = JSON.stringify({
      'english#need-action': { level: 1, next_due: 'soon', reps: 0 },
      'english#few-little': { level: 1, next_due: '2026-12-01', reps: 0 },
    })
    const r = await validateFiles({ 'internalise/english.adoc': english, [STATE]: state })
    expect(r.pick('state-drift')).toEqual([
      { rule: 'state-drift', severity: 'warning', file: STATE, line: 1, item: 'english#need-action' },
    ])
    expect(r.pick('item-without-state')).toEqual([])
    expect(JSON.parse(r.vault.files.get(STATE)!)['english#need-action']).toEqual({
      level: 1,
      next_due: '2026-12-01',
      reps: 0,
    })
  })

  it('a state date outside the supported dates is a damaged entry, named with its file and line, and regenerated', async () => {
    const state = `${JSON.stringify(
      {
        'english#few-little': { level: 1, next_due: '2026-12-01', reps: 0 },
        'english#need-action': { level: 1, next_due: '0001-01-01', reps: 0 },
        'gone#x': { level: 1, next_due: '9999-12-31', reps: 0 },
      },
      null,
      2,
    )}\n`
    const r = await validateFiles({ 'internalise/english.adoc': english, [STATE]: state })
    expect(r.pick('state-drift')).toEqual([
      { rule: 'state-drift', severity: 'warning', file: STATE, line: 7, item: 'english#need-action' },
    ])
    expect(r.findings.find(f => f.rule === 'state-drift')?.message).toContain(
      '"next_due" 0001-01-01 is outside the supported range 1900-01-01 to 2999-12-31',
    )
    expect(r.pick('state-without-item')).toEqual([
      { rule: 'state-without-item', severity: 'info', file: STATE, line: 12, item: 'gone#x' },
    ])
    // Registered afresh, as an item without an entry is: not due since year 1.
    expect(JSON.parse(r.vault.files.get(STATE)!)).toEqual({
      'english#few-little': { level: 1, next_due: '2026-12-01', reps: 0 },
      'english#need-action': { level: 1, next_due: '2026-12-01', reps: 0 },
    })
  })

  it('on the last supported day an item is registered due that day, which the next run reads back as sound', async () => {
    const vault = memoryVault({ 'internalise/english.adoc': english })
    await runValidate(vault, { today: '2999-12-31' })
    expect(JSON.parse(vault.files.get(STATE)!)['english#need-action'].next_due).toBe('2999-12-31')
    expect((await runValidate(vault, { today: '2999-12-31' })).findings).toEqual([])
  })

  it('config-invalid stops everything: one finding, nothing written', async () => {
    const r = await validateFiles({
      'internalise/english.adoc': english,
      'internalise/.srs/config.json': '{"scheduler": "anki"}',
    })
    expect(r.configInvalid).toBe(true)
    expect(r.findings.map(f => f.rule)).toEqual(['config-invalid'])
    expect(r.vault.files.has(STATE)).toBe(false)
  })

  it('orders findings by file, then line, then rule', async () => {
    const r = await validateFiles({
      'reference/z.adoc': '= Z\n:intent: track\n:updated: 2026-13-01\n',
      'reference/a.adoc': '= A\n',
    })
    expect(r.findings.map(f => `${f.file}:${f.line ?? ''}:${f.rule}`)).toEqual([
      'reference/a.adoc:1:intent-missing',
      'reference/a.adoc:1:source-missing',
      'reference/z.adoc:2:intent-mismatch',
      'reference/z.adoc:2:source-missing',
      'reference/z.adoc:3:date-invalid',
    ])
  })
})

describe('validate with the clock behind the log', () => {
  it('reports each review dated after today, building only those reviews of a declared item, not its history', async () => {
    // A clock set back half a year: every item's last reviews are in the future. Their findings
    // come from the end of each history (reviewsAfter); the whole history as objects (a million
    // at a million reviews, 3 KB a finding at the peak) only for an item no note declares.
    const lines: string[] = []
    for (let day = 1; day <= 28; day++)
      for (const item of ['english#need-action', 'english#few-little', 'gone#x'])
        lines.push(JSON.stringify({ item, date: `2026-10-${String(day).padStart(2, '0')}`, grade: 'good' }))
    const corpus = await loadCorpus(
      memoryVault({ 'internalise/english.adoc': english, [LOG]: `${lines.join('\n')}\n` }),
    )
    const asked: string[] = []
    const log = new Proxy(corpus.log, {
      get(target, key) {
        const value = Reflect.get(target, key)
        if (key !== 'historyOf' || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value
        return (id: string) => {
          asked.push(id)
          return value.call(target, id)
        }
      },
    }) as ReviewLog
    const { findings } = validate({ ...corpus, log }, '2026-10-20')
    const future = findings.filter(f => f.rule === 'log-future-date')
    // Days 21 to 28 of each of the three items, the undeclared one's too.
    expect(future).toHaveLength(24)
    expect(new Set(future.map(f => f.line))).toEqual(
      new Set(lines.flatMap((line, k) => (JSON.parse(line).date > '2026-10-20' ? [k + 1] : []))),
    )
    expect(future[0]).toMatchObject({
      severity: 'warning',
      file: LOG,
      message: 'review of english#need-action is dated 2026-10-28, after today (2026-10-20); it counts',
    })
    expect(findings.filter(f => f.rule === 'log-unknown-item')).toHaveLength(28)
    expect(asked).toEqual(['gone#x'])
  })
})
