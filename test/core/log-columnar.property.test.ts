import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { readReviewLog, reviewLogFromText } from '../../src/app/read-log.js'
import type { Aliases } from '../../src/core/aliases.js'
import { canonicalId } from '../../src/core/aliases.js'
import { LOG_PATH } from '../../src/core/corpus.js'
import { columnarReviewLog } from '../../src/core/log/columnar-log.js'
import { LogReader, readLogText } from '../../src/core/log/log-reader.js'
import { parseLog } from '../../src/core/log/parse.js'
import { type ReviewLog, reviewLogOf } from '../../src/core/log/review-log.js'
import { applyVoids, unmatchedVoidFinding } from '../../src/core/log/voids.js'
import { foldEachReview, replay } from '../../src/core/replay.js'
import { fsrsScheduler } from '../../src/core/schedulers/fsrs.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { passfail } from '../../src/core/schedulers/passfail.js'
import { sm2Scheduler } from '../../src/core/schedulers/sm2.js'
import { GRADES, type Review } from '../../src/core/types.js'

// The columnar log (log-reader.ts + columnar-log.ts) against the plain one built from parseLog's
// objects, which is what every reader of the log saw before: on random logs mixing the writers'
// lines with everything a person, an editor or another tool may leave in the file.

const ids = ['a#x', 'b#y', 'c#z', 'n#é', 'n#日本', 'p/q.adoc#r', 'x#"q"', 'x#\\s', 'sp ace#1']
const dates = ['2026-01-01', '2026-01-02', '2025-12-31', '2026-02-29', '1899-12-31', '3000-01-01', '2024-02-29']
const grade = fc.constantFrom(...GRADES, 'great', '')

// Few ids, dates and grades, so that voids find several reviews they could take.
const dense = fc.tuple(
  fc.constantFrom('a#x', 'b#y'),
  fc.constantFrom('2026-01-01', '2025-12-31'),
  fc.constantFrom('good', 'again'),
)

const line = fc.oneof(
  { weight: 6, arbitrary: dense.map(writer) },
  { weight: 3, arbitrary: dense.map(voidLine) },
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...dates), grade).map(writer) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...dates), grade).map(voidLine) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...ids), fc.constantFrom(...dates), grade)
      .map(([item, date, g]) => JSON.stringify({ date, grade: g, item, extra: [1] })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '   ',
      '\t',
      '\u00a0',
      '\ufeff{"item":"a#x","date":"2026-01-01","grade":"good"}',
      '{"item":"a#x","date":"2026-01-01","grade":"good"} ',
      '{"item":"a#x","date":"2026-01-01","grade":"good"}\r',
      '{ "item": "a#x", "date": "2026-01-01", "grade": "good" }',
      '{"item":"a\\u0023x","date":"2026-01-01","grade":"good"}',
      '{"item":"a#x","date":"2026-01-01","grade":"good"',
      '{"item":"","date":"2026-01-01","grade":"good"}',
      '{"item":"a#x","date":"2026-13-01","grade":"good"}',
      '{"item":"a#x","date":"2026-01-01","grade":"goodx"}',
      '{"item":"a#x","date":"2026-01-01","grade":"good"}x',
      '[1,2]',
      'null',
      'not json',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)

function writer([item, date, g]: [string, string, string]): string {
  return `{"item":${JSON.stringify(item)},"date":"${date}","grade":"${g}"}`
}
function voidLine([item, date, g]: [string, string, string]): string {
  return JSON.stringify({ item, date, void: g })
}

const log = fc.record({
  lines: fc.array(line, { maxLength: 60 }),
  bom: fc.boolean(),
  crlf: fc.boolean(),
  finalNewline: fc.boolean(),
})
const textOf = (l: { lines: string[]; bom: boolean; crlf: boolean; finalNewline: boolean }): string =>
  (l.bom ? '\ufeff' : '') + l.lines.join(l.crlf ? '\r\n' : '\n') + (l.finalNewline && l.lines.length > 0 ? '\n' : '')

const aliasesArb: fc.Arbitrary<Aliases> = fc.constantFrom<Aliases>(
  {},
  { 'a#x': 'b#y' },
  { 'a#x': 'b#y', 'b#y': 'c#z' },
  { 'a#x': 'b#y', 'b#y': 'a#x' },
  { 'n#é': 'new#id' },
)

/** The log as it was built before the columnar one: parseLog's objects, voids applied, in the plain ReviewLog. */
function plainLog(text: string, aliases: Aliases): ReviewLog {
  const parsed = parseLog(text, LOG_PATH)
  const voided = applyVoids(parsed.reviews, parsed.voids ?? [], id => canonicalId(id, aliases))
  return reviewLogOf(voided.counted, {
    aliases,
    present: true,
    voids: parsed.voids ?? [],
    findings: [...parsed.findings, ...voided.unmatched.map(v => unmatchedVoidFinding(v, LOG_PATH))],
  })
}

/** Everything a reader can ask of a log, for the ids given (and the ids it names). */
function answers(l: ReviewLog, asked: readonly string[]) {
  const named = [...new Set([...asked, ...l.items(), ...l.all().map(r => r.item)])].sort()
  return {
    size: l.size,
    present: l.present,
    all: l.all(),
    items: [...l.items()].sort(),
    voids: l.voids,
    findings: l.findings,
    histories: Object.fromEntries(named.map(id => [id, l.historyOf(id)])),
    lastDates: Object.fromEntries(named.map(id => [id, l.lastDateOf?.(id) ?? null])),
    // Validate's future-dated reviews: the end of the history dated after each day, as objects.
    after: Object.fromEntries(named.map(id => [id, dates.map(date => reviewsAfter(l, id, date))])),
  }
}

/** `reviewsAfter`, held to what it stands for: the reviews of the history dated after `date`. */
function reviewsAfter(l: ReviewLog, id: string, date: string): readonly Review[] | undefined {
  const after = l.reviewsAfter?.(id, date)
  if (after !== undefined) expect(after).toEqual(l.historyOf(id).filter(review => review.date > date))
  return after
}

const asked = [...ids, 'b#y', 'new#id', 'unknown#id']

describe('the columnar review log', () => {
  it('answers every question as the plain log of parseLog does, on random logs (property)', () => {
    fc.assert(
      fc.property(log, aliasesArb, (l, aliases) => {
        const text = textOf(l)
        expect(answers(reviewLogFromText(text, aliases), asked)).toEqual(answers(plainLog(text, aliases), asked))
      }),
      { numRuns: 400 },
    )
  })

  it('reads the same log whatever chunks its bytes come in, lines and characters cut anywhere (property)', () => {
    fc.assert(
      fc.property(log, fc.array(fc.nat(), { maxLength: 8 }), (l, cuts) => {
        const text = textOf(l)
        const bytes = new TextEncoder().encode(text)
        const points = [...new Set(cuts.map(c => c % (bytes.length + 1)))].sort((a, b) => a - b)
        const reader = new LogReader()
        let from = 0
        // Each chunk is copied into one reused buffer, as the Node vault hands them out.
        const reused = new Uint8Array(bytes.length + 1)
        for (const to of [...points, bytes.length]) {
          reused.set(bytes.subarray(from, to))
          reader.push(reused.subarray(0, to - from))
          reused.fill(0x7b)
          from = to
        }
        const chunked = columnarReviewLog(reader.end(), {})
        expect(answers(chunked, asked)).toEqual(answers(columnarReviewLog(readLogText(text), {}), asked))
      }),
      { numRuns: 300 },
    )
  })

  it('grows by withReview as the plain log does, the earlier logs unchanged, branches apart (property)', () => {
    const appended = fc.tuple(fc.constantFrom(...ids), fc.constantFrom('2026-01-01', '2025-06-01', '2027-01-01'))
    fc.assert(
      fc.property(log, aliasesArb, fc.array(appended, { maxLength: 12 }), (l, aliases, more) => {
        const text = textOf(l)
        let columnar = reviewLogFromText(text, aliases)
        let plain = plainLog(text, aliases)
        const first = answers(columnar, asked)
        const branchFrom = columnar
        for (const [k, [item, date]] of more.entries()) {
          const review: Review = { item, date, grade: GRADES[k % 4] ?? 'good', line: 1000 + k }
          columnar = columnar.withReview(review)
          plain = plain.withReview(review)
        }
        expect(answers(columnar, asked)).toEqual(answers(plain, asked))
        expect(answers(branchFrom, asked)).toEqual(first)
        // A second branch from the first log shares nothing with the first one's additions.
        const other = branchFrom.withReview({ item: 'a#x', date: '2026-03-03', grade: 'easy', line: 5000 })
        expect(other.size).toBe(branchFrom.size + 1)
        expect(answers(branchFrom, asked)).toEqual(first)
        expect(answers(columnar, asked)).toEqual(answers(plain, asked))
      }),
      { numRuns: 200 },
    )
  })

  it('takes a review back by withVoid as reading the log again with the void line does (property)', () => {
    // Valid lines only: a writer voids what it graded, on a supported calendar date.
    const correction = fc.tuple(
      fc.constantFrom(...ids),
      fc.constantFrom('2026-01-01', '2026-01-02', '2025-12-31', '2024-02-29'),
      fc.constantFrom(...GRADES),
    )
    fc.assert(
      fc.property(log, aliasesArb, fc.array(correction, { maxLength: 4 }), (l, aliases, corrections) => {
        // A log that ends with a newline, as the writers leave it, so that each void is its next line.
        const text = textOf({ ...l, finalNewline: true, crlf: false })
        let columnar = reviewLogFromText(text, aliases)
        // Grown past its groups too, as a long practice session leaves it.
        columnar = columnar.withReview({
          item: 'a#x',
          date: '2026-01-01',
          grade: 'good',
          line: text.split('\n').length,
        })
        let written = `${text}${writer(['a#x', '2026-01-01', 'good'])}\n`
        for (const [item, date, grade] of corrections) {
          const lineNo = written.split('\n').length
          columnar = columnar.withVoid?.({ item, date, void: grade, line: lineNo }) ?? columnar
          written += `${voidLine([item, date, grade])}\n`
        }
        const again = reviewLogFromText(written, aliases)
        const lines = (l: ReviewLog) => l.all().map(r => [r.item, r.date, r.grade])
        expect(lines(columnar)).toEqual(lines(again))
        expect(answers(columnar, asked).items).toEqual(answers(again, asked).items)
        for (const id of asked)
          expect(columnar.historyOf(id).map(r => r.date + r.grade)).toEqual(
            again.historyOf(id).map(r => r.date + r.grade),
          )
        expect(columnar.findings.map(f => f.rule)).toEqual(again.findings.map(f => f.rule))
        expect(columnar.voids.length).toBe(again.voids.length)
      }),
      { numRuns: 200 },
    )
  })

  it('replays to the same state under every scheduler as the objects do, before and after withReview (property)', () => {
    const schedulers = [
      leitner(),
      passfail(),
      sm2Scheduler({ fuzz: true }),
      fsrsScheduler({ retention: 0.9, weights: [], fuzz: true }),
    ]
    fc.assert(
      fc.property(log, aliasesArb, fc.constantFrom(...schedulers), (l, aliases, scheduler) => {
        const text = textOf(l)
        const columnar = reviewLogFromText(text, aliases)
        const plain = plainLog(text, aliases)
        const common = { declared: asked, previous: null, today: '2026-06-01', scheduler }
        // The definition (SPEC 1.5): each id's reviews applied one at a time, no fast fold of any kind.
        const byDefinition = (l: ReviewLog) =>
          Object.fromEntries(
            asked.map(id => [id, foldEachReview(scheduler.initial('2026-06-02'), l.historyOf(id), scheduler)]),
          )
        expect(replay({ ...common, log: columnar })).toEqual(byDefinition(plain))
        const review: Review = { item: 'a#x', date: '2025-01-01', grade: 'easy', line: 0 }
        expect(replay({ ...common, log: columnar.withReview(review) })).toEqual(byDefinition(plain.withReview(review)))
      }),
      { numRuns: 200 },
    )
  })

  it('is read the same through a vault that hands out chunks as through one that reads text', async () => {
    const lines = Array.from({ length: 3000 }, (_, k) =>
      writer([ids[k % ids.length] as string, `2026-01-${String((k % 28) + 1).padStart(2, '0')}`, 'good']),
    )
    const text = `\ufeff${lines.join('\r\n')}\n{"item":"a#x","date":"2026-01-01","void":"good"}\nbroken\n`
    const vault = memoryVault({ [LOG_PATH]: text })
    expect(vault.readChunks).toBeDefined()
    const chunked = await readReviewLog(vault, {})
    const { readChunks: _, ...textOnly } = vault
    const whole = await readReviewLog(textOnly, {})
    expect(chunked.size).toBe(2999)
    expect(chunked.findings.map(f => f.line)).toEqual([3002])
    expect(answers(chunked, asked)).toEqual(answers(whole, asked))
    expect(answers(chunked, asked)).toEqual(answers(plainLog(text, {}), asked))
  })
})
