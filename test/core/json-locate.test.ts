import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lineColumn, locateJson } from '../../src/core/json-locate.js'

const accepts = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

describe('locateJson', () => {
  it('finds each key by its path', () => {
    const text = '{\n  "a": 1,\n  "b": {"c": [1, {"d": 2}]}\n}'
    const result = locateJson(text)
    expect(result.ok).toBe(true)
    const keys = result.ok ? result.keys : new Map()
    expect([...keys.keys()]).toEqual(['a', 'b', 'b.c', 'b.c.1.d'])
    expect(lineColumn(text, keys.get('b.c.1.d'))).toEqual({ line: 3, column: 19 })
  })

  it('points at the first syntax error', () => {
    const text = '{\n  "scheduler": "leitner",,\n}'
    const result = locateJson(text)
    expect(result).toMatchObject({ ok: false, message: 'expected a key in double quotes' })
    expect(lineColumn(text, result.ok ? -1 : result.offset)).toEqual({ line: 2, column: 26 })
  })

  it('agrees with JSON.parse on what is JSON, for any value and for near-JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 2 }), (value, space) => {
        expect(locateJson(JSON.stringify(value, null, space)).ok).toBe(true)
      }),
    )
    const pieces = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"a"',
      '1',
      '-0.5e3',
      'true',
      'nul',
      ' ',
      '\n',
      '"\\u00',
      '01',
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), parts => {
        const text = parts.join('')
        expect(locateJson(text).ok).toBe(accepts(text))
      }),
      { numRuns: 2000 },
    )
  })

  it('takes deep nesting without overflowing the stack', () => {
    const depth = 200_000
    expect(locateJson('['.repeat(depth) + ']'.repeat(depth)).ok).toBe(true)
    expect(locateJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)).ok).toBe(true)
  })
})
