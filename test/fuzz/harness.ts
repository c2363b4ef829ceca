import { spawn } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import { expect } from 'vitest'
import { ownerOfTempName } from '../../src/adapters/vault-paths.js'
import { copyCorpus, tempFolder } from '../support/temp-corpus.js'

// The fuzz suite's harness (issue 15): the built `notekeeper` in its own process with a time
// limit per run, and the promises every run must keep whatever the input: an exit code of the
// contract, no stack trace, JSON that parses, no file written outside the corpus, no litter.

export const EXAMPLE = nodePath.join(import.meta.dirname, '..', '..', 'examples', 'corpus')
export const TODAY = '2026-12-01'
export const ITEM = 'lang/french#tu-vous'

export interface Run {
  args: string[]
  code: number | null
  stdout: string
  stderr: string
  ms: number
  timedOut: boolean
}

/** Runs the binary with a time limit; a run past it is killed and reported as a hang. */
export function runCli(bin: string, args: string[], timeoutMs = 20_000, input = ''): Promise<Run> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, NOTEKEEPER_DEBUG: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdin.on('error', () => undefined)
    child.stdin.end(input)
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(timer)
      resolve({ args, code, stdout, stderr, ms: Date.now() - started, timedOut })
    })
  })
}

const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m

/** What every run promises: finished in time, a contract exit code, no stack trace, parseable `--json`. */
export function expectSane(run: Run, codes: readonly number[] = [0, 1, 2]): void {
  const label = `notekeeper ${run.args.join(' ')}\n--- stderr ---\n${run.stderr.slice(0, 2000)}`
  expect(run.timedOut, `hung: ${label}`).toBe(false)
  expect(codes, `exit ${run.code}: ${label}`).toContain(run.code)
  expect(run.stderr, `stack trace: ${label}`).not.toMatch(STACK_LINE)
  // A JavaScript error's name in the output is a crash reported as it fell, not a sentence.
  expect(run.stderr, `bare error: ${label}`).not.toMatch(
    /^(RangeError|TypeError|Error|SyntaxError)\b|\b(RangeError|TypeError|SyntaxError|ReferenceError):/m,
  )
  if (run.code === 2) expect(run.stderr.trim(), `exit 2 without a word: ${label}`).not.toBe('')
  if (run.args.includes('--json') && run.code !== 2 && run.stdout.trim() !== '') {
    expect(() => JSON.parse(run.stdout), `--json output does not parse: ${label}`).not.toThrow()
  }
}

export interface Corpus {
  root: string
  /** A folder beside the corpus that nothing may write into. */
  outside: string
  path: (relative: string) => string
  remove: () => void
}

/** A fresh copy of the example corpus, and an outside folder holding one file to watch. */
export function exampleCorpus(): Corpus {
  const copy = copyCorpus(EXAMPLE)
  const outside = tempFolder('notekeeper-outside-')
  fs.writeFileSync(nodePath.join(outside.path, 'victim.adoc'), 'victim\n')
  return {
    root: copy.path,
    outside: outside.path,
    path: relative => nodePath.join(copy.path, ...relative.split('/')),
    remove: () => {
      copy.remove()
      outside.remove()
    },
  }
}

/** The outside folder still holds exactly its one file, unchanged. */
export function expectOutsideUntouched(corpus: Corpus): void {
  expect(fs.readdirSync(corpus.outside)).toEqual(['victim.adoc'])
  expect(fs.readFileSync(nodePath.join(corpus.outside, 'victim.adoc'), 'utf8')).toBe('victim\n')
}

/** Temporary files anywhere in the corpus: ours (`tempName`), and any `name.NNNN` such as atomic-write libraries leave. */
export function litter(root: string): string[] {
  const found: string[] = []
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = nodePath.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (ownerOfTempName(entry.name) !== null || /\.(adoc|json|jsonl|lock)\.\d+$/.test(entry.name))
        found.push(nodePath.relative(root, full))
    }
  }
  walk(root)
  return found
}

/** `--corpus DIR --today TODAY` and the command. */
export const on = (corpus: Corpus, ...args: string[]): string[] => [...args, '--corpus', corpus.root, '--today', TODAY]
