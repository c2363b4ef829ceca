import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { version } from '../../package.json'
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

  it('an unknown command suggests the nearest one; no command at all prints the usage on stderr', async () => {
    const typo = await cli(['valdate'])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toMatch(/^notekeeper: unknown command "valdate" \(did you mean validate\?\)/)
    const none = await cli([])
    expect(none.code).toBe(2)
    expect(none.stdout).toBe('')
    expect(none.stderr).toContain('usage: notekeeper <command>')
  })
})

describe('help and version', () => {
  it('-h and --help print each command its own help on stdout, exit 0, without needing a corpus', async () => {
    for (const spec of COMMANDS)
      for (const flag of ['-h', '--help']) {
        const result = await cli([spec.name, flag, '--corpus', '/nonexistent'])
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

  it('a folder with only a reference/ folder is a corpus', async () => {
    const folder = tempFolder()
    onTestFinished(folder.remove)
    mkdirSync(join(folder.path, 'reference'))
    const result = await cli(['due', '--corpus', folder.path, '--today', TODAY])
    expect(result.code).toBe(0)
    expect(existsSync(join(folder.path, LOG))).toBe(false)
  })
})
