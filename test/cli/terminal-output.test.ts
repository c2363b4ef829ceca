import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { cli } from '../support/cli.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

// No text from a note or a file name reaches the terminal as terminal commands, in any command
// (src/core/terminal-text.ts, at the choke point of src/cli/node-context.ts and main.ts). Each
// command that prints such text is run on notes whose names and text carry the sequences a
// terminal acts on; what it prints holds none of them and still names what it should.

const ESC_SEQUENCES =
  '\u001b]52;c;b3duZWQ=\u0007' + // writes "owned" to the clipboard
  '\u001b]8;;http:evil\u0007' + // opens a hyperlink
  '\u001b]0;title\u0007' + // retitles the window
  '\u001b[2J\u001b[1;1H' + // clears the screen, moves the cursor
  '\u009b2J' + // a C1 CSI: the same clear, in one character
  '\u202e\u2066' // a right-to-left override, a left-to-right isolate
/** In a file name (any character but `/`): a lone CR too, which would overwrite the line with a forged "0 errors". */
const IN_NAME = `${ESC_SEQUENCES}\r0 errors`
/** In note text, where a CR ends the line: the rest. */
const IN_TEXT = ESC_SEQUENCES
/** As the output shows them: the controls removed (their printable rest stays), the bidi controls named. */
const SHOWN = ']52;c;b3duZWQ=]8;;http:evil]0;title[2J[1;1H2J<U+202E><U+2066>'
const SHOWN_NAME = `${SHOWN}0 errors`

/** Every character a terminal acts on, but tab and newline; and the bidi controls. */
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

function expectInert(result: { stdout: string; stderr: string }): void {
  expect(result.stdout).not.toMatch(ACTED_ON)
  expect(result.stderr).not.toMatch(ACTED_ON)
}

const DAY = '2026-12-01'
const NOTE = `internalise/n${IN_NAME}.adoc`
const ID = `n${IN_NAME}#q`
const TRACK = `track/t${IN_NAME}.adoc`

/** A corpus whose names, ids, titles, link targets and item texts carry the sequences. */
function hostileCorpus(extra: Record<string, string> = {}): string {
  const corpus = tempCorpus({
    [NOTE]: [
      `= Title${IN_TEXT}`,
      ':intent: internalise',
      '',
      `See xref:../reference/r.adoc[the ref${IN_TEXT}] and xref:missing${IN_TEXT}.adoc[].`,
      '',
      '[qanda]',
      `[[q]]Question${IN_TEXT}?:: Answer.`,
      '',
    ].join('\n'),
    'reference/r.adoc': '= Ref\n:intent: reference\n:source: a book\n:updated: 2026-11-01\n\nText.\n',
    [TRACK]: `= Track${IN_TEXT}\n:intent: track\n\n== Now${IN_TEXT}\n\n* [ ] do${IN_TEXT} it\n\n== Done\n`,
    ...extra,
  })
  onTestFinished(corpus.remove)
  return corpus.path
}

async function run(corpus: string, ...args: string[]) {
  return cli([...args, '--corpus', corpus, '--today', DAY])
}

describe('text output never carries control characters from a note or a file name', () => {
  it('due lists the item by its id and file name', async () => {
    const corpus = hostileCorpus()
    expect((await cli(['replay', '--corpus', corpus, '--today', '2026-11-30'])).code).toBe(0)
    const result = await run(corpus, 'due')
    expect(result.code).toBe(0)
    expectInert(result)
    expect(result.stdout).toContain(`  2026-12-01  n${SHOWN_NAME}#q  (internalise/n${SHOWN_NAME}.adoc:7)\n`)
  })

  it('backlinks names the file and quotes the line that refers', async () => {
    const corpus = hostileCorpus()
    const result = await run(corpus, 'backlinks', 'reference/r.adoc')
    expect(result.code).toBe(0)
    expectInert(result)
    expect(result.stdout).toContain(`internalise/n${SHOWN_NAME}.adoc:4: See xref:../reference/r.adoc[the ref${SHOWN}]`)
    // The note asked for is the user's argument, a file name all the same.
    const missing = await run(corpus, 'backlinks', `reference/x${IN_NAME}.adoc`)
    expectInert(missing)
    expect(missing.stdout + missing.stderr).toContain(`reference/x${SHOWN_NAME}.adoc`)
  })

  it('validate and hygiene name the file and the target of the finding', async () => {
    const corpus = hostileCorpus()
    const validate = await run(corpus, 'validate', '--dry-run')
    expect(validate.code).toBe(1)
    expectInert(validate)
    // The xref's target ends where the first `[` opens its text: there, in the clear screen.
    const target = 'missing]52;c;b3duZWQ=]8;;http:evil]0;title'
    expect(validate.stdout).toContain(`internalise/n${SHOWN_NAME}.adoc:4: error xref-unresolved: xref to ${target}:`)
    const hygiene = await run(corpus, 'hygiene')
    expectInert(hygiene)
    expect(hygiene.stdout).toContain(`internalise/n${SHOWN_NAME}.adoc:4: error dead-link: xref ${target}:`)
  })

  it("validate keeps a file name's line break inside its finding's line: no forged line of its own", async () => {
    const corpus = hostileCorpus({
      'internalise/x\n0 errors, 0 warnings\n.adoc': '= X\n:intent: internalise\n\nxref:gone.adoc[]\n',
    })
    const result = await run(corpus, 'validate', '--dry-run')
    expect(result.stdout).toContain('internalise/x 0 errors, 0 warnings .adoc:4: error xref-unresolved')
    expect(result.stdout.split('\n')).not.toContain('0 errors, 0 warnings')
  })

  it("due, backlinks and triage keep a file name's line break inside their line: no forged line of its own", async () => {
    const forged = '\n0 errors, 0 warnings\n'
    const corpus = tempCorpus({
      [`internalise/x${forged}.adoc`]:
        '= X\n:intent: internalise\n\nxref:../reference/r.adoc[]\n\n[qanda]\n[[q]]Q?:: A.\n',
      'reference/r.adoc': '= Ref\n:intent: reference\n:source: a book\n:updated: 2026-11-01\n\nText.\n',
      [`track/t${forged}.adoc`]: '= T\n:intent: track\n\n== Now\n\n* [ ] do it\n',
    })
    onTestFinished(corpus.remove)
    const oneLine = 'x 0 errors, 0 warnings .adoc'
    expect((await cli(['replay', '--corpus', corpus.path, '--today', '2026-11-30'])).code).toBe(0)
    const due = await run(corpus.path, 'due')
    expect(due.stdout).toContain(`  2026-12-01  ${oneLine.replace('.adoc', '')}#q  (internalise/${oneLine}:7)\n`)
    const backlinks = await run(corpus.path, 'backlinks', 'reference/r.adoc')
    expect(backlinks.stdout).toContain(`internalise/${oneLine}:4: xref:../reference/r.adoc[]`)
    const triage = await run(corpus.path, 'triage')
    expect(triage.stdout).toContain('track/t 0 errors, 0 warnings .adoc\n  Now (1)\n')
    for (const output of [due, backlinks, triage])
      expect(output.stdout.split('\n')).not.toContain('0 errors, 0 warnings')
  })

  it("triage shows the Track note's file, statuses and items, and an edit's refusal names the file", async () => {
    const corpus = hostileCorpus()
    const view = await run(corpus, 'triage')
    expect(view.code).toBe(0)
    expectInert(view)
    expect(view.stdout).toContain(`track/t${SHOWN_NAME}.adoc\n  Now${SHOWN} (1)\n    6  do${SHOWN} it\n`)
    // Refused as no FILE:LINE (the CR): the refusal quotes it.
    const edit = await run(corpus, 'triage', 'promote', `${TRACK}:6`)
    expect(edit.code).toBe(2)
    expectInert(edit)
    expect(edit.stderr).toContain(`"track/t${SHOWN_NAME}.adoc:6" is not FILE:LINE`)
    const add = await run(corpus, 'triage', 'add', `track/missing${IN_NAME}.adoc`, 'Now', 'x')
    expectInert(add)
    expect(add.stderr).toContain(`track/missing${SHOWN_NAME}.adoc`)
  })

  it('stats names a leech; grade and undo name the item', async () => {
    const failures = ['2026-11-01', '2026-11-05', '2026-11-09', '2026-11-13', '2026-11-17']
    const corpus = hostileCorpus({
      'internalise/.srs/log.jsonl': failures.map(date => JSON.stringify({ item: ID, date, grade: 'again' })).join('\n'),
    })
    const stats = await run(corpus, 'stats')
    expect(stats.code).toBe(0)
    expectInert(stats)
    expect(stats.stdout).toContain(`  n${SHOWN_NAME}#q  failed on 5 days`)
    const grade = await run(corpus, 'grade', ID, '3')
    expect(grade.code).toBe(0)
    expectInert(grade)
    expect(grade.stdout).toContain(`n${SHOWN_NAME}#q: good on ${DAY}`)
    const undo = await run(corpus, 'undo', ID)
    expect(undo.code).toBe(0)
    expectInert(undo)
    expect(undo.stdout).toContain(`n${SHOWN_NAME}#q: the good of ${DAY} no longer counts`)
    const unknown = await run(corpus, 'grade', `${ID}x`, '3')
    expect(unknown.code).toBe(2)
    expectInert(unknown)
    expect(unknown.stderr).toContain(`n${SHOWN_NAME}#qx`)
  })

  it('sync --dry-run names the file it would commit', async () => {
    const corpus = hostileCorpus()
    vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1')
    vi.stubEnv('GIT_CONFIG_GLOBAL', '/dev/null')
    onTestFinished(() => {
      vi.unstubAllEnvs()
    })
    execFileSync('git', ['init', '--quiet', '--initial-branch=main', corpus])
    expect((await run(corpus, 'git', 'setup')).code).toBe(0)
    const result = await run(corpus, 'sync', '--dry-run')
    expect(result.code).toBe(0)
    expectInert(result)
    expect(result.stdout).toContain(`internalise/n${SHOWN_NAME}.adoc`)
  })

  it('the error that stops a command names the folder or file without its control characters', async () => {
    const parent = tempFolder()
    onTestFinished(parent.remove)
    const notCorpus = join(parent.path, `c${IN_NAME}`)
    mkdirSync(notCorpus)
    const unreadable = await cli(['due', '--corpus', notCorpus])
    expect(unreadable.code).toBe(2)
    expectInert(unreadable)
    expect(unreadable.stderr).toContain(`c${SHOWN_NAME} is not a corpus`)
    // A VaultError: the log is a symbolic link out of the corpus; its message names where to.
    const corpus = join(parent.path, 'd')
    mkdirSync(join(corpus, 'internalise', '.srs'), { recursive: true })
    writeFileSync(join(parent.path, `o${IN_NAME}`), '')
    symlinkSync(join(parent.path, `o${IN_NAME}`), join(corpus, 'internalise', '.srs', 'log.jsonl'))
    const failed = await cli(['replay', '--corpus', corpus, '--today', DAY])
    expect(failed.code).toBe(2)
    expectInert(failed)
    expect(failed.stderr).toContain(`log.jsonl is a symbolic link to ${join(parent.path, `o${SHOWN_NAME}`)}, outside`)
    const usage = await cli(['due', '--corpus', hostileCorpus(), '--note', `x${IN_NAME}`])
    expect(usage.code).toBe(2)
    expectInert(usage)
    expect(usage.stderr).toContain(`--note x${SHOWN_NAME}: no such note`)
  })
})

describe('--json output', () => {
  it('is the same JSON value, the characters JSON.stringify leaves raw (C1, bidi) written as escapes', async () => {
    const corpus = hostileCorpus()
    expect((await cli(['replay', '--corpus', corpus, '--today', '2026-11-30'])).code).toBe(0)
    const result = await run(corpus, 'due', '--json')
    expectInert(result)
    const parsed = JSON.parse(result.stdout) as { due: { id: string }[] }
    expect(parsed.due.map(item => item.id)).toEqual([ID])
    expect(result.stdout).toContain('\\u009b2J\\u202e\\u2066')
    expect(result.stdout).toBe(
      `${JSON.stringify(parsed, null, 2).replace(/[\u009b\u202e\u2066]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`,
    )
  })

  it('is byte for byte what JSON.stringify writes when no such character is in it', async () => {
    const name = 'internalise/a\u001b[2Jb\u001b]0;t\u0007\r.adoc'
    const corpus = tempCorpus({ [name]: '= A\n:intent: internalise\n\n[qanda]\n[[q]]Q?:: A.\n' })
    onTestFinished(corpus.remove)
    expect((await cli(['replay', '--corpus', corpus.path, '--today', '2026-11-30'])).code).toBe(0)
    const due = await cli(['due', '--json', '--corpus', corpus.path, '--today', DAY])
    const parsed = JSON.parse(due.stdout) as { due: { id: string }[] }
    expect(parsed.due[0]?.id).toBe('a\u001b[2Jb\u001b]0;t\u0007\r#q')
    expect(due.stdout).toBe(`${JSON.stringify(parsed, null, 2)}\n`)
  })
})

describe('colour', () => {
  it("keeps practice's styles on a terminal, and no style a note wrote", async () => {
    vi.stubEnv('NO_COLOR', '')
    onTestFinished(() => {
      vi.unstubAllEnvs()
    })
    const corpus = tempCorpus({
      'internalise/card.adoc':
        '= Card\n:intent: internalise\n\n[qanda]\n[[q]]What is *bold* \u001b[7mhere\u001b[27m?:: `code`\n',
    })
    onTestFinished(corpus.remove)
    expect((await cli(['replay', '--corpus', corpus.path, '--today', '2026-11-30'])).code).toBe(0)
    const practice = await cli(['practice', '--corpus', corpus.path, '--today', DAY], ['code', '3'], {
      stdoutIsTty: true,
    })
    expect(practice.code).toBe(0)
    expect(practice.stdout).toContain('\u001b[2m[1 of 1]\u001b[22m card#q')
    expect(practice.stdout).toContain('  What is \u001b[1mbold\u001b[22m [7mhere[27m?\n')
    expect(practice.stdout).toContain('    \u001b[36mcode\u001b[39m\n')
    expect(practice.stdout).toContain('\u001b[1manswer> \u001b[22m')
  })

  it('keeps none of our styles in a command that does not style, where a note could write them', async () => {
    vi.stubEnv('NO_COLOR', '')
    onTestFinished(() => {
      vi.unstubAllEnvs()
    })
    const corpus = tempCorpus({
      'internalise/a\u001b[7mb\u001b[1m.adoc': '= A\n:intent: internalise\n\n[qanda]\n[[q]]Q?:: A.\n',
    })
    onTestFinished(corpus.remove)
    expect((await cli(['replay', '--corpus', corpus.path, '--today', '2026-11-30'])).code).toBe(0)
    const due = await cli(['due', '--corpus', corpus.path, '--today', DAY], [], { stdoutIsTty: true })
    expect(due.stdout).toContain('  2026-12-01  a[7mb[1m#q  (internalise/a[7mb[1m.adoc:5)\n')
    expect(due.stdout).not.toMatch(ACTED_ON)
  })
})
