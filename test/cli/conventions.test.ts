import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { version } from '../../package.json'
import { optionsOf } from '../../src/cli/args.js'
import { COMMANDS } from '../../src/cli/registry.js'
import { cli, copyCorpus } from '../support/cli.js'
import { tempFolder } from '../support/temp-corpus.js'

const TODAY = '2026-11-30'
const STATE = 'internalise/.srs/state.json'
const LOG = 'internalise/.srs/log.jsonl'

/** Every file under a folder with its bytes, to show that a refused run changed nothing. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path)
      else files.set(path, readFileSync(join(dir, path), 'latin1'))
    }
  }
  walk('')
  return files
}

describe('strict parsing: a bad invocation is exit 2, usage on stderr, nothing written', () => {
  it('validate --dryrun (a typo of --dry-run) writes no state.json and suggests the right option', async () => {
    const dir = copyCorpus()
    const before = snapshot(dir)
    const result = await cli(['validate', '--dryrun', '--corpus', dir, '--today', TODAY])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^notekeeper: validate: unknown option --dryrun \(did you mean --dry-run\?\)\n/)
    expect(result.stderr).toContain('usage: notekeeper validate [--dry-run] [--json]')
    expect(existsSync(join(dir, STATE))).toBe(false)
    expect(snapshot(dir)).toEqual(before)
  })

  it.each([
    [['due', '--frob']],
    [['due', 'extra']],
    [['due', '--json=yes']],
    [['grade', 'x#y', 'good', '--date']],
    [['grade', 'x#y', 'good', '--date', '--json']],
    [['grade', 'x#y']],
    [['grade', 'x#y', 'good', '--date', TODAY, '--date', TODAY]],
    [['practice', '--json']],
    [['replay', '--dry-run']],
    [['hygiene', '--out']],
    [['triage', 'promote', 'track/reading.adoc:5', '--expec', 'x']],
    [['-x', 'due']],
    [['schedulers', '--compare', '--days', '0x10']],
    [['schedulers', '--compare', '--days', '1e2']],
    [['schedulers', '--compare', '--days= 30']],
  ])('%j is refused before anything is read or written', async args => {
    const dir = copyCorpus()
    const before = snapshot(dir)
    const result = await cli([...args, '--corpus', dir, '--today', TODAY])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.split('\n')[0]).toMatch(/^notekeeper: \S/)
    expect(result.stderr).toContain('usage: notekeeper')
    expect(result.stderr.match(/notekeeper:/g)).toHaveLength(1)
    expect(snapshot(dir)).toEqual(before)
  })

  // A script's `--corpus "$DIR"` with DIR unset ran on the current folder; `--folder ""` practised
  // the whole corpus. An empty value is refused as a missing one.
  it.each([
    [['due', '--folder', ''], /^notekeeper: due: --folder needs a value \(DIR\)\n/],
    [['practice', '--note='], /^notekeeper: practice: --note needs a value \(FILE\)\n/],
    [['grade', 'x#y', 'good', '--corpus', ''], /^notekeeper: grade: --corpus needs a value \(DIR\)\n/],
  ])('%j: an empty value is no value (exit 2, nothing written)', async (args, says) => {
    const dir = copyCorpus()
    const before = snapshot(dir)
    // --corpus comes after the empty one, so the empty one is what is refused.
    const result = await cli([...args, '--corpus', dir, '--today', TODAY])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(says)
    expect(snapshot(dir)).toEqual(before)
  })

  // Each option parses, but together they ask for two things (or for nothing): `--use` used to
  // switch the scheduler, writing config.json, when the person also asked to compare.
  it.each([
    [['schedulers', '--use', 'fsrs', '--compare'], /--use and --compare do not go together/],
    [['schedulers', '--use', 'fsrs', '--evaluate'], /--use and --evaluate do not go together/],
    [['schedulers', '--compare', '--evaluate'], /--compare and --evaluate do not go together/],
    [['schedulers', '--evaluate', '--days', '7'], /--days goes with --compare, not with --evaluate/],
    [['schedulers', '--use', 'fsrs', '--days', '7'], /--days goes with --compare, not with --use/],
    [['schedulers', '--use', 'fsrs', '--json'], /--json goes with --compare or --evaluate, not with --use/],
    [['schedulers', '--compare', '--reschedule'], /--reschedule goes with --use, not with --compare/],
    [['schedulers', '--reschedule'], /--reschedule goes with --use: give one of/],
    [['schedulers', '--days', '7'], /--days goes with --compare: give one of/],
    [['schedulers'], /schedulers: give one of --compare, --evaluate, --use NAME/],
    [['triage', '--create'], /--create goes with an edit/],
    [['triage', '--expect', 'x', '--json'], /--expect goes with an edit/],
  ])('%j: options that do not go together are refused, naming them, and nothing is written', async (args, says) => {
    const dir = copyCorpus()
    const before = snapshot(dir)
    const result = await cli([...args, '--corpus', dir, '--today', TODAY])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.split('\n')[0]).toMatch(says)
    expect(result.stderr).toContain(`usage: notekeeper ${args[0]}`)
    expect(existsSync(join(dir, 'internalise/.srs/config.json'))).toBe(false)
    expect(snapshot(dir)).toEqual(before)
  })

  it('an unknown command suggests the nearest one; no command at all prints the usage on stderr', async () => {
    const typo = await cli(['valdate'])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toMatch(/^notekeeper: unknown command "valdate" \(did you mean validate\?\)/)
    const none = await cli([])
    expect(none.code).toBe(2)
    expect(none.stdout).toBe('')
    expect(none.stderr).toContain('usage: notekeeper <command>')
  })

  it('a triage verb given wrong says what is missing, then the triage synopsis once', async () => {
    const dir = copyCorpus()
    for (const args of [
      ['triage', 'move'],
      ['triage', 'bogus'],
      ['triage', 'add'],
      ['triage', 'move', 'x'],
    ]) {
      const result = await cli([...args, '--corpus', dir])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr.match(/usage: notekeeper triage \[--json\]/g), args.join(' ')).toHaveLength(1)
    }
  })
})

describe('help and version', () => {
  it('-h and --help print each command its own help on stdout, exit 0, without needing a corpus', async () => {
    for (const spec of COMMANDS)
      for (const flag of ['-h', '--help']) {
        const result = await cli([spec.name, flag, ...(spec.corpus === false ? [] : ['--corpus', '/nonexistent'])])
        expect(result.code, `${spec.name} ${flag}`).toBe(0)
        expect(result.stderr).toBe('')
        expect(result.stdout).toMatch(new RegExp(`^usage: notekeeper ${spec.name}\\b`))
        for (const option of Object.keys(spec.options ?? {})) expect(result.stdout).toContain(`--${option}`)
      }
    const practice = await cli(['practice', '--help'])
    expect(practice.stdout).not.toContain('commands:')
    expect((await cli(['help', 'grade'])).stdout).toMatch(/^usage: notekeeper grade ID GRADE/)
  })

  it('--help and -h alone list every command on stdout', async () => {
    for (const flag of ['--help', '-h']) {
      const result = await cli([flag])
      expect(result.code).toBe(0)
      for (const spec of COMMANDS) expect(result.stdout).toContain(`  ${spec.name} `)
    }
  })

  // An agent reads SPEC 3 for what a command accepts and prints: grade, undo, replay and git setup
  // took --json, and completion ran, with no word of it there.
  it("SPEC 3's table and each synopsis name every command and every option it accepts", () => {
    const spec = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'spec.md'), 'utf8')
    const section = spec.slice(spec.indexOf('## 3. The command line'), spec.indexOf('## 4. '))
    const rows = section.split('\n').filter(line => line.startsWith('| `notekeeper '))
    for (const command of COMMANDS) {
      const synopses = rows
        .map(row => row.split(' | ')[0] ?? '')
        .filter(
          cell => cell.startsWith(`| \`notekeeper ${command.name} `) || cell === `| \`notekeeper ${command.name}\``,
        )
      expect(synopses, `a row for ${command.name}`).not.toEqual([])
      const usage = command.usage.join(' ')
      for (const option of Object.keys(optionsOf(command)).filter(
        name => !['corpus', 'today', 'help'].includes(name),
      )) {
        expect(synopses.join(' '), `${command.name} --${option} in SPEC 3`).toContain(`--${option}`)
        expect(usage, `${command.name} --${option} in its synopsis`).toContain(`--${option}`)
      }
    }
  })

  it('--version prints the package version', async () => {
    const result = await cli(['--version'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`notekeeper ${version}\n`)
  })
})

describe('a folder that is not a corpus', () => {
  it('is refused by every corpus command with a clear message, and nothing is created in it', async () => {
    const folder = tempFolder()
    onTestFinished(folder.remove)
    mkdirSync(join(folder.path, 'notes'))
    for (const args of [['due'], ['validate'], ['replay'], ['grade', 'a#b', 'good'], ['triage'], ['hygiene']]) {
      const result = await cli([...args, '--corpus', folder.path, '--today', TODAY])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toBe(
        `notekeeper: ${folder.path} is not a corpus: it holds none of internalise/, reference/, track/ (give --corpus DIR)\n`,
      )
    }
    expect(readdirSync(folder.path)).toEqual(['notes'])
  })

  // validate, replay and practice wrote an empty state.json, creating internalise/.srs/ in a
  // corpus that has no internalise/ at all.
  it.each([
    [['validate']],
    [['validate', '--json']],
    [['replay']],
    [['practice']],
    [['due']],
    [['hygiene']],
    [['stats']],
    [['schedulers', '--compare']],
    [['schedulers', '--evaluate']],
    [['triage']],
  ])('%j on a corpus of reference/ and track/ notes only creates no folder and writes nothing', async args => {
    const folder = tempFolder()
    onTestFinished(folder.remove)
    mkdirSync(join(folder.path, 'reference'))
    mkdirSync(join(folder.path, 'track'))
    writeFileSync(join(folder.path, 'reference/r.adoc'), '= R\n:intent: reference\n:source: me\n:updated: 2026-11-01\n')
    const before = snapshot(folder.path)
    const result = await cli([...args, '--corpus', folder.path, '--today', TODAY])
    expect(result.code).toBe(0)
    expect(readdirSync(folder.path).sort()).toEqual(['reference', 'track'])
    expect(snapshot(folder.path)).toEqual(before)
  })

  it('a folder with only a reference/ folder is a corpus', async () => {
    const folder = tempFolder()
    onTestFinished(folder.remove)
    mkdirSync(join(folder.path, 'reference'))
    const result = await cli(['due', '--corpus', folder.path, '--today', TODAY])
    expect(result.code).toBe(0)
    expect(existsSync(join(folder.path, LOG))).toBe(false)
  })
})

describe('config.json through the command line', () => {
  const CONFIG = 'internalise/.srs/config.json'

  it('an invalid config is one sentence naming the file once, with line and column, for every command', async () => {
    const dir = copyCorpus()
    writeFileSync(join(dir, CONFIG), '{\n  "scheduler": "leitner",,\n}\n')
    const before = snapshot(dir)
    for (const args of [
      ['due'],
      ['replay'],
      ['validate'],
      ['grade', 'x#y', 'good'],
      ['triage'],
      ['hygiene'],
      ['schedulers', '--compare'],
      ['schedulers', '--evaluate'],
    ]) {
      const result = await cli([...args, '--corpus', dir, '--today', TODAY])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toBe(
        `notekeeper: ${CONFIG}:2:26: not valid JSON: expected a key in double quotes; nothing written\n`,
      )
    }
    const backlinks = await cli(['backlinks', 'reference/http.adoc', '--corpus', dir])
    expect(backlinks.code).toBe(2)
    expect(snapshot(dir)).toEqual(before)
  })

  it('an unknown key is a warning on stderr; the command still runs', async () => {
    const dir = copyCorpus()
    writeFileSync(join(dir, CONFIG), '{\n  "$schema": "../../schema/config.schema.json",\n  "leechTreshold": 3\n}\n')
    const result = await cli(['due', '--json', '--corpus', dir, '--today', TODAY])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toHaveProperty('due')
    // The example's log has planted bad lines: their warnings follow.
    expect(result.stderr.split('\n')[0]).toBe(
      `notekeeper: warning: ${CONFIG}:3:3: unknown key "leechTreshold", ignored (did you mean "leechThreshold"?)`,
    )
  })
})

describe('grade and triage refuse what a person would not mean', () => {
  it('grade takes 1-4 as practice does; refuses 5 and a date after today, appending nothing', async () => {
    const dir = copyCorpus()
    const id = (
      JSON.parse((await cli(['due', '--json', '--corpus', dir, '--today', TODAY])).stdout) as { due: { id: string }[] }
    ).due[0]!.id
    const ok = await cli(['grade', id, '3', '--json', '--corpus', dir, '--today', TODAY])
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.stdout)).toMatchObject({ item: id, grade: 'good' })
    expect(readFileSync(join(dir, LOG), 'utf8').trimEnd().split('\n').at(-1)).toBe(
      JSON.stringify({ item: id, date: TODAY, grade: 'good' }),
    )
    const log = readFileSync(join(dir, LOG), 'utf8')
    const five = await cli(['grade', id, '5', '--corpus', dir, '--today', TODAY])
    expect(five.code).toBe(2)
    expect(five.stderr).toMatch(/^notekeeper: "5" is not a grade: give 1-4 or again, hard, good, easy\n/)
    const future = await cli(['grade', id, 'good', '--date', '2026-12-01', '--corpus', dir, '--today', TODAY])
    expect(future.code).toBe(2)
    expect(future.stderr).toMatch(/^notekeeper: --date 2026-12-01 is after today \(2026-11-30\)/)
    expect(readFileSync(join(dir, LOG), 'utf8')).toBe(log)
  })

  const HOUSE = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'triage', 'house.adoc'), 'utf8')
  const trackCorpus = (): string => {
    const folder = tempFolder()
    onTestFinished(folder.remove)
    mkdirSync(join(folder.path, 'track'))
    writeFileSync(join(folder.path, 'track/house.adoc'), HOUSE)
    return folder.path
  }

  it('triage move to a status neither the note nor the ladder has is refused (exit 2) unless --create', async () => {
    const dir = trackCorpus()
    const typo = await cli(['triage', 'move', 'track/house.adoc:23', 'Whenevr', '--corpus', dir])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toContain('no status "Whenevr" in the note or the ladder')
    expect(typo.stderr).toContain('give --create')
    expect(readFileSync(join(dir, 'track/house.adoc'), 'utf8')).toBe(HOUSE)
    const ladder = await cli(['triage', 'move', 'track/house.adoc:23', 'later', '--corpus', dir])
    expect(ladder.code).toBe(0)
    const created = await cli(['triage', 'move', 'track/house.adoc:19', 'Whenever', '--create', '--corpus', dir])
    expect(created.code).toBe(0)
    expect(readFileSync(join(dir, 'track/house.adoc'), 'utf8')).toContain('== Whenever\n\n* [ ] Prune the apple tree\n')
  })

  it('triage add into an empty or new section follows the checkbox style of the note', async () => {
    const dir = trackCorpus()
    expect((await cli(['triage', 'add', 'track/house.adoc', 'Someday', 'Paint the fence', '--corpus', dir])).code).toBe(
      0,
    )
    expect(readFileSync(join(dir, 'track/house.adoc'), 'utf8')).toContain('== Someday\n\n* [ ] Paint the fence\n')
  })
})
