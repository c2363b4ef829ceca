import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type BuiltCli, buildCli } from '../spec/built-cli.js'
import { copyCorpus } from '../support/cli.js'
import { tempCorpus } from '../support/temp-corpus.js'

// Ctrl-C on piped input (SIGINT to the process): practice ends as it does at the end of input,
// with its summary and every grade given kept, but says it was interrupted. It said "input
// ended", which reads as if something had gone wrong with the input.

const DAY = '2026-12-15'
const LOG = 'internalise/.srs/log.jsonl'
const logLines = (dir: string) => readFileSync(join(dir, LOG), 'utf8').split('\n').filter(Boolean)

let built: BuiltCli | null = null
beforeAll(async () => {
  built = await buildCli()
}, 180_000)
afterAll(() => built?.remove())

/** The built CLI with a pipe for stdin, its output as it comes, and its exit. */
function practice(dir: string): { child: ChildProcess; out: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [built!.bin, 'practice', '--corpus', dir, '--today', DAY], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  })
  let text = ''
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const exited = new Promise<number | null>(resolve => child.on('close', code => resolve(code)))
  return { child, out: () => text, exited }
}

/** Its exit code; a process still running after 15 s is killed (no child outlives the test) and the test fails. */
async function exitOf(run: { child: ChildProcess; out: () => string; exited: Promise<number | null> }) {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>(resolve => {
    timer = setTimeout(() => resolve('late'), 15_000)
  })
  const code = await Promise.race([run.exited, late])
  clearTimeout(timer)
  if (code !== 'late') return code
  run.child.kill('SIGKILL')
  await run.exited
  throw new Error(`practice did not exit; output so far:\n${run.out()}`)
}

async function waitFor(out: () => string, pattern: string, times = 1): Promise<void> {
  const deadline = Date.now() + 20_000
  while (out().split(pattern).length - 1 < times) {
    if (Date.now() > deadline) throw new Error(`"${pattern}" did not appear; output so far:\n${out()}`)
    await new Promise(resolve => setTimeout(resolve, 25))
  }
}

describe('practice interrupted by SIGINT (Ctrl-C) on piped input', () => {
  it('says the session was interrupted, prints the summary, keeps the grade given and exits 0', async () => {
    const dir = copyCorpus()
    const before = logLines(dir).length
    const run = practice(dir)
    await waitFor(run.out, 'answer> ')
    run.child.stdin?.write('when they propose it\n')
    await waitFor(run.out, 'grade [')
    run.child.stdin?.write('3\n')
    // The second card's prompt: the first grade is in the log by then.
    await waitFor(run.out, 'answer> ', 2)
    run.child.kill('SIGINT')
    expect(await exitOf(run)).toBe(0)
    expect(run.out()).toMatch(
      /Practised 1 of \d+ items: 0 again, 0 hard, 1 good, 0 easy\. \d+ left for later \(session interrupted\)\. Every grade given is in the log\./,
    )
    expect(run.out()).not.toContain('input ended')
    expect(
      logLines(dir)
        .slice(before)
        .map(line => JSON.parse(line)),
    ).toEqual([{ item: 'lang/french#tu-vous', date: DAY, grade: 'good' }])
  }, 60_000)

  it('still says "input ended" when the input ends by itself', async () => {
    const dir = copyCorpus()
    const run = practice(dir)
    await waitFor(run.out, 'answer> ')
    run.child.stdin?.end()
    expect(await exitOf(run)).toBe(0)
    expect(run.out()).toMatch(/Practised 0 of \d+ items.* left for later \(input ended\)\./)
  }, 60_000)
})

// QA: cut off at the second showing of an item graded `again`, the summary read as a finished
// session ("Practised 3 of 3 items ... Every grade given is in the log."), with no reason: every
// item had one grade, so nothing counted as left.
describe('practice cut off at a relearning showing', () => {
  /** 8 new items registered before DAY, 3 a day: a, b, c graded again, good, good, then a again. */
  function relearnCorpus(): string {
    const items = [1, 2, 3, 4, 5, 6, 7, 8]
    const folder = tempCorpus({
      'internalise/a.adoc': `= A\n:intent: internalise\n\n[qanda]\n${items.map(i => `[[q${i}]]Q ${i}?:: R${i}.`).join('\n')}\n`,
      'internalise/.srs/state.json': `${JSON.stringify(Object.fromEntries(items.map(i => [`a#q${i}`, { level: 1, next_due: '2026-12-02', reps: 0 }])), null, 2)}\n`,
      'internalise/.srs/config.json': '{"limits":{"newPerDay":3}}\n',
    })
    onTestFinished(folder.remove)
    return folder.path
  }

  async function upToTheRelearning(run: ReturnType<typeof practice>): Promise<void> {
    for (const [n, answer, grade] of [
      [1, 'a', '1'],
      [2, 'b', '3'],
      [3, 'c', '3'],
    ] as const) {
      await waitFor(run.out, 'answer> ', n)
      run.child.stdin?.write(`${answer}\n`)
      await waitFor(run.out, 'grade [', n)
      run.child.stdin?.write(`${grade}\n`)
    }
    await waitFor(run.out, '(again: relearning)')
    await waitFor(run.out, 'answer> ', 4)
  }

  it('at end of input: says the input ended and that the relearning showing was not done', async () => {
    const dir = relearnCorpus()
    const run = practice(dir)
    await upToTheRelearning(run)
    run.child.stdin?.end()
    expect(await exitOf(run)).toBe(0)
    expect(run.out()).toContain(
      'Practised 3 of 3 items: 1 again, 0 hard, 2 good, 0 easy. 1 relearning showing not done (input ended). Every grade given is in the log.',
    )
    expect(logLines(dir).map(line => JSON.parse(line).grade)).toEqual(['again', 'good', 'good'])
  }, 60_000)

  it('on Ctrl-C: says the session was interrupted, likewise', async () => {
    const dir = relearnCorpus()
    const run = practice(dir)
    await upToTheRelearning(run)
    run.child.kill('SIGINT')
    expect(await exitOf(run)).toBe(0)
    expect(run.out()).toContain(
      'Practised 3 of 3 items: 1 again, 0 hard, 2 good, 0 easy. 1 relearning showing not done (session interrupted).',
    )
  }, 60_000)
})
