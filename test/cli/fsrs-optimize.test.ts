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
