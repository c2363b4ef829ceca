import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { cli, copyCorpus } from '../support/cli.js'
import { tempCorpus } from '../support/temp-corpus.js'

const DAY = '2026-12-15'
const LOG = 'internalise/.srs/log.jsonl'
const STATE = 'internalise/.srs/state.json'

const logLines = (dir: string) => readFileSync(join(dir, LOG), 'utf8').split('\n').filter(Boolean)
const state = (dir: string) => readFileSync(join(dir, STATE), 'utf8')
async function dueIds(dir: string, ...filters: string[]): Promise<string[]> {
  const result = await cli(['due', '--json', '--corpus', dir, '--today', DAY, ...filters])
  expect(result.code).toBe(0)
  return (JSON.parse(result.stdout) as { due: { id: string }[] }).due.map(d => d.id)
}

/** The state after `replay`: what the log gives. Undo must leave exactly this. */
async function replayed(dir: string): Promise<string> {
  const before = state(dir)
  expect((await cli(['replay', '--corpus', dir, '--today', DAY])).code).toBe(0)
  const after = state(dir)
  writeFileSync(join(dir, STATE), before)
  return after
}

describe('notekeeper undo', () => {
  it('voids the last review with one void line; the state equals a replay and the grade no longer counts', async () => {
    const dir = copyCorpus()
    const [id] = await dueIds(dir)
    const untouched = await cli(['replay', '--corpus', dir, '--today', DAY])
    expect(untouched.code).toBe(0)
    const stateBefore = state(dir)
    expect((await cli(['grade', id!, 'easy', '--corpus', dir, '--today', DAY])).code).toBe(0)
    expect(state(dir)).not.toBe(stateBefore)
    const before = logLines(dir)
    const undone = await cli(['undo', '--corpus', dir, '--today', DAY])
    expect(undone.code).toBe(0)
    expect(undone.stdout).toContain(`${id}: the easy of ${DAY} no longer counts`)
    const after = logLines(dir)
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.slice(before.length).map(l => JSON.parse(l))).toEqual([{ item: id, date: DAY, void: 'easy' }])
    expect(state(dir)).toBe(stateBefore)
    expect(await replayed(dir)).toBe(state(dir))
    // validate does not call the void unmatched.
    const validate = await cli(['validate', '--json', '--corpus', dir, '--today', DAY])
    expect(validate.stdout).not.toContain('log-void-unmatched')
  })

  it('undo ID takes the last review of that item, and a void that matches nothing is reported by validate', async () => {
    const dir = copyCorpus()
    const [a, b] = await dueIds(dir)
    await cli(['grade', a!, 'good', '--corpus', dir, '--today', DAY])
    await cli(['grade', b!, 'hard', '--corpus', dir, '--today', DAY])
    const undone = await cli(['undo', a!, '--json', '--corpus', dir, '--today', DAY])
    expect(JSON.parse(undone.stdout)).toMatchObject({ item: a, date: DAY, void: 'good' })
    writeFileSync(
      join(dir, LOG),
      `${readFileSync(join(dir, LOG), 'utf8')}${JSON.stringify({ item: b, date: '2020-01-01', void: 'easy' })}\n`,
    )
    const validate = await cli(['validate', '--json', '--corpus', dir, '--today', DAY])
    const findings = (JSON.parse(validate.stdout) as { findings: { rule: string; line?: number }[] }).findings
    expect(findings.filter(f => f.rule === 'log-void-unmatched')).toEqual([
      expect.objectContaining({ line: logLines(dir).length, item: b, severity: 'warning' }),
    ])
  })

  it("an item whose only review is taken back is due again that day, and stays so (not the taken-back grade's date)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notekeeper-undo-'))
    mkdirSync(join(dir, 'internalise/.srs'), { recursive: true })
    writeFileSync(join(dir, 'internalise/a.adoc'), '= A\n:intent: internalise\n\n[qanda]\n[[one]]First?:: One.\n')
    writeFileSync(join(dir, LOG), '')
    const at = (day: string) => ['--corpus', dir, '--today', day]
    expect((await cli(['validate', ...at('2026-11-30')])).code).toBe(0) // registered, due 2026-12-01
    expect((await cli(['grade', 'a#one', 'easy', ...at('2026-12-03')])).code).toBe(0)
    const undone = await cli(['undo', ...at('2026-12-03')])
    expect(undone.stdout).toContain('no longer counts; next due 2026-12-03')
    const entry = () => (JSON.parse(state(dir)) as Record<string, { next_due: string; reps: number }>)['a#one']
    expect(entry()).toMatchObject({ next_due: '2026-12-03', reps: 0 })
    const due = await cli(['due', '--json', ...at('2026-12-03')])
    expect((JSON.parse(due.stdout) as { due: { id: string }[] }).due.map(d => d.id)).toEqual(['a#one'])
    // A later replay takes the date from the state as a registration: it does not move.
    expect((await cli(['replay', ...at('2026-12-09')])).code).toBe(0)
    expect(entry()).toMatchObject({ next_due: '2026-12-03', reps: 0 })
    rmSync(dir, { recursive: true, force: true })
  })

  it('undo of a review whose item no note declares any more says so (QA: it said nothing)', async () => {
    const dir = copyCorpus()
    expect((await cli(['grade', 'ghost#gone', 'good', '--corpus', dir, '--today', DAY])).code).toBe(2)
    writeFileSync(
      join(dir, LOG),
      `${readFileSync(join(dir, LOG), 'utf8')}${JSON.stringify({ item: 'ghost#gone', date: DAY, grade: 'good' })}\n`,
    )
    const undone = await cli(['undo', '--corpus', dir, '--today', DAY])
    expect(undone.code).toBe(0)
    expect(undone.stdout).toBe(
      `ghost#gone: the good of ${DAY} no longer counts; no note declares this item now (its history still counts if one does again)\n`,
    )
  })

  it('refuses when there is nothing to undo, appending nothing', async () => {
    const dir = copyCorpus()
    const before = readFileSync(join(dir, LOG), 'utf8')
    const result = await cli(['undo', 'english#no-such-item', '--corpus', dir, '--today', DAY])
    expect(result.code).toBe(1)
    // Nothing under that id, and no note declares it either: most likely a typo, and said so.
    // With the `notekeeper:` prefix of every other error message (QA: it lacked it).
    expect(result.stderr).toMatch(
      /^notekeeper: no review of "english#no-such-item" to undo, and no note declares it; nothing appended$/m,
    )
    expect(readFileSync(join(dir, LOG), 'utf8')).toBe(before)
    // A declared item never reviewed: nothing to undo, said without the typo hint.
    writeFileSync(join(dir, 'internalise/fresh.adoc'), '= Fresh\n:intent: internalise\n\n[qanda]\n[[new]]New?:: Yes.\n')
    const never = await cli(['undo', 'fresh#new', '--corpus', dir, '--today', DAY])
    expect(never.stderr).toMatch(/^notekeeper: no review of "fresh#new" to undo; nothing appended$/m)
  })
})

describe('notekeeper practice: a session', () => {
  it('brings an item graded again back later in the session, as a second line of the same date', async () => {
    const dir = copyCorpus()
    const due = await dueIds(dir)
    expect(due.length).toBeGreaterThan(4)
    const before = logLines(dir).length
    // again on the first; good on the next three; the first comes back fourth.
    const result = await cli(
      ['practice', '--corpus', dir, '--today', DAY],
      ['x', '1', 'x', '3', 'x', '3', 'x', '3', 'x', '4'],
    )
    expect(result.code).toBe(0)
    const added = logLines(dir)
      .slice(before)
      .map(l => JSON.parse(l) as { item: string; grade: string; date: string })
    expect(added.map(r => r.item)).toEqual([due[0], due[1], due[2], due[3], due[0]])
    expect(added.map(r => r.grade)).toEqual(['again', 'good', 'good', 'good', 'easy'])
    expect(new Set(added.map(r => r.date))).toEqual(new Set([DAY]))
    expect(result.stdout).toContain('(again: relearning)')
    expect(result.stdout).toMatch(/Practised 4 of \d+ items: 1 again, 0 hard, 3 good, 1 easy \(5 grades; 1 relearned\)/)
  })

  it('an again the session ended on is due again that day: first in `due`, and in the next practice (SPEC 1.8)', async () => {
    const dir = copyCorpus()
    const due = await dueIds(dir)
    const failed = due[1] as string
    // good on the first, again on the second; the input ends before the second comes back.
    const first = await cli(['practice', '--corpus', dir, '--today', DAY], ['x', '3', 'x', '1'])
    expect(first.stdout).toContain('1 relearning showing not done (input ended)')
    const listed = await cli(['due', '--json', '--corpus', dir, '--today', DAY])
    const json = JSON.parse(listed.stdout) as { due: { id: string; next_due: string; relearning?: boolean }[] }
    // Due today (the scheduler dated the again tomorrow), before every other item.
    expect(json.due[0]).toMatchObject({ id: failed, next_due: DAY, relearning: true })
    expect(json.due.filter(item => 'relearning' in item)).toHaveLength(1)
    expect(json.due.map(item => item.id)).not.toContain(due[0])
    const text = await cli(['due', '--corpus', dir, '--today', DAY])
    expect(text.stdout).toContain(`\n  ${DAY}  ${failed}  [relearning: again today]  (`)
    // The next session starts with it, as a relearning showing; passed, it is due no more today.
    const second = await cli(['practice', '--corpus', dir, '--today', DAY], ['x', '3'])
    expect(second.stdout).toContain(`] ${failed}  `)
    expect(second.stdout.split('\n').find(line => line.includes(`] ${failed}  `))).toContain('(again: relearning)')
    expect(await dueIds(dir)).not.toContain(failed)
  })

  it('with practice.relearn off, an again the session ended on waits for the date the scheduler gives it', async () => {
    const dir = copyCorpus()
    writeFileSync(join(dir, 'internalise/.srs/config.json'), '{"practice": {"relearn": false}}\n')
    const due = await dueIds(dir)
    await cli(['practice', '--corpus', dir, '--today', DAY], ['x', '3', 'x', '1'])
    expect(await dueIds(dir)).toEqual(due.slice(2))
  })

  it('refuses a practice.relearn that is not true or false, naming the key, with nothing written', async () => {
    const dir = copyCorpus()
    writeFileSync(join(dir, 'internalise/.srs/config.json'), '{"practice": {"relearn": "no"}}\n')
    const before = readFileSync(join(dir, LOG), 'utf8')
    const result = await cli(['practice', '--corpus', dir, '--today', DAY], ['x', '1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('practice.relearn')
    expect(readFileSync(join(dir, LOG), 'utf8')).toBe(before)
  })

  it('shows each item once with practice.relearn off', async () => {
    const dir = copyCorpus()
    writeFileSync(join(dir, 'internalise/.srs/config.json'), '{"practice": {"relearn": false}}\n')
    const due = await dueIds(dir)
    const before = logLines(dir).length
    await cli(['practice', '--corpus', dir, '--today', DAY], ['x', '1', 'x', '3', 'x', '3', 'x', '3', 'x', '3'])
    const items = logLines(dir)
      .slice(before)
      .map(l => (JSON.parse(l) as { item: string }).item)
    expect(items).toEqual(due.slice(0, 5))
  })

  it('u takes back the last grade: one void line, the item asked again, the state a replay gives', async () => {
    const dir = copyCorpus()
    const due = await dueIds(dir)
    const before = logLines(dir).length
    // good on the first, then at the second item's answer prompt :u, the first again, easy.
    const result = await cli(['practice', '--corpus', dir, '--today', DAY], ['x', '3', ':u', 'x', '4'])
    expect(result.stdout).toContain(`Took back good for ${due[0]}`)
    const added = logLines(dir)
      .slice(before)
      .map(l => JSON.parse(l))
    expect(added).toEqual([
      { item: due[0], date: DAY, grade: 'good' },
      { item: due[0], date: DAY, void: 'good' },
      { item: due[0], date: DAY, grade: 'easy' },
    ])
    expect(result.stdout).toMatch(/Practised 1 of \d+ items: 0 again, 0 hard, 0 good, 1 easy\./)
    expect(await replayed(dir)).toBe(state(dir))
    // u at the grade prompt works the same way.
    const again = await cli(['practice', '--corpus', dir, '--today', DAY], ['x', '2', 'y', 'u', 'x', '1'])
    expect(again.stdout).toContain('Took back hard for')
    expect(await replayed(dir)).toBe(state(dir))
  })

  it('u at the grade prompt with nothing to undo keeps the answer and asks for the grade again', async () => {
    const dir = copyCorpus()
    const due = await dueIds(dir)
    const before = logLines(dir).length
    const result = await cli(['practice', '--corpus', dir, '--today', DAY], ['Paris', 'u', '3'])
    expect(result.stdout).toContain('Nothing to undo in this session: grade this item.')
    // The 3 is the first item's grade, not the second item's answer.
    expect(
      logLines(dir)
        .slice(before)
        .map(l => JSON.parse(l)),
    ).toEqual([{ item: due[0], date: DAY, grade: 'good' }])
    expect(result.stdout).toMatch(/Practised 1 of \d+ items: 0 again, 0 hard, 1 good, 0 easy\./)
  })

  it('Enter accepts only a confident suggestion, and asks for 1-4 otherwise', async () => {
    const dir = copyCorpus()
    const before = logLines(dir).length
    // A nonsense answer: the rule says again but is not sure, so Enter asks; then 2.
    const result = await cli(['practice', '--corpus', dir, '--today', DAY], ['zzz qqq', '', '2'])
    expect(result.stdout).toContain('not sure enough for Enter: type 1-4')
    const added = logLines(dir).slice(before)
    expect(added).toHaveLength(1)
    expect(JSON.parse(added[0]!).grade).toBe('hard')
  })

  it('--note and --folder practise only that part, and due lists the same part', async () => {
    const dir = copyCorpus()
    const all = await dueIds(dir)
    const note = await dueIds(dir, '--note', 'internalise/git.adoc')
    expect(note.length).toBeGreaterThan(0)
    expect(note.every(id => id.startsWith('git#'))).toBe(true)
    expect(note).toEqual(all.filter(id => id.startsWith('git#')))
    const folder = await dueIds(dir, '--folder', 'internalise/lang/')
    expect(folder.length).toBeGreaterThan(0)
    expect(folder.every(id => id.startsWith('lang/'))).toBe(true)
    const before = logLines(dir).length
    const result = await cli(
      ['practice', '--folder', 'internalise/lang', '--corpus', dir, '--today', DAY],
      folder.flatMap(() => ['x', '3']),
    )
    expect(result.stdout).toContain(`${folder.length} item${folder.length === 1 ? '' : 's'} due today`)
    const items = logLines(dir)
      .slice(before)
      .map(l => (JSON.parse(l) as { item: string }).item)
    expect(items).toEqual(folder)
    const missing = await cli(['practice', '--note', 'internalise/nope.adoc', '--corpus', dir, '--today', DAY])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--note internalise/nope.adoc: no such note')
    // Both: the note's items when it is inside the folder; refused when it is not (never "nothing due").
    expect(await dueIds(dir, '--note', 'internalise/git.adoc', '--folder', 'internalise')).toEqual(note)
    const apart = await cli([
      ...['due', '--note', 'internalise/git.adoc', '--folder', 'internalise/lang'],
      ...['--corpus', dir, '--today', DAY],
    ])
    expect(apart.code).toBe(2)
    expect(apart.stderr).toContain(
      '--note internalise/git.adoc is not inside --folder internalise/lang: give one of them',
    )
  })

  it('with --note, "nothing is due" names the next date of that note, not of the whole corpus', async () => {
    const folder = tempCorpus({
      'internalise/english.adoc': '= English\n:intent: internalise\n\n[qanda]\n[[few]]Few or little?:: Little.\n',
      'internalise/french.adoc': '= French\n:intent: internalise\n\n[qanda]\n[[tu]]Tu or vous?:: Vous.\n',
      [STATE]: `${JSON.stringify({
        'english#few': { level: 1, next_due: '2026-12-20', reps: 0 },
        'french#tu': { level: 1, next_due: '2027-01-10', reps: 0 },
      })}\n`,
    })
    onTestFinished(folder.remove)
    const run = (...args: string[]) => cli([...args, '--corpus', folder.path, '--today', DAY])
    expect((await run('due')).stdout).toContain('The next item is due on 2026-12-20')
    const note = await run('due', '--note', 'internalise/french.adoc')
    expect(note.stdout).toContain('Nothing is due today (2026-12-15). The next item is due on 2027-01-10')
    const practice = await run('practice', '--note', 'internalise/french.adoc')
    // In the same words as due, how far off included.
    expect(practice.stdout).toBe(note.stdout)
    expect(practice.stdout).toMatch(
      /^Nothing is due today \(2026-12-15\)\. The next item is due on 2027-01-10 \(in \d+ weeks\)\.\n$/,
    )
    expect((await run('due', '--folder', 'internalise')).stdout).toContain('due on 2026-12-20')
  })
})
