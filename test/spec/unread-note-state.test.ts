import { describe, expect, it } from 'vitest'
import { CONFIG, config, LOG, makeCorpus, qandaNote, read, readState, run, writeFiles } from './corpus-kit.js'

// SPEC 1.5: a note that is there but cannot be read this time (over limits.noteBytes here; no
// permission, a failed read, a link the listing skips) has not gone, and neither have its items:
// their state entries stay as they are. Before, a writing command dropped them, and an item
// never reviewed lost its registration date: overdue, it came back due tomorrow.

const NEW = 'internalise/new.adoc'
const OTHER = 'internalise/other.adoc'

describe('the state entries of a note that cannot be read this time', () => {
  it('are kept through writing commands, and the note is back with its dates when it can be read again', async () => {
    const dir = makeCorpus({ [NEW]: qandaNote('New', ['n1']), [OTHER]: qandaNote('Other', ['o1']) })
    expect((await run(dir, '2026-12-01', 'replay')).code).toBe(0)
    expect(readState(dir)['new#n1']).toMatchObject({ next_due: '2026-12-02', reps: 0 })
    // The note grows past the size limit: not read, reported, everything else goes on.
    writeFiles(dir, config({ limits: { noteBytes: 100 } }))
    writeFiles(dir, { [NEW]: `${qandaNote('New', ['n1'])}// ${'x'.repeat(200)}\n` })
    const grade = await run(dir, '2026-12-10', 'grade', 'other#o1', 'good')
    expect(grade.code, grade.stderr).toBe(0)
    const validate = await run(dir, '2026-12-10', 'validate', '--json')
    const findings = (JSON.parse(validate.stdout) as { findings: { rule: string; item?: string }[] }).findings
    expect(findings.map(f => f.rule)).toContain('note-unreadable')
    expect(findings.filter(f => f.item === 'new#n1')).toEqual([])
    expect(readState(dir)['new#n1']).toMatchObject({ next_due: '2026-12-02', reps: 0 })
    // Readable again: the item keeps its registration, so it is overdue, not new tomorrow.
    writeFiles(dir, { [CONFIG]: '{}' })
    expect((await run(dir, '2026-12-20', 'replay')).code).toBe(0)
    expect(readState(dir)['new#n1']).toMatchObject({ next_due: '2026-12-02', reps: 0 })
    const due = await run(dir, '2026-12-20', 'due', '--json')
    expect(due.stdout).toContain('new#n1')
  })

  it('an undo of a review of an item whose note is not read now is refused, nothing appended', async () => {
    // It would change the item's replay behind the entry kept; a grade of it is refused alike.
    const dir = makeCorpus({
      [NEW]: qandaNote('New', ['n1']),
      [LOG]: '{"item":"new#n1","date":"2026-12-03","grade":"good"}\n',
    })
    expect((await run(dir, '2026-12-05', 'replay')).code).toBe(0)
    writeFiles(dir, config({ limits: { noteBytes: 100 } }))
    writeFiles(dir, { [NEW]: `${qandaNote('New', ['n1'])}// ${'x'.repeat(200)}\n` })
    expect((await run(dir, '2026-12-10', 'grade', 'new#n1', 'good')).code).toBe(2)
    const logBefore = read(dir, LOG)
    const undo = await run(dir, '2026-12-10', 'undo', 'new#n1')
    expect(undo.code).toBe(2)
    expect(undo.stderr).toContain('whose note is not read now (internalise/new.adoc:')
    expect(read(dir, LOG)).toBe(logBefore)
  })
})
