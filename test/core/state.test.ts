import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  entriesEqual,
  journalStateChanges,
  parseState,
  StateSerializer,
  StateTextMatch,
  serializeState,
  serializesTo,
} from '../../src/core/state.js'
import type { State, StateEntry } from '../../src/core/types.js'

describe('serializeState', () => {
  it('writes ids in JavaScript default sort order, two spaces, a final newline', () => {
    const state: State = {
      'lang/french#tu-vous': { level: 1, next_due: '2026-05-02', reps: 0 },
      'English#Zed': { level: 2, next_due: '2026-06-02', reps: 1 },
      'english#need-action': { level: 2, next_due: '2026-06-02', reps: 3 },
      'english#few-little': { level: 6, next_due: '2026-12-01', reps: 9 },
    }
    const text = serializeState(state)
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'English#Zed',
      'english#few-little',
      'english#need-action',
      'lang/french#tu-vous',
    ])
    expect(text.endsWith('}\n')).toBe(true)
    expect(text).toContain(
      '\n  "english#need-action": {\n    "level": 2,\n    "next_due": "2026-06-02",\n    "reps": 3\n  }',
    )
  })

  it('gives the same bytes whatever order the entries were built in', () => {
    const a: State = { 'b#1': { next_due: '2026-01-02', reps: 0 }, 'a#1': { next_due: '2026-01-03', reps: 1 } }
    const b: State = { 'a#1': { next_due: '2026-01-03', reps: 1 }, 'b#1': { next_due: '2026-01-02', reps: 0 } }
    expect(serializeState(a)).toBe(serializeState(b))
  })

  it('writes an empty state as an empty object', () => {
    expect(serializeState({})).toBe('{}\n')
  })
})

describe('parseState', () => {
  const entry = { level: 2, next_due: '2026-06-02', reps: 3 }

  it('reads back what serializeState writes', () => {
    const state: State = {
      'english#need-action': entry,
      'x#fsrs': { next_due: '2026-07-01', reps: 2, stability: 3.25, difficulty: 5.5 },
    }
    expect(parseState(serializeState(state))).toEqual({ state, invalid: [] })
  })

  it('takes no file, an empty file or a byte-order mark in its stride', () => {
    expect(parseState(null)).toEqual({ state: {}, invalid: [] })
    expect(parseState('')).toEqual({ state: {}, invalid: [] })
    expect(parseState('\ufeff{"a#1": {"level": 2, "next_due": "2026-06-02", "reps": 3}}')).toEqual({
      state: { 'a#1': entry },
      invalid: [],
    })
  })

  it('is an error when the file is not JSON, or not an object of entries', () => {
    for (const text of ['{"a#1": {', '[]', '42', 'null']) {
      const result = parseState(text)
      expect('error' in result, text).toBe(true)
    }
  })

  it("keeps an entry whose id is __proto__ as an entry, not as the state object's prototype", () => {
    const parsed = parseState('{"__proto__": {"level": 2, "next_due": "2026-06-02", "reps": 3}, "a#1": {"bad": 1}}')
    const valid = parseState('{"__proto__": {"level": 2, "next_due": "2026-06-02", "reps": 3}}')
    for (const result of [parsed, valid]) {
      if (!('state' in result)) throw new Error('not parsed')
      expect(Object.getPrototypeOf(result.state)).toBe(Object.prototype)
      expect(Object.hasOwn(result.state, '__proto__')).toBe(true)
    }
    expect('state' in parsed && parsed.invalid.map(d => d.id)).toEqual(['a#1'])
  })

  it('leaves out and names entries that lack a calendar next_due or a whole reps', () => {
    const text = JSON.stringify({
      'ok#1': entry,
      'bad#date': { level: 1, next_due: '2026-02-30', reps: 0 },
      'bad#reps': { level: 1, next_due: '2026-02-03', reps: -1 },
      'bad#fraction': { level: 1, next_due: '2026-02-03', reps: 1.5 },
      'bad#missing': { level: 1 },
      'bad#array': [],
    })
    const parsed = parseState(text)
    expect('state' in parsed && parsed.state).toEqual({ 'ok#1': entry })
    expect('state' in parsed && parsed.invalid.map(d => [d.id, d.line])).toEqual([
      ['bad#date', 1],
      ['bad#reps', 1],
      ['bad#fraction', 1],
      ['bad#missing', 1],
      ['bad#array', 1],
    ])
  })

  it('leaves out a next_due outside the supported dates, as the log refuses such a date, naming its line', () => {
    const state: Record<string, unknown> = {
      'first#ok': { level: 1, next_due: '1900-01-01', reps: 0 },
      'last#ok': { level: 1, next_due: '2999-12-31', reps: 0 },
      'early#bad': { level: 1, next_due: '1899-12-31', reps: 0 },
      'late#bad': { level: 1, next_due: '3000-01-01', reps: 2 },
      'far#bad': { level: 1, next_due: '9999-12-31', reps: 0 },
    }
    const parsed = parseState(`${JSON.stringify(state, null, 2)}\n`)
    if (!('state' in parsed)) throw new Error('not parsed')
    expect(Object.keys(parsed.state)).toEqual(['first#ok', 'last#ok'])
    // Each entry takes five lines ({, level, next_due, reps, }): keys on lines 2, 7, 12, 17, 22.
    expect(parsed.invalid).toEqual([
      {
        id: 'early#bad',
        line: 12,
        problem: '"next_due" 1899-12-31 is outside the supported range 1900-01-01 to 2999-12-31',
      },
      {
        id: 'late#bad',
        line: 17,
        problem: '"next_due" 3000-01-01 is outside the supported range 1900-01-01 to 2999-12-31',
      },
      {
        id: 'far#bad',
        line: 22,
        problem: '"next_due" 9999-12-31 is outside the supported range 1900-01-01 to 2999-12-31',
      },
    ])
  })
})

describe('entriesEqual', () => {
  const entry = { level: 2, next_due: '2026-06-02', reps: 3 }

  it('sees any change of value, added or missing field as a difference', () => {
    expect(entriesEqual(entry, { ...entry })).toBe(true)
    expect(entriesEqual(entry, { ...entry, reps: 4 })).toBe(false)
    expect(entriesEqual(entry, { ...entry, next_due: '2026-06-03' })).toBe(false)
    expect(entriesEqual(entry, { next_due: '2026-06-02', reps: 3 })).toBe(false)
    expect(entriesEqual(entry, { ...entry, extra: null })).toBe(false)
    expect(entriesEqual(entry, { ...entry, level: '2' })).toBe(false)
    expect(entriesEqual(entry, undefined)).toBe(false)
    expect(entriesEqual(undefined, undefined)).toBe(true)
  })

  it('compares as JSON: key order aside, nested values included, undefined fields as absent', () => {
    expect(entriesEqual(entry, { reps: 3, next_due: '2026-06-02', level: 2 })).toBe(true)
    expect(entriesEqual({ ...entry, w: [1, { a: 2 }] }, { ...entry, w: [1, { a: 2 }] })).toBe(true)
    expect(entriesEqual({ ...entry, w: [1, { a: 2 }] }, { ...entry, w: [1, { a: 3 }] })).toBe(false)
    expect(entriesEqual({ ...entry, w: [1, 2] }, { ...entry, w: [2, 1] })).toBe(false)
    expect(entriesEqual({ ...entry, gone: undefined }, entry)).toBe(true)
  })

  it('says what comparing their JSON says, on random entries (property)', () => {
    // Validate compares 30,000 entries; the comparison counts own keys as it meets them rather
    // than listing them. Held here to its definition: the JSON texts of two entries, keys sorted.
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map(key => [key, sorted((value as Record<string, unknown>)[key])]),
            )
          : value
    const key = fc.constantFrom('level', 'next_due', 'reps', 'w', '__proto__', 'constructor', '0')
    const leaf = fc.oneof(fc.constantFrom(1, 2, '2', null, true), fc.string({ maxLength: 2 }))
    // An undefined field is absent, as in JSON; inside an array JSON would write it as null.
    const value = fc.letrec(tie => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), tie('object')),
      object: fc.dictionary(key, fc.oneof(tie('value'), fc.constant(undefined)), { maxKeys: 4 }),
    }))
    const entryOf = value.object as fc.Arbitrary<Record<string, unknown>>
    fc.assert(
      fc.property(entryOf, entryOf, fc.boolean(), (a, b, same) => {
        const other = same ? (JSON.parse(JSON.stringify(a)) as Record<string, unknown>) : b
        const asJson = JSON.stringify(sorted(a)) === JSON.stringify(sorted(other))
        expect(entriesEqual(a as StateEntry, other as StateEntry)).toBe(asJson)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('serializesTo: whether a text is serializeState’s, without making it', () => {
  const ids = ['a#1', 'b#2', 'c#3', 'é#4', '"q#5', 'a#10']
  const entry = fc.record({
    level: fc.nat(6),
    next_due: fc.constantFrom('2026-12-01', '2026-12-24'),
    reps: fc.nat(40),
    extra: fc.option(fc.array(fc.double({ noNaN: true }), { maxLength: 2 }), { nil: undefined }),
  })
  const states = fc.dictionary(fc.constantFrom(...ids), entry)
  it('says yes to serializeState’s own text, and no to any other state’s text or an edit of it (property)', () => {
    fc.assert(
      fc.property(states, states, fc.nat(), fc.string({ minLength: 1, maxLength: 3 }), (state, other, at, edit) => {
        const text = serializeState(state)
        expect(serializesTo(state, text)).toBe(true)
        expect(serializesTo(state, serializeState(other))).toBe(serializeState(other) === text)
        const place = at % (text.length + 1)
        const edited = text.slice(0, place) + edit + text.slice(place)
        expect(serializesTo(state, edited)).toBe(edited === text)
        // One character changed, the length kept: a part must be compared whole, not only measured.
        const swap = at % text.length
        const changed = text.slice(0, swap) + (text[swap] === 'x' ? 'y' : 'x') + text.slice(swap + 1)
        expect(serializesTo(state, changed)).toBe(false)
        expect(serializesTo(state, text.slice(0, place))).toBe(place === text.length)
      }),
      { numRuns: 500 },
    )
  })
  it('gives the same answer for the text in pieces, split anywhere (StateTextMatch, property)', () => {
    fc.assert(
      fc.property(
        states,
        states,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom('own', 'other', 'edited'),
        fc.nat(),
        (state, other, cuts, which, at) => {
          const own = serializeState(state)
          // An edit keeps the length and is cut around, so that it falls inside a part split in two.
          const place = at % own.length
          const text =
            which === 'own'
              ? own
              : which === 'other'
                ? serializeState(other)
                : own.slice(0, place) + (own[place] === 'x' ? 'y' : 'x') + own.slice(place + 1)
          const splits = [
            ...cuts.map(cut => cut % (text.length + 1)),
            ...(which === 'edited' ? [place, place + 1] : []),
          ]
          const places = [...new Set(splits)].sort((a, b) => a - b)
          const match = new StateTextMatch(state)
          let from = 0
          let going = true
          for (const end of [...places, text.length]) {
            going = match.push(text.slice(from, end)) && going
            from = end
          }
          expect(going && match.end()).toBe(text === own)
          expect(serializesTo(state, text)).toBe(text === own)
        },
      ),
      { numRuns: 500 },
    )
  })
  it('says no to the same entries written otherwise: compact JSON, CRLF, no final newline, a BOM', () => {
    const state: State = {
      'b#x': { level: 2, next_due: '2026-12-01', reps: 3 },
      'a#y': { next_due: '2026-12-02', reps: 1 },
    }
    const text = serializeState(state)
    expect(serializesTo(state, text)).toBe(true)
    for (const other of [JSON.stringify(state), text.replace(/\n/g, '\r\n'), text.slice(0, -1), `\ufeff${text}`])
      expect(serializesTo(state, other)).toBe(false)
    expect(serializesTo({}, '{}\n')).toBe(true)
    expect(serializesTo({}, '{}')).toBe(false)
    expect(serializesTo({ 'a#1': undefined } as unknown as State, '{}\n')).toBe(true)
  })
})

describe('the incremental state serializer', () => {
  const ids = ['a#1', 'b#2', 'c#3', 'd#4', 'e#5', 'f#6', 'g#7', 'h#8', 'i#9', 'j#10', 'k#11', 'l#12', 'é#13', '"q#14']
  const entry = fc.record({
    level: fc.nat(6),
    next_due: fc.constantFrom('2026-12-01', '2026-12-24'),
    reps: fc.nat(40),
  })
  it('gives serializeState’s bytes after any sequence of changes, few or many, to one state or copies of it', () => {
    const step = fc.oneof(
      fc.record({ set: fc.constantFrom(...ids), entry }),
      fc.record({ remove: fc.constantFrom(...ids) }),
      fc.record({ many: fc.array(fc.record({ id: fc.constantFrom(...ids), entry }), { maxLength: 12 }) }),
      fc.constant({ copy: true }),
      fc.constant({ same: true }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), steps => {
        const serializer = new StateSerializer()
        let state: State = {}
        for (const change of steps) {
          if ('set' in change) state[change.set] = change.entry
          else if ('remove' in change) delete state[change.remove]
          else if ('many' in change) for (const { id, entry } of change.many) state[id] = entry
          else if ('copy' in change) state = { ...state }
          expect(serializer.serialize(state)).toBe(serializeState(state))
        }
      }),
      { numRuns: 500 },
    )
  })

  it('gives serializeState’s bytes when the changes are journaled, as a derived state changed in place is (property)', () => {
    const step = fc.oneof(
      { weight: 4, arbitrary: fc.array(fc.record({ id: fc.constantFrom(...ids), entry }), { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.record({ remove: fc.constantFrom(...ids) }) },
      { weight: 1, arbitrary: fc.constant('serialize' as const) },
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), steps => {
        const serializer = new StateSerializer()
        const state: State = {}
        for (const id of ids.slice(0, 10)) state[id] = { level: 1, next_due: '2026-12-01', reps: 0 }
        expect(serializer.serialize(state)).toBe(serializeState(state))
        for (const change of steps) {
          if (change === 'serialize') expect(serializer.serialize(state)).toBe(serializeState(state))
          else if ('remove' in change) {
            delete state[change.remove]
            journalStateChanges(state, [change.remove])
          } else {
            for (const { id, entry: value } of change) state[id] = value
            journalStateChanges(
              state,
              change.map(c => c.id),
            )
          }
        }
        expect(serializer.serialize(state)).toBe(serializeState(state))
      }),
      { numRuns: 500 },
    )
  })

  it('gives serializeState’s bytes as entries change, appear and vanish', () => {
    const serializer = new StateSerializer()
    expect(serializer.serialize({})).toBe(serializeState({}))
    const state: State = {
      'b#x': { level: 2, next_due: '2026-12-01', reps: 3 },
      'a#y': { next_due: '2026-12-02', reps: 1, stability: 2.5, history: [1, 2] },
    }
    expect(serializer.serialize(state)).toBe(serializeState(state))
    state['a#y'] = { next_due: '2026-12-09', reps: 2, stability: 7.25, history: [1, 2, 3] }
    state['c#z'] = { level: 1, next_due: '2026-12-01', reps: 0 }
    expect(serializer.serialize(state)).toBe(serializeState(state))
    delete state['b#x']
    expect(serializer.serialize(state)).toBe(serializeState(state))
    expect(serializer.serialize({})).toBe('{}\n')
  })
})
