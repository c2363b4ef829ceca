import { describe, expect, it } from 'vitest'
import { aliasCycles, aliasResolver, canonicalId } from '../../src/core/aliases.js'
import { DEFAULT_CONFIG, parseConfig } from '../../src/core/config.js'
import { replay } from '../../src/core/replay.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { validate } from '../../src/core/validate.js'
import { corpusOf, itemNote } from '../support/corpus-fixture.js'

// Aliases that go round (a → b → a) name no new id (SPEC 1.8). They used to stop at the last id
// before repeating: a's reviews counted for b and b's for a, two histories swapped, and nothing
// said so. Now the aliases of a cycle are ignored by the one resolution every reader asks
// (aliases.ts), and validate reports the cycle at its line of config.json.

describe('canonicalId on a cycle', () => {
  const cycle = { 'n#a': 'n#b', 'n#b': 'n#a' }

  it('counts each id of the cycle for itself, wherever the walk begins', () => {
    expect(canonicalId('n#a', cycle)).toBe('n#a')
    expect(canonicalId('n#b', cycle)).toBe('n#b')
    expect(canonicalId('n#a', { 'n#a': 'n#a' })).toBe('n#a')
  })

  it('stops a chain that runs into a cycle at the id where it enters', () => {
    const aliases = { 'n#old': 'n#a', 'n#a': 'n#b', 'n#b': 'n#c', 'n#c': 'n#a' }
    expect(canonicalId('n#old', aliases)).toBe('n#a')
    for (const id of ['n#a', 'n#b', 'n#c']) expect(canonicalId(id, aliases)).toBe(id)
  })

  it('is idempotent: resolving what it gave gives it again', () => {
    const aliases = { x: 'y', y: 'z', z: 'y', p: 'q', q: 'p', r: 'p', s: 't' }
    const resolve = aliasResolver(aliases)
    for (const id of ['x', 'y', 'z', 'p', 'q', 'r', 's', 't', 'u']) expect(resolve(resolve(id))).toBe(resolve(id))
  })

  it('never loops, however long the cycle', () => {
    const aliases: Record<string, string> = {}
    for (let k = 0; k < 100_000; k++) aliases[`n#${k}`] = `n#${(k + 1) % 100_000}`
    expect(canonicalId('n#5', aliases)).toBe('n#5')
    expect(aliasCycles(aliases)).toHaveLength(1)
  })
})

describe('aliasCycles', () => {
  it('lists each cycle once, from its first alias in the file, and nothing for chains', () => {
    expect(aliasCycles({ a: 'b', b: 'c' })).toEqual([])
    expect(aliasCycles({ b: 'a', a: 'b', x: 'x', old: 'b', p: 'q', q: 'r', r: 'p' })).toEqual([
      ['b', 'a'],
      ['x'],
      ['p', 'q', 'r'],
    ])
  })

  it('comes out of parseConfig with the line and column of its first alias', () => {
    const text = '{\n  "aliases": {\n    "n#b": "n#a",\n    "n#a": "n#b",\n    "n#old": "n#c"\n  }\n}\n'
    const parsed = parseConfig(text)
    expect(parsed.ok && parsed.aliasCycles).toEqual([{ ids: ['n#b', 'n#a'], line: 3, column: 5 }])
    expect(parseConfig('{"aliases": {"a": "b"}}')).not.toHaveProperty('aliasCycles')
  })
})

describe('replay and validate on a cycle', () => {
  const note = itemNote('internalise/n.adoc', ['a', 'b'], {
    title: 'N',
    attributes: [{ name: 'intent', value: 'internalise', line: 2 }],
    items: [
      { id: 'n#a', anchor: 'a', prompt: 'Q', response: 'R', line: 5 },
      { id: 'n#b', anchor: 'b', prompt: 'Q2', response: 'R2', line: 6 },
    ],
  })
  const aliases = { 'n#a': 'n#b', 'n#b': 'n#a' }
  const reviews = [
    { item: 'n#a', date: '2026-11-20', grade: 'good' as const, line: 1 },
    { item: 'n#b', date: '2026-11-21', grade: 'again' as const, line: 2 },
  ]
  const corpus = {
    ...corpusOf([note], reviews, { ...DEFAULT_CONFIG, aliases }),
    aliasCycles: [{ ids: ['n#a', 'n#b'], line: 3, column: 5 }],
  }

  it('agree: each item keeps its own reviews, and validate reports the cycle on its line, saying what to remove', () => {
    const replayed = replay({
      reviews,
      declared: ['n#a', 'n#b'],
      previous: null,
      today: '2026-11-30',
      scheduler: leitner(),
      aliases,
    })
    expect(replayed['n#a']).toEqual({ level: 2, next_due: '2026-11-23', reps: 1 })
    expect(replayed['n#b']).toEqual({ level: 1, next_due: '2026-11-22', reps: 1 })
    const result = validate(corpus, '2026-11-30')
    expect(result.state).toEqual(replayed)
    const found = result.findings.filter(f => f.rule === 'alias-cycle')
    expect(found).toMatchObject([
      { severity: 'error', file: 'internalise/.srs/config.json', line: 3, cycle: ['n#a', 'n#b'] },
    ])
    expect(found[0]?.message).toContain('"n#a" → "n#b" → "n#a" go round in a circle')
    // Both ids are declared: both aliases take reviews away from a declared item.
    expect(found[0]?.message).toContain('remove the aliases "n#a": "n#b" and "n#b": "n#a"')
    expect(result.findings.filter(f => f.rule === 'log-unknown-item')).toEqual([])
  })
})
