import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseLog } from '../../src/core/log/parse.js'
import { applyVoids, formatVoidLine } from '../../src/core/log/voids.js'
import { GRADES } from '../../src/core/types.js'

const review = (item: string, date: string, grade: string) => JSON.stringify({ item, date, grade })
const voidOf = (item: string, date: string, grade: string) => JSON.stringify({ item, date, void: grade })

/** The lines of a log that count after its voids, as `line:grade` strings. */
function countedLines(lines: string[]): string[] {
  const parsed = parseLog(`${lines.join('\n')}\n`)
  return applyVoids(parsed.reviews, parsed.voids ?? []).counted.map(r => `${r.line}:${r.grade}`)
}

describe('void lines (SPEC 1.4 undo)', () => {
  it('are read as voids, not as malformed reviews, and written with exactly three fields', () => {
    const line = formatVoidLine({ item: 'english#need-action', date: '2026-12-01', grade: 'good' })
    expect(line).toBe('{"item":"english#need-action","date":"2026-12-01","void":"good"}\n')
    const parsed = parseLog(line)
    expect(parsed.findings).toEqual([])
    expect(parsed.reviews).toEqual([])
    expect(parsed.voids).toEqual([{ item: 'english#need-action', date: '2026-12-01', void: 'good', line: 1 }])
  })

  it('reports a void with a bad grade or date as log-malformed, naming the line', () => {
    const parsed = parseLog(
      `${review('a#x', '2026-01-01', 'good')}\n{"item":"a#x","date":"2026-01-01","void":"great"}\n`,
    )
    expect(parsed.findings).toHaveLength(1)
    expect(parsed.findings[0]).toMatchObject({ rule: 'log-malformed', line: 2 })
    expect(String(parsed.findings[0]?.message)).toContain('"void" must be one of')
  })

  it('takes the latest earlier review of that item, date and grade, and only that one', () => {
    expect(
      countedLines([
        review('a#x', '2026-12-01', 'good'),
        review('a#x', '2026-12-01', 'again'),
        review('a#x', '2026-12-01', 'good'),
        voidOf('a#x', '2026-12-01', 'good'),
      ]),
    ).toEqual(['1:good', '2:again'])
  })

  it('lets a void take a review that no earlier void has taken (two undos take two reviews)', () => {
    expect(
      countedLines([
        review('a#x', '2026-12-01', 'good'),
        review('a#x', '2026-12-01', 'good'),
        voidOf('a#x', '2026-12-01', 'good'),
        voidOf('a#x', '2026-12-01', 'good'),
        voidOf('a#x', '2026-12-01', 'good'),
      ]),
    ).toEqual([])
    const parsed = parseLog(
      [
        review('a#x', '2026-12-01', 'good'),
        voidOf('a#x', '2026-12-01', 'good'),
        voidOf('a#x', '2026-12-01', 'good'),
      ].join('\n'),
    )
    expect(applyVoids(parsed.reviews, parsed.voids ?? []).unmatched.map(v => v.line)).toEqual([3])
  })

  it('never reaches down the file: a void above its review, or of another date, grade or item, is unmatched', () => {
    const parsed = parseLog(
      [
        voidOf('a#x', '2026-12-01', 'good'),
        review('a#x', '2026-12-01', 'good'),
        voidOf('a#x', '2026-12-02', 'good'),
        voidOf('a#x', '2026-12-01', 'easy'),
        voidOf('b#y', '2026-12-01', 'good'),
      ].join('\n'),
    )
    const outcome = applyVoids(parsed.reviews, parsed.voids ?? [])
    expect(outcome.counted.map(r => r.line)).toEqual([2])
    expect(outcome.unmatched.map(v => v.line)).toEqual([1, 3, 4, 5])
  })

  it('matches through aliases: a void written under the new id takes a review written under the old one', () => {
    const parsed = parseLog([review('old#x', '2026-12-01', 'good'), voidOf('new#x', '2026-12-01', 'good')].join('\n'))
    const aliases: Record<string, string> = { 'old#x': 'new#x' }
    expect(applyVoids(parsed.reviews, parsed.voids ?? [], id => aliases[id] ?? id).counted).toEqual([])
  })

  it('gives every void of a union merge of two devices a review, whatever the interleaving, and the same counted content', () => {
    // Each device appends reviews and undoes some of them; a union merge keeps each device's lines
    // in their order but may interleave them in any way.
    const deviceLog = fc.array(
      fc.record({ item: fc.constantFrom('a#x', 'b#y'), grade: fc.constantFrom(...GRADES), undo: fc.boolean() }),
      { maxLength: 8 },
    )
    fc.assert(
      fc.property(deviceLog, deviceLog, fc.array(fc.boolean(), { maxLength: 40 }), (one, two, picks) => {
        const linesOf = (device: typeof one) =>
          device.flatMap(r => {
            const line = review(r.item, '2026-12-01', r.grade)
            return r.undo ? [line, voidOf(r.item, '2026-12-01', r.grade)] : [line]
          })
        const a = linesOf(one)
        const b = linesOf(two)
        const merged: string[] = []
        let i = 0
        let j = 0
        let k = 0
        while (i < a.length || j < b.length) {
          const fromA = j >= b.length || (i < a.length && (picks[k++] ?? true))
          merged.push(fromA ? (a[i++] as string) : (b[j++] as string))
        }
        const parsed = parseLog(merged.join('\n'))
        const outcome = applyVoids(parsed.reviews, parsed.voids ?? [])
        expect(outcome.unmatched).toEqual([])
        const kept = [...one, ...two].filter(r => !r.undo).map(r => `${r.item} ${r.grade}`)
        expect(outcome.counted.map(r => `${r.item} ${r.grade}`).sort()).toEqual(kept.sort())
      }),
      { numRuns: 300 },
    )
  })
})
