import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/core/dates.js'
import { parseLog } from '../../src/core/log/parse.js'
import { mergeLogs } from '../../src/core/merge/log.js'
import { replay } from '../../src/core/replay.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { GRADES } from '../../src/core/types.js'

// The log driver's rule (SPEC 4.2): base + (ours - base) + (theirs - base), as multisets, in one
// order whatever side is "ours".

const line = (item: string, date: string, grade: string): string => JSON.stringify({ item, date, grade })
const text = (lines: readonly string[]): string => lines.map(l => `${l}\n`).join('')
const sorted = (t: string): string[] => t.split('\n').filter(Boolean).sort()

const lineArb = fc
  .record({
    item: fc.constantFrom('a#1', 'a#2', 'b#1'),
    day: fc.integer({ min: 0, max: 4 }),
    grade: fc.constantFrom(...GRADES),
  })
  .map(({ item, day, grade }) => line(item, addDays('2026-12-01', day), grade))
const linesArb = fc.array(lineArb, { maxLength: 12 })

describe('the log merge', () => {
  it('keeps a line both sides added identically twice: the same grade, item and day on two devices is two reviews', () => {
    const base = text([line('a#1', '2026-11-30', 'good')])
    const same = line('a#1', '2026-12-01', 'good')
    const merged = mergeLogs(base, base + text([same]), base + text([same]))
    expect(merged).toBe(base + text([same, same]))
  })

  it('keeps the base bytes as they were and every added line, for any three logs where both sides grew the base', () => {
    fc.assert(
      fc.property(linesArb, linesArb, linesArb, (base, ours, theirs) => {
        const merged = mergeLogs(text(base), text([...base, ...ours]), text([...base, ...theirs]))
        expect(merged.startsWith(text(base))).toBe(true)
        expect(sorted(merged)).toEqual([...base, ...ours, ...theirs].sort())
      }),
    )
  })

  it('gives the same bytes whichever side is ours, so both devices end with one log', () => {
    fc.assert(
      fc.property(linesArb, linesArb, linesArb, (base, ours, theirs) => {
        const o = text(base)
        expect(mergeLogs(o, text([...base, ...ours]), text([...base, ...theirs]))).toBe(
          mergeLogs(o, text([...base, ...theirs]), text([...base, ...ours])),
        )
      }),
    )
  })

  it('keeps each side’s same-day lines in their order, so replay gives each side’s own fold for what it alone reviewed', () => {
    fc.assert(
      fc.property(linesArb, linesArb, (ours, theirs) => {
        const merged = mergeLogs('', text(ours), text(theirs))
        const onlyOurs = ours.filter(l => l.includes('"a#1"'))
        const theirsOther = theirs.filter(l => !l.includes('"a#1"'))
        // With theirs kept off a#1, a#1's history is ours alone: its state is what ours gives.
        const combined = mergeLogs('', text(onlyOurs), text(theirsOther))
        const state = (t: string) =>
          replay({
            reviews: parseLog(t).reviews,
            declared: ['a#1'],
            previous: null,
            today: '2026-12-01',
            scheduler: leitner(),
          })
        expect(state(combined)).toEqual(state(text(onlyOurs)))
        expect(sorted(merged)).toEqual([...ours, ...theirs].sort())
      }),
    )
  })

  it('brings back a base line one side deleted: no line is lost', () => {
    const kept = line('a#1', '2026-11-30', 'good')
    const base = text([kept])
    expect(sorted(mergeLogs(base, '', base))).toEqual([kept])
  })

  it('reads CRLF, a byte-order mark and a last line without a newline, and ends every line', () => {
    const base = `\ufeff${line('a#1', '2026-11-30', 'good')}\r\n`
    const ours = `${base}${line('a#2', '2026-12-01', 'hard')}`
    const theirs = `${base}${line('b#1', '2026-12-01', 'easy')}\r\n`
    const merged = mergeLogs(base, ours, theirs)
    expect(merged.startsWith(base)).toBe(true)
    expect(merged.endsWith('\n')).toBe(true)
    expect(parseLog(merged).reviews.map(r => r.item)).toEqual(['a#1', 'a#2', 'b#1'])
    expect(parseLog(merged).findings).toEqual([])
  })
})
