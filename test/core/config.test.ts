import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { configProblemText, DEFAULT_CONFIG, parseConfig, SCHEDULERS } from '../../src/core/config.js'
import { CONFIG_SCHEMA, type SchemaNode } from '../../src/core/config-schema.js'

describe('config.json (SPEC 1.8)', () => {
  it('is the defaults when the file is absent or empty of keys', () => {
    expect(parseConfig(null)).toEqual({ ok: true, config: DEFAULT_CONFIG, warnings: [] })
    expect(parseConfig('{}')).toEqual({ ok: true, config: DEFAULT_CONFIG, warnings: [] })
  })

  it('takes every key that is given, leaving the others at their defaults', () => {
    const result = parseConfig(
      JSON.stringify({ scheduler: 'fsrs', leechThreshold: 6, limits: { newPerDay: 5 }, aliases: { 'a#x': 'b#x' } }),
    )
    expect(result.ok && result.config).toMatchObject({
      scheduler: 'fsrs',
      leechThreshold: 6,
      limits: { newPerDay: 5, reviewsPerDay: null },
      aliases: { 'a#x': 'b#x' },
      hygiene: DEFAULT_CONFIG.hygiene,
    })
  })

  it('refuses an unknown scheduler, naming the file and the line', () => {
    const result = parseConfig('{\n  "scheduler": "supermemo18"\n}')
    expect(result).toMatchObject({
      ok: false,
      finding: { rule: 'config-invalid', severity: 'error', file: 'internalise/.srs/config.json', line: 2 },
    })
    expect(!result.ok && result.finding.message).toContain('supermemo18')
  })

  it('refuses a file that is not JSON', () => {
    const result = parseConfig('{"scheduler": "leitner",,}')
    expect(result).toMatchObject({
      ok: false,
      finding: { rule: 'config-invalid', file: 'internalise/.srs/config.json' },
    })
  })

  it('refuses keys of the wrong type instead of guessing', () => {
    const result = parseConfig('{"leechThreshold": "four"}')
    expect(!result.ok && result.finding.message).toContain('leechThreshold')
  })

  it('names a number too large to hold as such, not as the null JSON.stringify writes for it', () => {
    const result = parseConfig('{"leechThreshold": 1e400}')
    expect(!result.ok && result.finding.message).toContain('"leechThreshold" is Infinity (a number too large to hold)')
    expect(!result.ok && result.finding.message).not.toContain('null')
  })

  it('takes fromWeights on a switch from fsrs only, and only valid weights', () => {
    const ok = parseConfig('{"switches": [{"date": "2026-10-01", "from": "fsrs", "to": "fsrs", "fromWeights": []}]}')
    expect(ok.ok).toBe(true)
    const other = parseConfig('{"switches": [{"date": "2026-10-01", "from": "sm2", "to": "fsrs", "fromWeights": []}]}')
    expect(!other.ok && other.finding.message).toContain('"switches.0.fromWeights" belongs to a switch from fsrs only')
    const wrong = parseConfig(
      '{"switches": [{"date": "2026-10-01", "from": "fsrs", "to": "fsrs", "fromWeights": [1, 2]}]}',
    )
    expect(!wrong.ok && wrong.finding.message).toContain('"switches.0.fromWeights" must be empty')
  })

  it('refuses FSRS weights that no FSRS version has', () => {
    const result = parseConfig('{"scheduler": "fsrs", "fsrs": {"weights": [1, 2, 3]}}')
    expect(!result.ok && result.finding.message).toContain('fsrs.weights')
  })

  it('names line and column of a syntax error, and the path only once', () => {
    const result = parseConfig('{\n  "scheduler": "leitner",,\n}')
    expect(result).toMatchObject({ ok: false, finding: { line: 2, column: 26 } })
    expect(!result.ok && configProblemText(result.finding)).toBe(
      'internalise/.srs/config.json:2:26: not valid JSON: expected a key in double quotes',
    )
  })

  it("names the key, its value and what it must be, at the key's line and column", () => {
    const result = parseConfig('{\n  "hygiene": {\n    "staleDays": 0\n  }\n}')
    expect(!result.ok && configProblemText(result.finding)).toBe(
      'internalise/.srs/config.json:3:5: "hygiene.staleDays" is 0: it must be a whole number of at least 1',
    )
    const ignore = parseConfig('{"hygiene": {"ignore": [{"rule": "stale"}]}}')
    expect(!ignore.ok && ignore.finding.message).toBe('"hygiene.ignore.0" needs "file"')
  })

  it('warns about unknown keys (with a suggestion), ignores them, and takes everything else', () => {
    const result = parseConfig('{\n  "schedular": "fsrs",\n  "limits": {"newPerDay": 3, "perDay": 1}\n}')
    expect(result).toEqual({
      ok: true,
      config: { ...DEFAULT_CONFIG, limits: { ...DEFAULT_CONFIG.limits, newPerDay: 3 } },
      warnings: [
        { line: 2, column: 3, message: 'unknown key "schedular", ignored (did you mean "scheduler"?)' },
        { line: 3, column: 30, message: 'unknown key "limits.perDay", ignored' },
      ],
    })
  })

  it('warns of a key given twice (the last counts, as JSON.parse keeps it), in file order with the others', () => {
    const text =
      '{\n  "scheduler": "fsrs",\n  "limits": {"newPerDay": 3, "newPerDay": 5},\n  "scheduler": "sm2",\n  "x": 1\n}'
    const result = parseConfig(text)
    expect(result.ok && result.config.scheduler).toBe('sm2')
    expect(result.ok && result.config.limits.newPerDay).toBe(5)
    expect(result.ok && result.warnings).toEqual([
      {
        line: 3,
        column: 30,
        message: 'key "limits.newPerDay" given again (first on line 3): the last one counts, the earlier ignored',
      },
      {
        line: 4,
        column: 3,
        message: 'key "scheduler" given again (first on line 2): the last one counts, the earlier ignored',
      },
      { line: 5, column: 3, message: 'unknown key "x", ignored' },
    ])
    // Rows of an array are objects of their own: the same key in two of them is no duplicate.
    const rows = parseConfig(
      '{"hygiene": {"ignore": [{"rule": "stale", "file": "a"}, {"rule": "stale", "file": "b"}]}}',
    )
    expect(rows.ok && rows.warnings).toEqual([])
  })

  it('accepts "$schema" pointing at the shipped schema, without a warning', () => {
    const result = parseConfig(JSON.stringify({ $schema: './node_modules/notekeeper/schema/config.schema.json' }))
    expect(result).toEqual({ ok: true, config: DEFAULT_CONFIG, warnings: [] })
  })

  it('the shipped schema knows every key of the defaults, the schedulers, and nothing the defaults lack', () => {
    const keysOf = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0
        ? Object.entries(value).flatMap(([key, child]) => [`${prefix}${key}`, ...keysOf(child, `${prefix}${key}.`)])
        : []
    const schemaKeys = (node: SchemaNode, prefix = ''): string[] =>
      Object.entries(node.properties ?? {}).flatMap(([key, child]) => [
        `${prefix}${key}`,
        ...schemaKeys(child, `${prefix}${key}.`),
      ])
    expect(schemaKeys(CONFIG_SCHEMA).filter(key => key !== '$schema')).toEqual(keysOf(DEFAULT_CONFIG))
    expect(CONFIG_SCHEMA.properties?.['scheduler']?.enum).toEqual(SCHEDULERS)
    const packaged = JSON.parse(readFileSync(join(import.meta.dirname, '../../schema/config.schema.json'), 'utf8'))
    expect(packaged).toEqual(CONFIG_SCHEMA)
  })

  it("the schema's leechThreshold says what SPEC 1.6 counts: the days an item was failed, not its again lines", () => {
    // An editor shows this text over the key (ADR 0040): "this many again reviews" had a learner
    // set the threshold for relearning agains, which count once a day.
    const description = CONFIG_SCHEMA.properties?.['leechThreshold']?.description ?? ''
    expect(description).toMatch(/days/)
    expect(description).not.toMatch(/this many `again` reviews/)
  })
})
