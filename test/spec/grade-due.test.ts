import { describe, expect, it } from 'vitest'
import { cli } from '../support/cli.js'
import {
  CONFIG,
  changedPaths,
  config,
  type Entry,
  exists,
  type Files,
  LOG,
  logLine,
  logOf,
  makeCorpus,
  qandaNote,
  read,
  readState,
  run,
  STATE,
  snapshot,
  writeFiles,
} from './corpus-kit.js'

// SPEC 3 `grade`, `due` and `practice`, with the daily limits of SPEC 1.8.

const DECK = 'internalise/deck.adoc'
const TODAY = '2026-05-10'

describe('notekeeper grade', () => {
  it('appends exactly one line dated --date and writes the entry a replay gives, even for an out-of-order date', async () => {
    const log = logOf([
      ['deck#a', '2026-05-01', 'good'],
      ['deck#a', '2026-05-08', 'good'],
    ])
    const dir = makeCorpus({ [DECK]: qandaNote('Deck', ['a', 'b']), [LOG]: log })
    const before = snapshot(dir)
    const result = await run(dir, TODAY, 'grade', 'deck#a', 'again', '--date', '2026-05-05')
    expect(result.code, result.stderr).toBe(0)
    expect(read(dir, LOG)).toBe(log + logLine('deck#a', '2026-05-05', 'again'))
    // again 05-05 falls between the two goods: level 1 on 05-05, then good 05-08 gives level 2.
    expect(readState(dir)['deck#a']).toEqual({ level: 2, reps: 3, next_due: '2026-05-11' })
    // The new item was registered today by the writing command.
    expect(readState(dir)['deck#b']).toEqual({ level: 1, reps: 0, next_due: '2026-05-11' })
    const graded = read(dir, STATE)
    await run(dir, TODAY, 'replay')
    expect(read(dir, STATE)).toBe(graded)
    expect(changedPaths(before, snapshot(dir))).toEqual([LOG, STATE])
    expect(exists(dir, 'internalise/.srs/log.lock')).toBe(false)
  })

  it('dates the review today without --date, and creates the log when there is none', async () => {
    const dir = makeCorpus({ [DECK]: qandaNote('Deck', ['a']) })
    expect((await run(dir, TODAY, 'grade', 'deck#a', 'easy')).code).toBe(0)
    expect(read(dir, LOG)).toBe('{"item":"deck#a","date":"2026-05-10","grade":"easy"}\n')
    expect(readState(dir)['deck#a']).toEqual({ level: 3, reps: 1, next_due: '2026-05-17' })
  })

  it('adds the missing newline first when the log does not end in one', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a']),
      [LOG]: '{"item":"deck#a","date":"2026-05-01","grade":"good"}',
    })
    expect((await run(dir, TODAY, 'grade', 'deck#a', 'good')).code).toBe(0)
    expect(read(dir, LOG)).toBe(
      '{"item":"deck#a","date":"2026-05-01","grade":"good"}\n{"item":"deck#a","date":"2026-05-10","grade":"good"}\n',
    )
    expect(readState(dir)['deck#a']).toEqual({ level: 3, reps: 2, next_due: '2026-05-17' })
  })

  const refusals: [string, string[]][] = [
    ['an undeclared id', ['grade', 'deck#nope', 'good']],
    ['an id without its note path', ['grade', 'a', 'good']],
    ['a grade in capitals', ['grade', 'deck#a', 'Good']],
    ['an unknown grade', ['grade', 'deck#a', 'medium']],
    ['a grade number outside 1-4', ['grade', 'deck#a', '5']],
    ['a --date that is not a calendar date', ['grade', 'deck#a', 'good', '--date', '2026-02-29']],
    ['a --date after today', ['grade', 'deck#a', 'good', '--date', '2026-12-31']],
    ['a missing grade', ['grade', 'deck#a']],
  ]
  for (const [what, args] of refusals) {
    it(`refuses ${what}: exit 2, nothing appended, nothing written`, async () => {
      const dir = makeCorpus({ [DECK]: qandaNote('Deck', ['a']), [LOG]: logOf([['deck#a', '2026-05-01', 'good']]) })
      const before = snapshot(dir)
      const result = await run(dir, TODAY, ...args)
      expect(result.code).toBe(2)
      expect(result.stderr).not.toBe('')
      expect(changedPaths(before, snapshot(dir))).toEqual([])
    })
  }

  it('refuses to grade while config.json is invalid', async () => {
    const dir = makeCorpus({ [DECK]: qandaNote('Deck', ['a']), [CONFIG]: '{"scheduler":"leitner"' })
    const before = snapshot(dir)
    expect((await run(dir, TODAY, 'grade', 'deck#a', 'good')).code).toBe(2)
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })

  it('grades under the active scheduler: the entry equals a replay under fsrs too', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a']),
      [LOG]: logOf([['deck#a', '2026-05-01', 'good']]),
      ...config({ scheduler: 'fsrs' }),
    })
    await run(dir, TODAY, 'grade', 'deck#a', 'hard', '--date', '2026-05-09')
    await run(dir, TODAY, 'grade', 'deck#a', 'good')
    const graded = read(dir, STATE)
    expect(readState(dir)['deck#a']!.reps).toBe(3)
    writeFiles(dir, { [STATE]: '{}\n' })
    await run(dir, TODAY, 'replay')
    expect(read(dir, STATE)).toBe(graded)
  })
})

// Five items: three never reviewed and due (registered long ago), two reviewed and due.
const dueState = {
  'deck#n1': { level: 1, next_due: '2026-05-03', reps: 0 },
  'deck#n2': { level: 1, next_due: '2026-05-01', reps: 0 },
  'deck#n3': { level: 1, next_due: '2026-05-03', reps: 0 },
  'deck#r1': { level: 2, next_due: '2026-05-04', reps: 1 },
  'deck#r2': { level: 2, next_due: '2026-05-02', reps: 1 }, // good 04-29 + 3 days
}
const dueFiles = (limits?: object): Files => ({
  [DECK]: qandaNote('Deck', ['r2', 'r1', 'n3', 'n2', 'n1', 'later', 'unregistered']),
  [LOG]: logOf([
    ['deck#r1', '2026-05-01', 'good'],
    ['deck#r2', '2026-04-29', 'good'],
    ['deck#later', '2026-05-09', 'good'],
  ]),
  [STATE]: JSON.stringify({ ...dueState, 'deck#later': { level: 2, next_due: '2026-05-12', reps: 1 } }, null, 2) + '\n',
  ...(limits ? config({ limits }) : {}),
})

async function dueIds(files: Files, today = TODAY): Promise<string[]> {
  const result = await run(makeCorpus(files), today, 'due', '--json')
  expect(result.code).toBe(0)
  return (JSON.parse(result.stdout) as { due: { id: string }[] }).due.map(d => d.id)
}

describe('notekeeper due', () => {
  it('--json: {"due": [{id, prompt, response, next_due, leech}], "heldBack"} in next_due then written order, only JSON on stdout, nothing written', async () => {
    const dir = makeCorpus(dueFiles())
    const before = snapshot(dir)
    const result = await run(dir, TODAY, 'due', '--json')
    expect(result.code).toBe(0)
    const parsed = JSON.parse(result.stdout) as { due: Record<string, unknown>[] }
    expect(Object.keys(parsed)).toEqual(['due', 'heldBack'])
    for (const item of parsed.due)
      expect(Object.keys(item).sort()).toEqual(['id', 'leech', 'next_due', 'prompt', 'response'])
    expect(parsed.due.map(d => [d['next_due'], d['id']])).toEqual([
      ['2026-05-01', 'deck#n2'],
      ['2026-05-02', 'deck#r2'],
      // Due the same day: in the order the note writes them (n3 above n1), not by id.
      ['2026-05-03', 'deck#n3'],
      ['2026-05-03', 'deck#n1'],
      ['2026-05-04', 'deck#r1'],
    ])
    expect(parsed.due[0]).toMatchObject({ prompt: 'Prompt of n2?', response: 'Response of n2.', leech: false })
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })

  it('marks a leech by the days it was failed: four agains relearned in one session are one failure (SPEC 1.6)', async () => {
    const session = (item: string, date: string) => [
      ...Array.from({ length: 4 }, () => [item, date, 'again'] as const),
      [item, date, 'good'] as const,
    ]
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a', 'b']),
      [LOG]: logOf([
        // a: one bad session. b: failed on four days.
        ...session('deck#a', '2026-05-01'),
        ...['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04'].map(date => ['deck#b', date, 'again'] as const),
      ]),
    })
    const due = await run(dir, TODAY, 'due', '--json')
    expect(due.code, due.stderr).toBe(0)
    const leech = Object.fromEntries(
      (JSON.parse(due.stdout) as { due: { id: string; leech: boolean }[] }).due.map(d => [d.id, d.leech]),
    )
    expect(leech).toEqual({ 'deck#a': false, 'deck#b': true })
    const validate = await run(dir, TODAY, 'validate', '--dry-run')
    expect(validate.stdout).toContain('deck#b was failed on 4 days')
    expect(validate.stdout).not.toContain('deck#a was failed')
  })

  it("breaks next_due ties between notes by path in code-unit order, not the locale's", async () => {
    const files: Files = {
      'internalise/Zeta.adoc': qandaNote('Z', ['a']),
      'internalise/alpha.adoc': qandaNote('A', ['b']),
      [STATE]: JSON.stringify({
        'Zeta#a': { level: 1, next_due: '2026-04-01', reps: 0 },
        'alpha#b': { level: 1, next_due: '2026-04-01', reps: 0 },
      }),
    }
    expect(await dueIds(files)).toEqual(['Zeta#a', 'alpha#b'])
  })

  it('includes items due exactly today, and treats unregistered items as registered today (due tomorrow)', async () => {
    expect(await dueIds(dueFiles(), '2026-05-12')).toContain('deck#later')
    expect(await dueIds(dueFiles(), '2026-05-11')).not.toContain('deck#later')
    expect(await dueIds(dueFiles(), '2026-05-12')).not.toContain('deck#unregistered')
  })

  it('limits.newPerDay caps the never-reviewed items, the earliest first', async () => {
    expect(await dueIds(dueFiles({ newPerDay: 1 }))).toEqual(['deck#n2', 'deck#r2', 'deck#r1'])
    expect(await dueIds(dueFiles({ newPerDay: 0 }))).toEqual(['deck#r2', 'deck#r1'])
    expect(await dueIds(dueFiles({ newPerDay: null }))).toHaveLength(5)
  })

  it('items due the same day come in the order they are written: q2 before q10, by line, not by id', async () => {
    const anchors = ['q1', 'q2', 'q10', 'q11', 'q3']
    const files: Files = {
      [DECK]: qandaNote('Deck', anchors),
      [STATE]: JSON.stringify(
        Object.fromEntries(anchors.map(a => [`deck#${a}`, { level: 1, next_due: '2026-04-01', reps: 0 }])),
      ),
    }
    expect(await dueIds(files)).toEqual(anchors.map(a => `deck#${a}`))
  })

  it('limits.newPerDay counts the items first reviewed today', async () => {
    const files = dueFiles({ newPerDay: 2 })
    files[LOG] += logLine('deck#n2', TODAY, 'good')
    expect(await dueIds(files)).toEqual(['deck#r2', 'deck#n3', 'deck#r1'])
  })

  it('limits.reviewsPerDay caps all items, due reviews first, then new ones in what is left, shown in due order', async () => {
    // n2 is due before r2, but a review takes a slot before a new item does (as in Anki).
    expect(await dueIds(dueFiles({ reviewsPerDay: 2 }))).toEqual(['deck#r2', 'deck#r1'])
    expect(await dueIds(dueFiles({ reviewsPerDay: 3 }))).toEqual(['deck#n2', 'deck#r2', 'deck#r1'])
    expect(await dueIds(dueFiles({ reviewsPerDay: 4, newPerDay: 1 }))).toEqual(['deck#n2', 'deck#r2', 'deck#r1'])
  })

  it('a backlog of new items holds back no due review, today or the next day', async () => {
    // QA's case: 5 reviews due 2026-12-04, 5 new items registered (due) 2026-12-01, 5 and 5 a day.
    const day = '2026-12-04'
    const entries: Record<string, Entry> = {}
    for (const n of [1, 2, 3, 4, 5]) entries[`deck#n${n}`] = { level: 1, next_due: '2026-12-01', reps: 0 }
    const reviews = [1, 2, 3, 4, 5].map(n => [`deck#r${n}`, '2026-12-01', 'good'] as const)
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['n1', 'n2', 'n3', 'n4', 'n5', 'r1', 'r2', 'r3', 'r4', 'r5']),
      [STATE]: JSON.stringify(entries),
      [LOG]: logOf(reviews),
      ...config({ limits: { newPerDay: 5, reviewsPerDay: 5 } }),
    })
    const due = await run(dir, day, 'due', '--json')
    expect(JSON.parse(due.stdout)).toMatchObject({
      due: [1, 2, 3, 4, 5].map(n => ({ id: `deck#r${n}`, next_due: day })),
      heldBack: { items: 5, new: 5 },
    })
    const text = await run(dir, day, 'due')
    expect(text.stdout.split('\n')[0]).toBe(
      `5 items due today (${day}), 5 more held back by the daily limits (all new):`,
    )
    // Practised, the reviews go to 2026-12-11; the next day the new items get their slots.
    const answers = [1, 2, 3, 4, 5].flatMap(() => ['', 'good'])
    const practice = await cli(['practice', '--corpus', dir, '--today', day], answers)
    expect(practice.stdout.split('\n')[0]).toMatch(
      /^5 items due today \(2026-12-04\), 5 more held back by the daily limits \(all new\)/,
    )
    expect(practice.stdout).toContain('Practised 5 of 5 items: 0 again, 0 hard, 5 good, 0 easy.')
    const next = await run(dir, '2026-12-05', 'due', '--json')
    expect(JSON.parse(next.stdout)).toMatchObject({
      due: [1, 2, 3, 4, 5].map(n => ({ id: `deck#n${n}` })),
      heldBack: { items: 0, new: 0 },
    })
  })
})

describe('due items held back by the daily limits', () => {
  // Items past the limits are still due: "nothing is due, the next item is due on <a later
  // date>" would tell a learner used to Anki's "daily limit reached" that nothing waits today.
  it('due and practice say that the limits hold items back, not that nothing is due', async () => {
    const dir = makeCorpus(dueFiles({ newPerDay: 0, reviewsPerDay: 0 }))
    const due = await run(dir, TODAY, 'due')
    expect(due.code).toBe(0)
    expect(due.stdout).toBe(
      `The daily limits are reached (${TODAY}): 5 more items are due, 3 of them new, and wait for another day ` +
        '(limits.newPerDay 0, limits.reviewsPerDay 0).\n',
    )
    const practice = await cli(['practice', '--corpus', dir, '--today', TODAY], [])
    expect(practice.code).toBe(0)
    expect(practice.stdout).toContain(`The daily limits are reached (${TODAY}): 5 more items are due`)
    expect(practice.stdout).not.toContain('Nothing is due')
  })

  it('due lists what the limits let through and says how many more wait', async () => {
    const result = await run(makeCorpus(dueFiles({ newPerDay: 1 })), TODAY, 'due')
    // SPEC 1.8: how many of them are new, beside the ones shown.
    expect(result.stdout.split('\n')[0]).toBe(
      `3 items due today (${TODAY}), 2 more held back by the daily limits (all new):`,
    )
    const practice = await cli(['practice', '--corpus', makeCorpus(dueFiles({ newPerDay: 1 })), '--today', TODAY], [])
    expect(practice.stdout.split('\n')[0]).toMatch(
      new RegExp(
        `^3 items due today \\(${TODAY}\\), 2 more held back by the daily limits \\(all new\\), scheduler leitner\\.`,
      ),
    )
    const mixed = await run(makeCorpus(dueFiles({ reviewsPerDay: 1 })), TODAY, 'due')
    expect(mixed.stdout.split('\n')[0]).toBe(
      `1 item due today (${TODAY}), 4 more held back by the daily limits (3 of them new):`,
    )
  })

  it('due --json says what the limits held back, so that an empty list is not "nothing due"', async () => {
    const held = await run(makeCorpus(dueFiles({ newPerDay: 0, reviewsPerDay: 0 })), TODAY, 'due', '--json')
    expect(JSON.parse(held.stdout)).toEqual({ due: [], heldBack: { items: 5, new: 3 } })
    const none = await run(makeCorpus(dueFiles({})), '2026-01-01', 'due', '--json')
    expect(JSON.parse(none.stdout)).toEqual({ due: [], heldBack: { items: 0, new: 0 } })
  })
})

describe('limits across the day', () => {
  it('limits.reviewsPerDay counts the items already reviewed today', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a', 'b', 'c', 'e', 'f']),
      [STATE]: JSON.stringify({
        'deck#c': { level: 1, next_due: '2026-05-01', reps: 0 },
        'deck#e': { level: 1, next_due: '2026-05-01', reps: 0 },
        'deck#f': { level: 1, next_due: '2026-05-01', reps: 0 },
      }),
      [LOG]: logOf([
        ['deck#a', TODAY, 'good'],
        ['deck#b', TODAY, 'good'],
      ]),
      ...config({ limits: { reviewsPerDay: 3 } }),
    })
    const result = await run(dir, TODAY, 'due', '--json')
    expect((JSON.parse(result.stdout) as { due: { id: string }[] }).due.map(d => d.id)).toEqual(['deck#c'])
  })
})

describe('notekeeper practice with piped input', () => {
  it('grades the due items in order, within the limits, and ends cleanly when the input ends', async () => {
    const dir = makeCorpus(dueFiles({ reviewsPerDay: 3 }))
    const logBefore = read(dir, LOG)
    const result = await cli(['practice', '--corpus', dir, '--today', TODAY], ['my answer', 'again', '', 'easy'])
    expect(result.code).toBe(0)
    expect(read(dir, LOG)).toBe(logBefore + logLine('deck#n2', TODAY, 'again') + logLine('deck#r2', TODAY, 'easy'))
    const practised = read(dir, STATE)
    await run(dir, TODAY, 'replay')
    expect(read(dir, STATE)).toBe(practised)
    expect(readState(dir)['deck#n2']).toEqual({ level: 1, reps: 1, next_due: '2026-05-11' })
    // Each item: its prompt, the answer given, the response beside it, a suggested grade.
    expect(result.stdout).toContain('Prompt of n2?')
    expect(result.stdout).toContain('my answer')
    expect(result.stdout).toContain('Response of n2.')
    expect(result.stdout.toLowerCase()).toContain('suggest')
  })
})
