import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type BuiltCli, buildCli, runBuilt } from '../spec/built-cli.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

// The exit-code contract (SPEC 3; issue 15, What to build 6), through the built binary in its
// own process: every command against every kind of bad input. The code is the contract's; stdout
// with --json parses; stderr is `notekeeper:` sentences naming the file (and line where there is
// one), never a stack trace.

const TODAY = '2026-11-30'
const CONFIG = 'internalise/.srs/config.json'
const LOG = 'internalise/.srs/log.jsonl'
const DECK = '= Deck\n:intent: internalise\n\n[qanda]\n[[a]]Prompt a?:: Response a.\n[[b]]Prompt b?:: Response b.\n'
const FILES = {
  'internalise/deck.adoc': DECK,
  'reference/r.adoc': '= R\n:intent: reference\n:source: me\n:updated: 2026-11-01\n\nxref:../internalise/deck.adoc[]\n',
  'track/t.adoc': '= T\n:intent: track\n:updated: 2026-11-01\n\n== Now\n* [ ] one\n\n== Next\n* [ ] two\n',
  [LOG]: '{"item":"deck#a","date":"2026-11-01","grade":"good"}\n',
}

/** Each command with the arguments that make it do its work, and whether it has --json. */
const COMMANDS: { args: string[]; json: boolean; readsLog: boolean }[] = [
  { args: ['practice'], json: false, readsLog: true },
  { args: ['due'], json: true, readsLog: true },
  { args: ['grade', 'deck#a', 'good'], json: true, readsLog: true },
  { args: ['replay'], json: true, readsLog: true },
  { args: ['validate'], json: true, readsLog: false },
  { args: ['hygiene'], json: true, readsLog: false },
  { args: ['triage'], json: true, readsLog: false },
  { args: ['triage', 'promote', 'track/t.adoc:9'], json: true, readsLog: false },
  { args: ['backlinks', 'internalise/deck.adoc'], json: true, readsLog: false },
  { args: ['schedulers', '--compare', '--days', '3'], json: true, readsLog: true },
  { args: ['fsrs', 'optimize'], json: true, readsLog: false },
]

type Case = { name: string; corpus: () => string; code: (args: string[]) => number; names: RegExp | null }

const corpusWith = (changes: Record<string, string>) => (): string => {
  const folder = tempCorpus({ ...FILES, ...changes })
  onTestFinished(folder.remove)
  return folder.path
}

const CASES: Case[] = [
  {
    name: 'an invalid config.json',
    corpus: corpusWith({ [CONFIG]: '{\n  "scheduler": "anki"\n}\n' }),
    code: () => 2,
    names: /internalise\/\.srs\/config\.json:2:3: /,
  },
  {
    name: 'bad log lines',
    corpus: corpusWith({ [LOG]: `${FILES[LOG]}not json\n{"item":"deck#b","date":"2026-13-45","grade":"good"}\n` }),
    code: args => (args[0] === 'validate' ? 1 : 0),
    names: /internalise\/\.srs\/log\.jsonl:2: /,
  },
  {
    name: 'a folder that is not a corpus',
    corpus: () => {
      const folder = tempFolder()
      onTestFinished(folder.remove)
      mkdirSync(join(folder.path, 'notes'))
      return folder.path
    },
    code: () => 2,
    names: /is not a corpus/,
  },
  {
    // The notes folder moved elsewhere and linked back: its config.json, log and state are out of
    // reach too. The message names the link, not config.json, which "resolves outside" named.
    name: 'internalise/ as a symbolic link to a folder outside the corpus',
    corpus: () => {
      const folder = tempCorpus(FILES)
      const outside = tempFolder()
      onTestFinished(() => {
        folder.remove()
        outside.remove()
      })
      rmSync(outside.path, { recursive: true })
      renameSync(join(folder.path, 'internalise'), outside.path)
      symlinkSync(outside.path, join(folder.path, 'internalise'))
      return folder.path
    },
    code: () => 2,
    names:
      /internalise is a symbolic link to .*, outside the corpus: Notekeeper does not follow links out of the corpus folder/,
  },
]

let built: BuiltCli | null = null
beforeAll(async () => {
  built = await buildCli()
}, 180_000)
afterAll(() => built?.remove())

function checkStderr(stderr: string, names: RegExp | null): void {
  expect(stderr).not.toMatch(/^\s+at /m)
  expect(stderr).not.toMatch(/\b(TypeError|RangeError|SyntaxError|ReferenceError)\b/)
  const lines = stderr.split('\n').filter(Boolean)
  for (const line of lines) expect(line).toMatch(/^(notekeeper: |usage: | {7}notekeeper |\(notekeeper )/)
  if (names) expect(stderr).toMatch(names)
}

describe('exit codes, stdout and stderr of every command on bad input (built binary)', () => {
  for (const kind of CASES)
    it(`${kind.name}`, async () => {
      const runs = COMMANDS.flatMap(command => [
        { ...command, args: [...command.args], withJson: false },
        ...(command.json ? [{ ...command, args: [...command.args, '--json'], withJson: true }] : []),
      ])
      for (const run of runs) {
        // A fresh corpus per run: a run that works (a triage edit) must not change the next one's input.
        const dir = kind.corpus()
        const result = await runBuilt(built!.bin, [...run.args, '--corpus', dir, '--today', TODAY])
        const label = `${run.args.join(' ')} on ${kind.name}: ${result.stderr}`
        const expected = kind.code(run.args)
        expect(result.code, label).toBe(expected)
        if (run.withJson && result.code !== 2) expect(() => JSON.parse(result.stdout), label).not.toThrow()
        if (run.withJson && result.code === 2 && result.stdout !== '')
          expect(() => JSON.parse(result.stdout), label).not.toThrow()
        const mustName = kind.name !== 'bad log lines' || run.readsLog
        checkStderr(result.stderr, mustName ? kind.names : null)
      }
    })

  it('an unknown option, for every command: exit 2, nothing on stdout, one sentence and the usage', async () => {
    const folder = tempCorpus(FILES)
    onTestFinished(folder.remove)
    for (const command of COMMANDS) {
      const result = await runBuilt(built!.bin, [...command.args, '--frob', '--corpus', folder.path])
      expect(result.code, command.args.join(' ')).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(new RegExp(`^notekeeper: ${command.args[0]}: unknown option --frob\\n`))
      checkStderr(result.stderr, null)
    }
  })

  it('an unreadable note: exit 1 from validate with the note named, other commands still work', async () => {
    const folder = tempCorpus(FILES)
    onTestFinished(folder.remove)
    writeFileSync(join(folder.path, 'reference/locked.adoc'), '= Locked\n:intent: reference\n')
    chmodSync(join(folder.path, 'reference/locked.adoc'), 0o000)
    // root reads any file: run as nobody then, with the corpus and the build open to it.
    const asRoot = process.getuid?.() === 0
    if (asRoot) {
      chmodSync(folder.path, 0o777)
      for (const sub of ['internalise', 'internalise/.srs', 'reference', 'track'])
        chmodSync(join(folder.path, sub), 0o777)
      for (const file of Object.keys(FILES)) chmodSync(join(folder.path, file), 0o666)
      chmodSync(join(built!.bin, '..', '..'), 0o755)
      chmodSync(join(built!.bin, '..'), 0o755)
      // This run's own temp folder (test/support/global-setup.ts) holds both.
      chmodSync(tmpdir(), 0o755)
    }
    const run = (args: string[]) =>
      runBuilt(built!.bin, [...args, '--corpus', folder.path, '--today', TODAY], {}, asRoot ? 65534 : undefined)
    const validate = await run(['validate', '--json', '--dry-run'])
    expect(validate.code, validate.stderr).toBe(1)
    const findings = (JSON.parse(validate.stdout) as { findings: { rule: string; file: string }[] }).findings
    expect(findings).toContainEqual(expect.objectContaining({ rule: 'note-unreadable', file: 'reference/locked.adoc' }))
    checkStderr(validate.stderr, null)
    const due = await run(['due', '--json'])
    expect(due.code, due.stderr).toBe(0)
    expect(() => JSON.parse(due.stdout)).not.toThrow()
  })
})

describe('hygiene --out on a real disk (built binary, run from the corpus folder)', () => {
  const corpus = (): string => {
    const folder = tempCorpus(FILES)
    onTestFinished(folder.remove)
    return folder.path
  }
  const hygiene = (cwd: string, ...args: string[]) =>
    runBuilt(built!.bin, ['hygiene', '--today', TODAY, ...args], {}, undefined, cwd)

  it('is relative to the current folder, says where it wrote, and rewrites its own page', async () => {
    const dir = corpus()
    const first = await hygiene(dir, '--out', 'reports/hygiene.adoc')
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toContain(`notekeeper: report written to ${join(dir, 'reports/hygiene.adoc')}`)
    expect((await hygiene(join(dir, 'reference'), '--corpus', dir, '--out', '../reports/hygiene.adoc')).code).toBe(0)
  })

  it('refuses a file it did not write unless --force, a symlink, a folder link outside, TRACK/', async () => {
    const dir = corpus()
    writeFileSync(join(dir, 'notes.adoc'), 'mine\n')
    expect((await hygiene(dir, '--out', 'notes.adoc')).code).toBe(2)
    expect((await hygiene(dir, '--out', 'notes.adoc', '--force')).code).toBe(0)
    const outside = tempFolder()
    onTestFinished(outside.remove)
    writeFileSync(join(outside.path, 'victim.adoc'), 'keep me\n')
    symlinkSync(join(outside.path, 'victim.adoc'), join(dir, 'report.adoc'))
    const link = await hygiene(dir, '--out', 'report.adoc', '--force')
    expect(link.code).toBe(2)
    expect(link.stderr).toContain('is a symbolic link')
    symlinkSync(outside.path, join(dir, 'd'))
    expect((await hygiene(dir, '--out', 'd/x/y/r.adoc')).code).toBe(2)
    expect((await hygiene(dir, '--out', 'TRACK/x.adoc')).code).toBe(2)
    expect((await hygiene(dir, '--out', 'README.adoc')).code).toBe(2)
    const { readdirSync, readFileSync } = await import('node:fs')
    expect(readdirSync(outside.path)).toEqual(['victim.adoc'])
    expect(readFileSync(join(outside.path, 'victim.adoc'), 'utf8')).toBe('keep me\n')
  })
})

describe('a reader that stops early (built binary)', () => {
  it('ends quietly when stdout is closed under it (`notekeeper triage | head -1`), no stack trace', async () => {
    const folder = tempCorpus(FILES)
    onTestFinished(folder.remove)
    const { spawn } = await import('node:child_process')
    const child = spawn(process.execPath, [built!.bin, 'triage', '--corpus', folder.path, '--today', TODAY], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    // Close the only reading end before the command prints, as a reader that has seen enough does:
    // its first write then fails with EPIPE, every time.
    child.stdout.destroy()
    const code = await new Promise<number | null>(resolve => child.on('close', resolve))
    expect(stderr).not.toMatch(/EPIPE|^\s+at /m)
    expect(code).toBe(0)
  })
})
