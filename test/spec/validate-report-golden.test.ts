import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONFIG, type Files, LOG, makeCorpus, run, STATE } from './corpus-kit.js'

// A large-ish validate report held to its bytes (SPEC 2.2 and 3): the text report and --json of
// one corpus with a finding of nearly every validate rule, a log over 1 MB (its 1 MB chunks end
// inside a quoted line) with a BOM, CRLF lines, bytes that are not UTF-8 and control characters,
// quoted lines cut with `…`, and a --json of several pieces. The golden files were written by the
// code before the report was written in pieces and the log's lines read as it streams by
// (origin/main at 72eb8e8); regenerate them only for a change of what validate reports:
//   NOTEKEEPER_WRITE_GOLDEN=1 npx vitest run --project unit-utc test/spec/validate-report-golden.test.ts

const GOLDEN = join(import.meta.dirname, '..', 'fixtures', 'validate-report')
const TODAY = '2026-05-10'

/** A small deterministic generator (mulberry32): the corpus is the same on every run. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'théta', 'iota', 'kappa', 'lambda']
const GRADES = ['again', 'hard', 'good', 'easy'] as const
/** Reviews in the log: over 1 MB of it, the Node vault's chunk (`readChunks`). */
const REVIEWS = 17_000
const CHUNK = 1 << 20

/** Calendar dates from 2025-01-01 on, `day` days later. */
function dateOf(day: number): string {
  return new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10)
}

function goldenCorpus(): Files {
  const next = random(20261204)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
  const files: Files = {}
  const items: string[] = []
  for (let n = 0; n < 40; n++) {
    const folder = `internalise/part-${n % 4}`
    const name = `note-${n}`
    const lines = [`= Note ${n}`, ':intent: internalise', n === 3 ? ':updated: 2026-13-01' : ':created: 2025-02-01', '']
    lines.push('[#s1]', `== ${words(3)}`, '', words(12), '', '[qanda]')
    for (let q = 1; q <= 8; q++) {
      const id = n === 5 && q === 8 ? 'q1' : `q${q}`
      // Every third note's prompts run past the quote's width: the report cuts them with `…`.
      const prompt = n % 3 === 0 ? words(30) : words(6)
      lines.push(`[[${id}]]${prompt}?:: ${words(8)}`)
      if (!(n === 5 && q === 8)) items.push(`part-${n % 4}/${name}#${id}`)
    }
    if (n === 11) items.push(`part-${n % 4}/${name}#unique`)
    if (n === 7) lines.push('Prompt without an id?:: and its response')
    if (n === 11) lines.push(`[[unique]]${words(5)}?:: ${words(5)}`)
    const missing = n % 8 === 0 ? ` and xref:missing-${n % 5}.adoc[]` : ''
    lines.push('', `See xref:../part-${(n + 1) % 4}/note-${n + 1}.adoc#s1[the next]${missing}.`)
    if (n === 9) lines.push('', '----', 'an unterminated listing')
    files[`${folder}/${name}.adoc`] = `${lines.join('\n')}\n`
  }
  for (let n = 0; n < 6; n++) {
    const source = n % 4 === 0 ? '' : ':source: https://example.org/\n'
    const intent = n === 2 ? 'track' : 'reference'
    files[`reference/ref-${n}.adoc`] =
      `= Ref ${n}\n:intent: ${intent}\n${source}\n== Part\n\n<<nowhere-${n}>> and xref:page$x.adoc[] and xref:../internalise/part-1/note-${n}.adoc#q${n % 10}[an item].\n`
  }
  files['track/board.adoc'] = '= Board\n\n== Now\n\n* [ ] something\n'
  files[CONFIG] = JSON.stringify({ aliases: { 'part-0/note-0#old': 'part-0/note-0#q1', 'a#x': 'a#y', 'a#y': 'a#x' } })
  // The log: a BOM, then 17,000 reviews (over 1 MB), some lines CRLF, a few malformed.
  const log: string[] = []
  const future = new Set<number>()
  for (let k = 0; k < 20; k++) future.add(Math.floor(next() * REVIEWS))
  // The bytes written so far (the BOM is 3): the line the Node vault's first 1 MB chunk ends in,
  // and a few around it, are future-dated, so that the report quotes a line read in two chunks.
  let bytes = 3
  const push = (text: string): void => {
    log.push(text)
    bytes += Buffer.byteLength(text) + 1
  }
  for (let k = 0; k < REVIEWS; k++) {
    const item = items[k % items.length] as string
    const leech = item.endsWith('0#q2') || item.startsWith('part-1/note-5#')
    const grade = leech && k % 3 === 0 ? 'again' : next() < 0.03 ? 'again' : pick(GRADES.slice(1))
    let date = dateOf(Math.floor((k / REVIEWS) * 480))
    const ends = bytes + Buffer.byteLength(JSON.stringify({ item, date, grade })) + (k % 97 === 0 ? 2 : 1)
    if (future.has(k) || (ends > CHUNK - 400 && bytes < CHUNK + 400 && k % 2 === 0) || (bytes < CHUNK && ends > CHUNK))
      date = dateOf(500 + (k % 40))
    const text = JSON.stringify({ item, date, grade })
    push(k % 97 === 0 ? `${text}\r` : text)
    if (k === 100) push('{"item": "part-1/note-1#q1", "date": "2026-02-30", "grade": "good"}')
    if (k === 200) push('{"item": "bad\u0007bytes \ufffd", "date": "2026-01-01"')
    if (k === 300) push(JSON.stringify({ item: 'part-2/gone#q1', date: dateOf(100), grade: 'good' }))
    if (k === 301) push(JSON.stringify({ item: 'part-0/note-0#old', date: dateOf(101), grade: 'hard' }))
    if (k === 302) push(JSON.stringify({ item: 'part-3/moved#unique', date: dateOf(102), grade: 'good' }))
    if (k === 400) push(JSON.stringify({ void: 'good', item, date }))
  }
  files[LOG] = `\ufeff${log.join('\n')}\n`
  return files
}

/**
 * state.json as validate writes it for the corpus, then changed: entries drifted, one damaged,
 * one of no item, some missing (their items are then new).
 */
async function withChangedState(dir: string): Promise<void> {
  await run(dir, TODAY, 'validate')
  const path = join(dir, STATE)
  const state = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { reps: number; next_due: string }>
  const ids = Object.keys(state)
  for (const [k, id] of ids.entries()) {
    const entry = state[id] as { reps: number; next_due: string }
    if (k % 37 === 0) delete state[id]
    else if (k % 29 === 0) state[id] = { ...entry, reps: entry.reps + 1 }
    else if (k === 100) state[id] = { ...entry, next_due: 'soon' }
  }
  state['part-9/none#q1'] = { next_due: '2026-06-01', reps: 0 }
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`)
}

/** The corpus with a byte that is not UTF-8 in the log's malformed line (makeCorpus writes text). */
function withInvalidBytes(dir: string): void {
  const path = join(dir, LOG)
  const bytes = readFileSync(path)
  const at = bytes.indexOf(Buffer.from('\ufffd', 'utf8'))
  // U+FFFD's three bytes become 0xC3 0x28 0xFF: a broken two-byte sequence and a byte UTF-8 never has.
  bytes.set([0xc3, 0x28, 0xff], at)
  writeFileSync(path, bytes)
}

describe('a large-ish validate report, byte for byte (golden)', () => {
  it('gives the text report and --json it gave before the report was written in pieces', async () => {
    const files = goldenCorpus()
    for (const json of [false, true]) {
      const dir = makeCorpus(files)
      withInvalidBytes(dir)
      await withChangedState(dir)
      const result = await run(dir, TODAY, 'validate', '--dry-run', ...(json ? ['--json'] : []))
      const name = json ? 'report-json.txt' : 'report.txt'
      // The corpus folder is a fresh temporary one: its name is taken out of the report's title.
      const stdout = result.stdout.replaceAll(dir, '<corpus>')
      if (process.env['NOTEKEEPER_WRITE_GOLDEN'] === '1')
        writeFileSync(join(GOLDEN, name), `exit ${result.code}\n${result.stderr}---\n${stdout}`)
      const golden = readFileSync(join(GOLDEN, name), 'utf8')
      expect(`exit ${result.code}\n${result.stderr}---\n${stdout}`).toBe(golden)
    }
  })
})
