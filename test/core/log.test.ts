import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { appendText, formatReviewLine } from '../../src/core/log/format.js'
import { parseLog } from '../../src/core/log/parse.js'
import { GRADES } from '../../src/core/types.js'

const FIXTURES = fileURLToPath(new URL('../fixtures/logs/', import.meta.url))
const logs = readdirSync(FIXTURES)
  .filter(name => name.endsWith('.jsonl'))
  .sort()

describe('parseLog on the fixture logs', () => {
  it('has the fixtures the brief lists', () => {
    for (const name of [
      'bom',
      'crlf',
      'blank-lines',
      'no-final-newline',
      'truncated',
      'wrong-grade',
      'bad-date',
      'non-object',
      'missing-field',
      'number-item',
    ]) {
      expect(logs).toContain(`${name}.jsonl`)
    }
  })

  it.each(logs)('%s gives exactly the expected reviews and findings', name => {
    const text = readFileSync(`${FIXTURES}${name}`, 'utf8')
    const expected: unknown = JSON.parse(
      readFileSync(`${FIXTURES}${name.replace(/\.jsonl$/, '.expected.json')}`, 'utf8'),
    )
    expect(parseLog(text)).toEqual(expected)
  })
})

describe('parseLog', () => {
  it('names the file it is given in its findings', () => {
    const { findings } = parseLog('oops\n', 'elsewhere/log.jsonl')
    expect(findings).toEqual([
      {
        rule: 'log-malformed',
        severity: 'error',
        file: 'elsewhere/log.jsonl',
        line: 1,
        message: 'not a valid review: not valid JSON',
      },
    ])
  })

  it('says a git conflict marker is one, and that the reviews on both sides of it still count', () => {
    const text = [
      '{"item":"a#x","date":"2026-01-01","grade":"good"}',
      '<<<<<<< HEAD',
      '{"item":"a#x","date":"2026-01-02","grade":"hard"}',
      '||||||| merged common ancestors',
      '=======',
      '{"item":"a#x","date":"2026-01-03","grade":"easy"}',
      '>>>>>>> laptop',
      '',
    ].join('\n')
    const { reviews, findings } = parseLog(text, 'internalise/.srs/log.jsonl')
    expect(findings.map(f => [f.line, f.message])).toEqual(
      [2, 4, 5, 7].map(line => [
        line,
        "not a valid review: a git conflict marker: the log was merged without Notekeeper's merge driver (`notekeeper git setup` sets it up, and `notekeeper sync` merges the log then); delete the marker lines and keep the reviews of both sides",
      ]),
    )
    expect(reviews.map(r => r.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03'])
  })

  it('keeps counting the rest of the log after a bad line, with each line number right', () => {
    const text = [
      '{"item":"a#x","date":"2026-01-01","grade":"good"}',
      '{"item":"a#x","date":"2026-01-0',
      '',
      '{"item":"b#y","date":"2026-01-02","grade":"again"}',
    ].join('\r\n')
    const { reviews, findings } = parseLog(`\ufeff${text}`)
    expect(reviews.map(r => [r.item, r.line])).toEqual([
      ['a#x', 1],
      ['b#y', 4],
    ])
    expect(findings.map(f => f.line)).toEqual([2])
  })

  it('reads back whatever the writer writes, in order (property)', () => {
    const review = fc.record({
      item: fc.string({ minLength: 1, unit: 'grapheme' }),
      date: fc
        .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
        .map(d => d.toISOString().slice(0, 10)),
      grade: fc.constantFrom(...GRADES),
    })
    fc.assert(
      fc.property(fc.array(review, { maxLength: 20 }), fc.boolean(), (written, crlf) => {
        let text = appendText(null, written.map(formatReviewLine))
        if (crlf) text = text.replaceAll('\n', '\r\n')
        const { reviews, findings } = parseLog(text)
        expect(findings).toEqual([])
        expect(reviews).toEqual(written.map((r, index) => ({ ...r, line: index + 1 })))
      }),
    )
  })
})

describe('formatReviewLine', () => {
  it('writes exactly item, date, grade in that order, one line', () => {
    expect(formatReviewLine({ item: 'english#need-action', date: '2026-05-30', grade: 'good' })).toBe(
      '{"item":"english#need-action","date":"2026-05-30","grade":"good"}\n',
    )
  })

  it('writes no other field, even from a review read with its line number', () => {
    expect(formatReviewLine({ grade: 'again', date: '2026-05-31', item: 'a#x', line: 12 } as never)).toBe(
      '{"item":"a#x","date":"2026-05-31","grade":"again"}\n',
    )
  })

  it('escapes what JSON needs escaped, so one review stays one line', () => {
    const line = formatReviewLine({ item: 'odd "id"\nwith a newline#x', date: '2026-05-30', grade: 'hard' })
    expect(line.indexOf('\n')).toBe(line.length - 1)
    expect(parseLog(line).reviews[0]?.item).toBe('odd "id"\nwith a newline#x')
  })
})

describe('appendText', () => {
  const line = '{"item":"a#x","date":"2026-05-30","grade":"good"}\n'

  it('adds a newline first when the file does not end in one, so no line is joined to another', () => {
    expect(appendText('{"item":"b#y","date":"2026-05-29","grade":"easy"}', [line])).toBe(`\n${line}`)
    expect(appendText('{"x":1}\r', [line])).toBe(`\n${line}`)
  })

  it('adds nothing before the lines when the file ends in a newline, is empty or does not exist', () => {
    expect(appendText('{"x":1}\n', [line])).toBe(line)
    expect(appendText('{"x":1}\r\n', [line])).toBe(line)
    expect(appendText('', [line])).toBe(line)
    expect(appendText(null, [line, line])).toBe(line + line)
  })

  it('ends every line, even one given without its newline', () => {
    expect(appendText(null, ['{"a":1}', '{"b":2}\n'])).toBe('{"a":1}\n{"b":2}\n')
  })

  it('keeps every earlier line intact when the result is added to the file', () => {
    const existing = '{"item":"b#y","date":"2026-05-29","grade":"easy"}'
    const { reviews, findings } = parseLog(existing + appendText(existing, [line]))
    expect(findings).toEqual([])
    expect(reviews.map(r => r.item)).toEqual(['b#y', 'a#x'])
  })
})
