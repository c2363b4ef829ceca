import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltCli, buildCli } from './built-cli.js'
import { LOG, logOf, makeCorpus, qandaNote, readState } from './corpus-kit.js'

// SPEC 3: "One binary, notekeeper, installed by the package", `--corpus DIR` defaulting to the
// current directory. Run as a real process from the repository's own build.

const REPO = join(import.meta.dirname, '..', '..')
let built: BuiltCli | null = null
beforeAll(async () => {
  built = await buildCli()
}, 120_000)
afterAll(() => built?.remove())

const runIn = (cwd: string, args: string[]) =>
  spawnSync(process.execPath, [built!.bin, ...args], { cwd, encoding: 'utf8', timeout: 60_000 })

describe('the notekeeper binary', () => {
  it('is the file package.json names as the notekeeper bin, and starts with a node shebang', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { bin: Record<string, string> }
    // The build writes to dist/cli in the checkout; this one writes the same names elsewhere.
    expect(relative('dist/cli', pkg.bin['notekeeper']!)).toBe('notekeeper.js')
    expect(readFileSync(built!.bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
  })

  it('works on the current directory when --corpus is left out', () => {
    const dir = makeCorpus({
      'internalise/d.adoc': qandaNote('D', ['a']),
      [LOG]: logOf([['d#a', '2026-05-01', 'good']]),
    })
    const result = runIn(dir, ['replay', '--today', '2026-05-02'])
    expect(result.status, result.stderr).toBe(0)
    expect(readState(dir)).toEqual({ 'd#a': { level: 2, reps: 1, next_due: '2026-05-04' } })
  })

  it('exits 2 with the usage when no command is given, 0 for --help', () => {
    const none = runIn(REPO, [])
    expect(none.status).toBe(2)
    expect(none.stdout + none.stderr).toContain('usage')
    expect(runIn(REPO, ['--help']).status).toBe(0)
  })
})
