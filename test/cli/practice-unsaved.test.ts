import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltCli, buildCli } from '../spec/built-cli.js'
import { copyCorpus } from '../support/cli.js'

// QA: when a grade's line could not be written (`log.lock: cannot create: EACCES`), the summary
// still said "Every grade given is in the log." A folder where the lock file goes makes the
// lock's own error path fail the same way, without a read-only folder (root ignores those).

const DAY = '2026-12-15'
const LOG = 'internalise/.srs/log.jsonl'
const LOCK = 'internalise/.srs/log.lock'
const logLines = (dir: string) =>
  existsSync(join(dir, LOG)) ? readFileSync(join(dir, LOG), 'utf8').split('\n').filter(Boolean) : []

let built: BuiltCli | null = null
beforeAll(async () => {
  built = await buildCli()
}, 180_000)
afterAll(() => built?.remove())

/** The built CLI on piped input: `step(out, write)` feeds it as its output comes; resolves with its exit and output. */
function practice(
  dir: string,
  step: (out: () => string, write: (line: string) => void, end: () => void) => Promise<void>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [built!.bin, 'practice', '--corpus', dir, '--today', DAY], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>(resolve => child.on('close', code => resolve(code)))
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  return step(
    () => stdout,
    line => child.stdin.write(`${line}\n`),
    () => child.stdin.end(),
  )
    .then(() => exited)
    .then(code => ({ code, stdout, stderr }))
    .finally(() => clearTimeout(timer))
}

/** state.json's entries, or none while it cannot be read. */
function stateOf(dir: string): Record<string, { next_due?: string } | undefined> {
  try {
    return JSON.parse(readFileSync(join(dir, 'internalise/.srs/state.json'), 'utf8'))
  } catch {
    return {}
  }
}

/** Once state.json holds the first card's item at the date its grade was said to give. */
async function firstStateWritten(dir: string, out: string): Promise<void> {
  const first = /\[1 of \d+\] (\S+)/.exec(out)?.[1] ?? ''
  const due = /good: next due (\S+)/.exec(out)?.[1]
  await until(() => stateOf(dir)[first]?.next_due === due)
}

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!done()) {
    if (Date.now() > deadline) throw new Error('state.json was not written, or the lock not released')
    await new Promise(resolve => setTimeout(resolve, 5))
  }
}

async function waitFor(out: () => string, pattern: string, times = 1): Promise<void> {
  const deadline = Date.now() + 15_000
  while (out().split(pattern).length - 1 < times) {
    if (Date.now() > deadline) throw new Error(`"${pattern}" did not appear; output so far:\n${out()}`)
    await new Promise(resolve => setTimeout(resolve, 25))
  }
}

describe('practice when a grade cannot be written', () => {
  it('names the grade that was not saved instead of saying every grade is in the log', async () => {
    const dir = copyCorpus()
    const before = logLines(dir)
    const run = await practice(dir, async (out, write, end) => {
      // The first grade is written; then the lock cannot be made, so the second is not.
      await waitFor(out, 'answer> ')
      write('when they propose it')
      await waitFor(out, 'grade [')
      write('3')
      await waitFor(out, 'answer> ', 2)
      // Once the first grade's state.json is written: that write, after the card, holds the lock.
      await firstStateWritten(dir, out())
      await until(() => !existsSync(join(dir, LOCK)))
      mkdirSync(join(dir, LOCK))
      write('my answer')
      await waitFor(out, 'grade [', 2)
      write('1')
      end()
    })
    expect(run.code).toBe(2)
    const added = logLines(dir).slice(before.length)
    expect(added.map(line => JSON.parse(line))).toEqual([{ item: 'lang/french#tu-vous', date: DAY, grade: 'good' }])
    const second = /\[2 of \d+\] (\S+)/.exec(run.stdout)?.[1]
    expect(run.stdout).toMatch(/Practised 1 of \d+ items: 0 again, 0 hard, 1 good, 0 easy\./)
    expect(run.stdout).toContain(
      `The again for ${second} was not saved: the log could not be written (the error follows). Every other grade given is in the log.`,
    )
    expect(run.stdout).not.toContain('Every grade given is in the log.')
    expect(run.stderr).toMatch(/^notekeeper: internalise\/\.srs\/log\.lock: the review log's lock cannot be used/m)
  }, 60_000)

  it('a state.json that cannot be written leaves the grades in the log, and says so', async () => {
    const dir = copyCorpus()
    const before = logLines(dir)
    const run = await practice(dir, async (out, write, end) => {
      for (const n of [1, 2, 3]) {
        await waitFor(out, 'answer> ', n)
        // state.json (derived, written after each card) turns into a folder after the first grade,
        // once that grade's state is on disk (written a moment after its card: made a folder
        // before, the first write failed now and then, and the session ended a grade early).
        if (n === 2) {
          await firstStateWritten(dir, out())
          replaceWithFolder(join(dir, 'internalise/.srs/state.json'))
        }
        write('my answer')
        await waitFor(out, 'grade [', n)
        write('3')
      }
      end()
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^notekeeper: internalise\/\.srs\/state\.json: /m)
    expect(logLines(dir).slice(before.length)).toHaveLength(3)
    expect(run.stdout).toContain('Every grade given is in the log.')
    expect(run.stdout).not.toContain('was not saved')
    // The grade whose state write failed is in the log, so the summary counts it (QA: it was
    // counted as left for later, and the person was not told it was recorded).
    expect(run.stdout).toMatch(/Practised 3 of \d+ items: 0 again, 0 hard, 3 good, 0 easy\./)
  }, 60_000)

  it('still says every grade given is in the log when each was written', async () => {
    const dir = copyCorpus()
    const run = await practice(dir, async (out, write, end) => {
      await waitFor(out, 'answer> ')
      write('when they propose it')
      await waitFor(out, 'grade [')
      write('3')
      end()
    })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/left for later \(input ended\)\. Every grade given is in the log\./)
  }, 60_000)
})

/**
 * `path` made a folder, whatever the practice writes meanwhile: the first grade's state write
 * comes after the next card is shown, so it may rename a new state.json into place between the
 * removal and the mkdir (EEXIST). Removed again until the folder is made.
 */
function replaceWithFolder(path: string): void {
  for (;;) {
    rmSync(path, { recursive: true, force: true })
    try {
      mkdirSync(path)
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}
