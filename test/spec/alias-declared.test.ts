import { describe, expect, it } from 'vitest'
import { cli } from '../support/cli.js'
import { config, LOG, logOf, makeCorpus, qandaNote, read, run } from './corpus-kit.js'

// SPEC 1.8 `aliases` and 2.2 `alias-declared`: an alias renames `deck#old` to `deck#new`, and the
// note declares `deck#old` again (a new item given the old id, or a rename undone with the alias
// left). Every review under `deck#old` counts for `deck#new`, so the declared `deck#old` can
// have no history of its own: before, practice showed it every day, wrote each of its grades
// under `deck#new` (moving that item's date, for good: the log is append-only), and printed a
// date in the past.

const DECK = 'internalise/deck.adoc'
const TODAY = '2026-12-22'

function corpus(): string {
  return makeCorpus({
    [DECK]: qandaNote('Deck', ['new', 'old']),
    ...config({ aliases: { 'deck#old': 'deck#new' } }),
    [LOG]: logOf([['deck#new', '2026-12-01', 'good']]),
  })
}

describe('an id a note declares while an alias renames it away', () => {
  it('validate reports it at the item, naming the id its reviews count for', async () => {
    const result = await run(corpus(), TODAY, 'validate', '--dry-run', '--json')
    expect(result.code).toBe(1)
    const findings = (JSON.parse(result.stdout) as { findings: Record<string, unknown>[] }).findings
    expect(findings.filter(f => f.rule === 'alias-declared')).toEqual([
      expect.objectContaining({ severity: 'error', file: DECK, line: 6, item: 'deck#old', alias: 'deck#new' }),
    ])
  })

  it('is never due, and practice never shows it nor writes a line for it', async () => {
    const dir = corpus()
    // A writing command on an earlier day registers what it takes for declared items (SPEC 1.5).
    expect((await run(dir, '2026-12-05', 'replay')).code).toBe(0)
    const due = await run(dir, TODAY, 'due', '--json')
    expect(due.code, due.stderr).toBe(0)
    expect(due.stdout).not.toContain('deck#old')
    const before = read(dir, LOG)
    const practice = await cli(['practice', '--corpus', dir, '--today', TODAY], ['x', '3'])
    expect(practice.stdout).not.toContain('Prompt of old')
    // The one item practised is deck#new, and its date moved forward, never into the past.
    expect(read(dir, LOG)).toBe(`${before}{"item":"deck#new","date":"${TODAY}","grade":"good"}\n`)
    expect(practice.stdout).toContain('good: next due 2026-12-29')
  })

  it("undo of the declared old id is refused too: it would move the other item's date", async () => {
    const dir = corpus()
    const before = read(dir, LOG)
    const result = await run(dir, TODAY, 'undo', 'deck#old')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('"deck#old" is declared in internalise/deck.adoc')
    expect(read(dir, LOG)).toBe(before)
  })

  it('grade of the declared old id is refused, nothing appended', async () => {
    const dir = corpus()
    const before = read(dir, LOG)
    const result = await run(dir, TODAY, 'grade', 'deck#old', 'good')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('"deck#old" is declared in internalise/deck.adoc')
    expect(result.stderr).toContain('rename it to "deck#new"')
    expect(read(dir, LOG)).toBe(before)
  })
})
