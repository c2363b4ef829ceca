import { describe, expect, it } from 'vitest'
import { changedPaths, config, type Files, makeCorpus, read, run, snapshot } from './corpus-kit.js'

// SPEC 1.3 and 3 `triage`: the view of Track notes and the edits, end to end.

const NOTE = 'track/reading.adoc'
const READING = [
  '= Reading list', //              1
  ':intent: track', //              2
  '', //                            3
  '== Now', //                      4
  '* Designing Data-Intensive Applications', // 5
  '', //                            6
  '== Next', //                     7
  '* The Pragmatic Programmer', //  8
  '** lent to Sam', //              9
  '', //                           10
  '== Done', //                    11
  '* Refactoring', //              12
  '',
].join('\n')

const corpus = (extra: Files = {}): string => makeCorpus({ [NOTE]: READING, ...extra })
const lines = (text: string): string[] => text.split('\n')

async function view(
  dir: string,
): Promise<{ notes: { file: string; statuses: { status: string; items: { line: number; text: string }[] }[] }[] }> {
  const result = await run(dir, null, 'triage', '--json')
  expect(result.code, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as Awaited<ReturnType<typeof view>>
}

describe('triage view', () => {
  it("gives the SPEC example's statuses in file order with each item's first line and text", async () => {
    expect(await view(corpus())).toEqual({
      notes: [
        {
          file: NOTE,
          statuses: [
            { status: 'Now', items: [{ line: 5, text: 'Designing Data-Intensive Applications' }] },
            { status: 'Next', items: [{ line: 8, text: 'The Pragmatic Programmer' }] },
            { status: 'Done', items: [{ line: 12, text: 'Refactoring' }] },
          ],
        },
      ],
    })
  })

  it('tracks top-level entries of every list kind in a section and its subsections; not lists before the first section', async () => {
    const dir = makeCorpus({
      'track/mixed.adoc': [
        '= Mixed',
        ':intent: track',
        '',
        '* before any section: untracked',
        '', // 1-5
        // Paragraphs between the lists: a different marker right after an entry would nest.
        '== Backlog',
        '- dash item',
        '',
        'Some text.',
        '',
        '. ordered item',
        '',
        'More text.',
        '', // 6-14
        '* [ ] open task',
        '* [x] done task',
        '', // 15-17
        '=== Sub',
        '* in a subsection',
        '** nested, not an item',
        '', // 18-21
        '== Empty',
        '',
        '== Ideas',
        '* an unranked status',
        '', // 22-26
      ].join('\n'),
      'track/deep/also.adoc': '= Also\n:intent: track\n\n== Someday\n* deep note item\n',
      'reference/r.adoc': '= R\n:intent: reference\n:source: me\n\n== Now\n* not a Track note\n',
    })
    const { notes } = await view(dir)
    expect(notes.map(n => n.file)).toEqual(['track/deep/also.adoc', 'track/mixed.adoc'])
    const mixed = notes[1]!
    expect(mixed.statuses.map(s => s.status)).toEqual(['Backlog', 'Empty', 'Ideas'])
    const backlog = mixed.statuses[0]!.items
    expect(backlog.map(i => i.line)).toEqual([7, 11, 15, 16, 19])
    expect(backlog[0]!.text).toBe('dash item')
    expect(backlog[1]!.text).toBe('ordered item')
    expect(backlog[2]!.text).toContain('open task')
    expect(backlog[4]!.text).toBe('in a subsection')
    expect(mixed.statuses[1]!.items).toEqual([])
  })
})

describe('triage edits', () => {
  it('promote moves the item with its nested content to the end of the rung above, every other byte kept', async () => {
    const dir = corpus()
    const before = snapshot(dir)
    const result = await run(dir, null, 'triage', 'promote', `${NOTE}:8`)
    expect(result.code, result.stderr).toBe(0)
    expect(lines(read(dir, NOTE))).toEqual([
      '= Reading list',
      ':intent: track',
      '',
      '== Now',
      '* Designing Data-Intensive Applications',
      '* The Pragmatic Programmer',
      '** lent to Sam',
      '',
      '== Next',
      '',
      '== Done',
      '* Refactoring',
      '',
    ])
    expect(changedPaths(before, snapshot(dir))).toEqual([NOTE])
  })

  it('demote puts the item after the last item of the rung below, before its blank lines', async () => {
    const dir = corpus()
    expect((await run(dir, null, 'triage', 'demote', `${NOTE}:5`)).code).toBe(0)
    expect(lines(read(dir, NOTE)).slice(3)).toEqual([
      '== Now',
      '',
      '== Next',
      '* The Pragmatic Programmer',
      '** lent to Sam',
      '* Designing Data-Intensive Applications',
      '',
      '== Done',
      '* Refactoring',
      '',
    ])
  })

  it('move creates a missing status section before the first lower-ranked one, titled as the ladder names it', async () => {
    const dir = corpus()
    expect((await run(dir, null, 'triage', 'move', `${NOTE}:12`, 'later')).code).toBe(0)
    const { notes } = await view(dir)
    expect(notes[0]!.statuses.map(s => [s.status, s.items.map(i => i.text)])).toEqual([
      ['Now', ['Designing Data-Intensive Applications']],
      ['Next', ['The Pragmatic Programmer']],
      ['Later', ['Refactoring']],
      ['Done', []],
    ])
    expect(read(dir, NOTE).startsWith(READING.split('== Done')[0]!)).toBe(true)
  })

  it('move to an existing status matches its title case-insensitively', async () => {
    const dir = corpus()
    expect((await run(dir, null, 'triage', 'move', `${NOTE}:5`, 'DONE')).code).toBe(0)
    expect(lines(read(dir, NOTE)).slice(-4)).toEqual([
      '== Done',
      '* Refactoring',
      '* Designing Data-Intensive Applications',
      '',
    ])
  })

  it('add appends a new item to a status; prune deletes an item with its nested content', async () => {
    const dir = corpus()
    expect((await run(dir, null, 'triage', 'add', NOTE, 'Next', 'Clean Code')).code).toBe(0)
    expect(lines(read(dir, NOTE)).slice(6, 11)).toEqual([
      '== Next',
      '* The Pragmatic Programmer',
      '** lent to Sam',
      '* Clean Code',
      '',
    ])
    expect((await run(dir, null, 'triage', 'prune', `${NOTE}:8`)).code).toBe(0)
    expect(lines(read(dir, NOTE)).slice(6, 9)).toEqual(['== Next', '* Clean Code', ''])
  })

  const refused: [string, string[]][] = [
    ['promote at the top rung', ['promote', `${NOTE}:5`]],
    ['demote of a final status', ['demote', `${NOTE}:12`]],
    ['promote of a final status', ['promote', `${NOTE}:12`]],
    ['an --expect text that differs', ['prune', `${NOTE}:8`, '--expect', 'The Pragmatic Programmer, 2nd ed.']],
    ['a line inside an item', ['prune', `${NOTE}:9`]],
  ]
  for (const [what, args] of refused) {
    it(`refuses ${what}: nonzero exit, a message, the file unchanged`, async () => {
      const dir = corpus()
      const before = snapshot(dir)
      const result = await run(dir, null, 'triage', ...args)
      expect(result.code).not.toBe(0)
      expect(result.stderr).not.toBe('')
      expect(changedPaths(before, snapshot(dir))).toEqual([])
    })
  }

  it('refuses an edit with exit 1 (SPEC 3), and applies it when --expect matches', async () => {
    const dir = corpus()
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:5`)).code).toBe(1)
    expect((await run(dir, null, 'triage', 'prune', `${NOTE}:8`, '--expect', 'The Pragmatic Programmer')).code).toBe(0)
    expect(read(dir, NOTE)).not.toContain('Pragmatic')
  })

  it('refuses demote at the bottom rung and promote or demote in an unranked status', async () => {
    const dir = makeCorpus({ [NOTE]: '= R\n:intent: track\n\n== Someday\n* far off\n\n== Ideas\n* unranked\n' })
    const before = snapshot(dir)
    for (const args of [
      ['demote', `${NOTE}:5`],
      ['promote', `${NOTE}:8`],
      ['demote', `${NOTE}:8`],
    ]) {
      expect((await run(dir, null, 'triage', ...args)).code).toBe(1)
    }
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })

  it('follows a ladder set in config.json', async () => {
    const dir = makeCorpus({
      [NOTE]: '= R\n:intent: track\n\n== Doing\n* a\n\n== Todo\n* b\n',
      ...config({ track: { ladder: ['Doing', 'Todo'], final: ['Shipped'] } }),
    })
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:8`)).code).toBe(0)
    expect(read(dir, NOTE)).toBe('= R\n:intent: track\n\n== Doing\n* a\n* b\n\n== Todo\n')
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:5`)).code).toBe(1)
  })

  it('matches ladder titles case-insensitively', async () => {
    const dir = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== NOW\n* a\n\n== next\n* b\n' })
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:8`)).code).toBe(0)
    expect(read(dir, NOTE)).toBe('= T\n:intent: track\n\n== NOW\n* a\n* b\n\n== next\n')
  })

  it("places a moved item after the target's last item, before a paragraph that follows it", async () => {
    const dir = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n* a\n\nNotes about now.\n\n== Next\n* b\n' })
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:10`)).code).toBe(0)
    expect(read(dir, NOTE)).toBe('= T\n:intent: track\n\n== Now\n* a\n* b\n\nNotes about now.\n\n== Next\n')
  })

  it('moves into an empty section right under its title', async () => {
    const dir = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n\n== Next\n* x\n' })
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:7`)).code).toBe(0)
    expect(read(dir, NOTE)).toBe('= T\n:intent: track\n\n== Now\n* x\n\n== Next\n')
  })

  it('moves an item with its attached (+) content', async () => {
    const dir = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n* a\n\n== Next\n* b\n+\nattached para\n* c\n' })
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:8`)).code).toBe(0)
    expect(read(dir, NOTE)).toBe('= T\n:intent: track\n\n== Now\n* a\n* b\n+\nattached para\n\n== Next\n* c\n')
  })

  it('creates a missing ladder section before the first lower-ranked one, skipping unranked ones', async () => {
    const dir = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n* a\n\n== Ideas\n* i\n\n== Done\n* d\n' })
    expect((await run(dir, null, 'triage', 'add', NOTE, 'Someday', 'new thing')).code).toBe(0)
    expect((await view(dir)).notes[0]!.statuses.map(s => [s.status, s.items.map(i => i.text)])).toEqual([
      ['Now', ['a']],
      ['Ideas', ['i']],
      ['Someday', ['new thing']],
      ['Done', ['d']],
    ])
  })

  it('creates a missing section at the end of the file when nothing ranks lower', async () => {
    const dir = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n* a\n\n== Ideas\n* i\n' })
    expect((await run(dir, null, 'triage', 'move', `${NOTE}:5`, 'Dropped')).code).toBe(0)
    expect((await view(dir)).notes[0]!.statuses.map(s => s.status)).toEqual(['Now', 'Ideas', 'Dropped'])
  })

  it('demote into a missing rung creates it between its neighbours', async () => {
    const dir = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n* a\n\n== Someday\n* s\n' })
    expect((await run(dir, null, 'triage', 'demote', `${NOTE}:5`)).code).toBe(0)
    expect(read(dir, NOTE)).toContain('== Now\n\n== Next\n* a\n')
    expect((await view(dir)).notes[0]!.statuses.map(s => s.status)).toEqual(['Now', 'Next', 'Someday'])
  })

  it('refuses to edit a note that is not a Track note', async () => {
    const dir = makeCorpus({ 'reference/r.adoc': '= R\n:intent: reference\n:source: me\n\n== Now\n* x\n' })
    const before = snapshot(dir)
    expect((await run(dir, null, 'triage', 'add', 'reference/r.adoc', 'Now', 'y')).code).not.toBe(0)
    expect((await run(dir, null, 'triage', 'prune', 'reference/r.adoc:6')).code).not.toBe(0)
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })
})

describe("triage edits keep the file's own bytes", () => {
  it('CRLF line ends, on the moved lines and on an added one', async () => {
    const dir = makeCorpus({ [NOTE]: '= T\r\n:intent: track\r\n\r\n== Now\r\n* a\r\n\r\n== Next\r\n* b\r\n' })
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:8`)).code).toBe(0)
    expect(read(dir, NOTE)).toBe('= T\r\n:intent: track\r\n\r\n== Now\r\n* a\r\n* b\r\n\r\n== Next\r\n')
    expect((await run(dir, null, 'triage', 'add', NOTE, 'Now', 'c')).code).toBe(0)
    expect(read(dir, NOTE)).toBe('= T\r\n:intent: track\r\n\r\n== Now\r\n* a\r\n* b\r\n* c\r\n\r\n== Next\r\n')
  })

  it('a byte-order mark', async () => {
    const dir = makeCorpus({ [NOTE]: '\uFEFF= T\n:intent: track\n\n== Now\n* a\n\n== Next\n* b\n' })
    expect((await run(dir, null, 'triage', 'promote', `${NOTE}:8`)).code).toBe(0)
    expect(read(dir, NOTE)).toBe('\uFEFF= T\n:intent: track\n\n== Now\n* a\n* b\n\n== Next\n')
  })

  it('a last line without a newline is never joined to a moved or added one', async () => {
    const moved = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n* a\n\n== Next\n* b' })
    expect((await run(moved, null, 'triage', 'promote', `${NOTE}:8`)).code).toBe(0)
    expect(read(moved, NOTE).startsWith('= T\n:intent: track\n\n== Now\n* a\n* b\n\n== Next')).toBe(true)
    const added = makeCorpus({ [NOTE]: '= T\n:intent: track\n\n== Now\n* a' })
    expect((await run(added, null, 'triage', 'add', NOTE, 'Now', 'b')).code).toBe(0)
    expect((await run(added, null, 'triage', 'add', NOTE, 'Done', 'z')).code).toBe(0)
    expect((await view(added)).notes[0]!.statuses.map(s => [s.status, s.items.map(i => i.text)])).toEqual([
      ['Now', ['a', 'b']],
      ['Done', ['z']],
    ])
  })
})
