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
