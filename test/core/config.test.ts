import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, parseConfig } from '../../src/core/config.js'

describe('config.json (SPEC 1.8)', () => {
  it('is the defaults when the file is absent or empty of keys', () => {
    expect(parseConfig(null)).toEqual({ ok: true, config: DEFAULT_CONFIG })
    expect(parseConfig('{}')).toEqual({ ok: true, config: DEFAULT_CONFIG })
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

  it('refuses FSRS weights that no FSRS version has', () => {
    const result = parseConfig('{"scheduler": "fsrs", "fsrs": {"weights": [1, 2, 3]}}')
    expect(!result.ok && result.finding.message).toContain('fsrs.weights')
  })
})
