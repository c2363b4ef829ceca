import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { firstLostLine, firstRewrittenLine } from '../../src/core/log/growth.js'

// The two questions sync asks of a log before it commits, merges or pushes it (SPEC 4.3).

const [a, b, c] = ['{"item":"w#a","date":"2026-12-01","grade":"good"}', '{"item":"w#b"}', '{"item":"w#c"}']

describe('a log that only grew', () => {
  it('begins with the committed log line for line: appends pass, a changed, removed or extended line is named', () => {
    expect(firstRewrittenLine('', `${a}\n`)).toBeNull()
    expect(firstRewrittenLine(`${a}\n`, `${a}\n${b}\n`)).toBeNull()
    expect(firstRewrittenLine(`${a}\r\n${b}\r\n`, `${a}\n${b}\n${c}\n`)).toBeNull() // \r aside
    expect(firstRewrittenLine(`${a}\n${b}`, `${a}\n${b}\n${c}\n`)).toBeNull() // the newline put first
    expect(firstRewrittenLine(`${a}\n${b}`, `${a}\n${b}${c}\n`)).toEqual({ line: 2, text: b }) // joined in place
    expect(firstRewrittenLine(`${a}\n${b}\n`, `${a.replace(':', ': ')}\n${b}\n`)).toEqual({ line: 1, text: a })
    expect(firstRewrittenLine(`${a}\n${b}\n${c}\n`, `${a}\n`)).toEqual({ line: 2, text: b })
    expect(firstRewrittenLine(`${a}\n`, '')).toEqual({ line: 1, text: a })
  })

  it('holds every line of an earlier log, counting repeats, in any order (a merge puts lines by date)', () => {
    expect(firstLostLine(`${a}\n${b}\n`, `${b}\n${c}\n${a}\n`)).toBeNull()
    expect(firstLostLine(`${a}\n\n${b}\n`, `${a}\n${b}\n`)).toBeNull() // blank lines are not reviews
    expect(firstLostLine(`${a}\n${a}\n`, `${a}\n${b}\n`)).toEqual({ line: 2, text: a })
    expect(firstLostLine(`${a}\n${b}\n`, `${a}\n${b.replace(':', ': ')}\n`)).toEqual({ line: 2, text: b })
  })
})

describe('the answers on long logs are the line-by-line ones', () => {
  // The line-by-line readings, as the functions read before they skipped what both logs share.
  const lines = (text: string): string[] => {
    const all = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n')
    if (all[all.length - 1] === '') all.pop()
    return all.map(line => (line.endsWith('\r') ? line.slice(0, -1) : line))
  }
  const rewritten = (committed: string, current: string) => {
    const before = lines(committed)
    const after = lines(current)
    const index = before.findIndex((line, i) => after[i] !== line)
    return index < 0 ? null : { line: index + 1, text: before[index] }
  }
  const lost = (earlier: string, later: string) => {
    const left = new Map<string, number>()
    for (const line of lines(later)) if (line.trim() !== '') left.set(line, (left.get(line) ?? 0) + 1)
    const before = lines(earlier)
    for (const [index, line] of before.entries()) {
      if (line.trim() === '') continue
      const count = left.get(line) ?? 0
      if (count === 0) return { line: index + 1, text: line }
      left.set(line, count - 1)
    }
    return null
  }
  // Logs made of few distinct lines (repeats, blanks, \r, a mark), long enough to cross the
  // 64 K characters compared at a time, then grown, cut, edited or shuffled.
  const piece = fc.constantFrom(a, b, c, '', `${a}\r`, '\uFEFF', 'x'.repeat(5000))
  const log = fc.array(piece, { maxLength: 40 }).map(parts => parts.map(part => `${part}\n`).join(''))
  const later = (earlier: string) =>
    fc.oneof(
      log.map(tail => earlier + tail),
      fc.nat({ max: earlier.length }).map(cut => earlier.slice(0, cut)),
      fc
        .tuple(fc.nat({ max: earlier.length }), piece)
        .map(([at, part]) => earlier.slice(0, at) + part + earlier.slice(at)),
      log.map(tail => (earlier + tail).split('\n').reverse().join('\n')),
    )
  it('agree with the line-by-line readings on grown, cut, edited and reordered logs', () => {
    fc.assert(
      fc.property(
        log.chain(earlier => fc.tuple(fc.constant(earlier), later(earlier))),
        ([earlier, next]) => {
          expect(firstRewrittenLine(earlier, next)).toEqual(rewritten(earlier, next))
          expect(firstLostLine(earlier, next)).toEqual(lost(earlier, next))
        },
      ),
      { numRuns: 400 },
    )
  })
})
