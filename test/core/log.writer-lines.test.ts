import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseLog } from '../../src/core/log/parse.js'
import { GRADES, type Review } from '../../src/core/types.js'

// parseLog reads the writers' own line shape without JSON.parse. Whatever a line looks like,
// it must count exactly as JSON.parse reads it: this reference does only that, slowly.

/** A real calendar date in the supported range, 1900-01-01 to 2999-12-31 (ADR 0004). */
function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  const real = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  return real && value >= '1900-01-01' && value <= '2999-12-31'
}

function reference(text: string): { reviews: Review[]; malformedLines: number[] } {
  const reviews: Review[] = []
  const malformedLines: number[] = []
  text
    .replace(/^\ufeff/, '')
    .split('\n')
    .forEach((withEnd, index) => {
      const raw = withEnd.endsWith('\r') ? withEnd.slice(0, -1) : withEnd
      if (raw.trim() === '') return
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        malformedLines.push(index + 1)
        return
      }
      const { item, date, grade } = (
        typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
      ) as Record<string, unknown>
      const valid =
        typeof item === 'string' &&
        item !== '' &&
        isCalendarDate(date) &&
        (GRADES as readonly unknown[]).includes(grade)
      if (valid) reviews.push({ item, date, grade, line: index + 1 } as Review)
      else malformedLines.push(index + 1)
    })
  return { reviews, malformedLines }
}

const dateArb = fc.oneof(
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
    .map(d => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    '1899-12-31',
    '1900-01-01',
    '2999-12-31',
    '3000-01-01',
    '9999-12-31',
    '0000-01-01',
    '2024-02-29',
    '2023-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-1-01',
    '2026-01-1',
    '+02026-01-01',
    '2026/01/01',
  ),
)
const itemArb = fc.oneof(
  fc.constantFrom('lang/french#tu-vous', 'a#1', '', 'x"y', 'back\\slash', 'tab\there', 'new\nline', 'é#ü', '\ud800'),
  fc.string({ unit: 'binary', maxLength: 12 }),
)
const gradeArb = fc.oneof(fc.constantFrom(...GRADES), fc.constantFrom('', 'GOOD', 'goods', 'goo', 'again ', 'toString'))

/** The writer's line, then what hands and other tools do to it. */
const lineArb = fc
  .tuple(
    itemArb,
    dateArb,
    gradeArb,
    fc.nat(),
    fc.constantFrom('asis', 'space', 'extra', 'order', 'truncate', 'replace', 'duplicate', 'escape', 'raw'),
    fc.string({ unit: 'binary', maxLength: 2 }),
  )
  .map(([item, date, grade, at, change, noise]) => {
    const line = `{"item":${JSON.stringify(item)},"date":"${date}","grade":"${grade}"}`
    const cut = at % (line.length + 1)
    switch (change) {
      case 'asis':
        return line
      case 'space':
        return `${line.slice(0, cut)} ${line.slice(cut)}`
      case 'extra':
        return `${line.slice(0, -1)},"note":"x"}`
      case 'order':
        return `{"grade":"${grade}","date":"${date}","item":${JSON.stringify(item)}}`
      case 'truncate':
        return line.slice(0, cut)
      case 'replace':
        return `${line.slice(0, cut)}${noise}${line.slice(cut + 1)}`
      case 'duplicate':
        return `${line.slice(0, -1)},"item":"other#1"}`
      case 'escape':
        return line.replace('"item":"', '"item":"\\u0061')
      default:
        // The item as it is, quotes, backslashes and control characters unescaped.
        return `{"item":"${item}","date":"${date}","grade":"${grade}"}`
    }
  })

describe('parseLog reads every line as JSON.parse would', () => {
  it('gives the same reviews and flags the same lines, for writer lines and every change to them (property)', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 25 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (lines, crlf, bom, finalNewline) => {
          const text = `${bom ? '\ufeff' : ''}${lines.join(crlf ? '\r\n' : '\n')}${finalNewline ? '\n' : ''}`
          const expected = reference(text)
          const { reviews, findings } = parseLog(text)
          expect(reviews).toEqual(expected.reviews)
          expect(findings.map(finding => finding.line)).toEqual(expected.malformedLines)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('reads a large log of writer lines, with the odd hand-written line among them, in order', () => {
    const lines: string[] = []
    for (let i = 0; i < 20_000; i++) {
      const item = `part-${i % 7}/note-${i % 311}#q${i % 5}`
      const date = `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`
      lines.push(
        i % 1000 === 999
          ? `{ "grade": "easy", "item": "${item}", "date": "${date}" }`
          : `{"item":"${item}","date":"${date}","grade":"${GRADES[i % 4]}"}`,
      )
    }
    const { reviews, findings } = parseLog(`${lines.join('\n')}\n`)
    expect(findings).toEqual([])
    expect(reviews).toHaveLength(20_000)
    expect(reviews[999]).toEqual({ item: 'part-5/note-66#q4', date: '2026-01-20', grade: 'easy', line: 1000 })
    expect(reviews[19_998]).toEqual({ item: 'part-6/note-94#q3', date: '2026-01-07', grade: 'good', line: 19_999 })
  })
})
