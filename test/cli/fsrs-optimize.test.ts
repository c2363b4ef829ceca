import { describe, expect, it, onTestFinished } from 'vitest'
import { cli } from '../support/cli.js'
import { tempCorpus } from '../support/temp-corpus.js'

// QA: `fsrs optimize` counted the reviews of ids no note declares any more toward its floor of
// 50 items, and said "42 of 50" of a corpus of 41 items.

describe('notekeeper fsrs optimize on too little history', () => {
  it('counts only the items notes declare toward the 50 it needs', async () => {
    const anchors = Array.from({ length: 41 }, (_, i) => `q${i}`)
    // Every item reviewed on two days, and one id that no note declares any more, likewise.
    const ids = [...anchors.map(a => `deck#${a}`), 'deck#gone']
    const log = ids
      .flatMap(item => [
        { item, date: '2026-11-01', grade: 'good' },
        { item, date: '2026-11-04', grade: 'good' },
      ])
      .map(line => `${JSON.stringify(line)}\n`)
      .join('')
    const folder = tempCorpus({
      'internalise/deck.adoc': `= Deck\n:intent: internalise\n\n[qanda]\n${anchors.map(a => `[[${a}]]Q ${a}?:: R ${a}.`).join('\n')}\n`,
      'internalise/.srs/log.jsonl': log,
    })
    onTestFinished(folder.remove)
    const result = await cli(['fsrs', 'optimize', '--corpus', folder.path, '--today', '2026-12-01'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(
      'Not enough history to fit FSRS weights yet: 9 more items reviewed on two different days (41 of 50 so far)\n',
    )
  })
})

// QA (Anki's expectations): `--write` re-dated 62 of 75 items at once, some into the past. Anki
// keeps due dates when its parameters change unless asked to reschedule; so does `--write` now,
// with FSRS active: the change is a switch that keeps the old weights' dates (SPEC 1.6).
describe('notekeeper fsrs optimize --write', () => {
  const GRADES = ['again', 'hard', 'good', 'good', 'good', 'easy']
  const DATES = ['2026-09-01', '2026-09-03', '2026-09-08', '2026-09-20', '2026-10-15', '2026-11-20']
  const corpus = (): string => {
    const anchors = Array.from({ length: 60 }, (_, i) => `q${i}`)
    let seed = 7
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const log = DATES.flatMap(date =>
      anchors.map(a => ({ item: `deck#${a}`, date, grade: GRADES[Math.floor(next() * GRADES.length)] })),
    )
    const folder = tempCorpus({
      'internalise/deck.adoc': `= Deck\n:intent: internalise\n\n[qanda]\n${anchors.map(a => `[[${a}]]Q ${a}?:: R ${a}.`).join('\n')}\n`,
      'internalise/.srs/log.jsonl': log.map(line => `${JSON.stringify(line)}\n`).join(''),
      'internalise/.srs/config.json': '{"scheduler": "fsrs"}\n',
    })
    onTestFinished(folder.remove)
    return folder.path
  }
  const dueDates = async (dir: string): Promise<Record<string, string>> => {
    const { readFileSync } = await import('node:fs')
    const state = JSON.parse(readFileSync(`${dir}/internalise/.srs/state.json`, 'utf8')) as Record<
      string,
      { next_due: string }
    >
    return Object.fromEntries(Object.entries(state).map(([id, entry]) => [id, entry.next_due]))
  }
  const TODAY = '2026-11-25'

  it("keeps every due date until each item's next review, and says so; --reschedule re-dates them at once", async () => {
    const kept = corpus()
    expect((await cli(['replay', '--corpus', kept, '--today', TODAY])).code).toBe(0)
    const before = await dueDates(kept)
    const write = await cli(['fsrs', 'optimize', '--write', '--corpus', kept, '--today', TODAY])
    expect(write.code, write.stderr).toBe(0)
    expect(write.stdout).toContain(
      `recorded as a switch dated ${TODAY}: every item keeps its due date until its next review`,
    )
    expect(await dueDates(kept)).toEqual(before)
    const validate = await cli(['validate', '--dry-run', '--corpus', kept, '--today', TODAY])
    expect(validate.stdout).toContain('0 errors')
    expect(validate.stdout).not.toContain('state-drift')

    const redated = corpus()
    expect((await cli(['replay', '--corpus', redated, '--today', TODAY])).code).toBe(0)
    const all = await cli(['fsrs', 'optimize', '--write', '--reschedule', '--corpus', redated, '--today', TODAY])
    expect(all.code, all.stderr).toBe(0)
    expect(all.stdout).toMatch(/state\.json derived again with them: [1-9]\d* of 60 items have a new due date/)
    expect(await dueDates(redated)).not.toEqual(before)
  })
})
