import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCli } from '../spec/built-cli.js'
import { copyCorpus } from '../support/cli.js'
import { tempFolder } from '../support/temp-corpus.js'

// The real binary in a real pseudo-terminal (util-linux `script`): readline in terminal mode,
// colours on a TTY, Ctrl-C as a keystroke. Keystrokes are sent only once the prompt they answer
// is on screen, so the test does not depend on timing.

const DAY = '2026-12-15'
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
if (!hasScript)
  console.warn('terminal-session.test.ts: util-linux `script` is missing; install it (apt-get install bsdutils)')

// Laid out like the checkout (dist/cli next to examples/), so that start.js finds the example corpus.
let work: { path: string; remove: () => void }
beforeAll(async () => {
  if (!hasScript) return
  const built = await buildCli()
  work = { path: built.root, remove: built.remove }
}, 120_000)
afterAll(() => work?.remove())

/** A program running in a pseudo-terminal: everything it printed so far, keystrokes in, its exit. */
class Terminal {
  private output = ''
  private readonly child: ChildProcess
  readonly exited: Promise<number | null>

  constructor(args: string[], env: Record<string, string> = {}) {
    const command = [process.execPath, ...args].map(a => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')
    this.child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, TERM: 'xterm', NO_COLOR: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()))
    this.exited = new Promise(resolve => this.child.on('close', code => resolve(code)))
  }

  get text(): string {
    return this.output
  }

  /** Waits until `pattern` has appeared `times` times in the output. */
  async waitFor(pattern: string, times = 1): Promise<void> {
    const deadline = Date.now() + 20_000
    while (this.output.split(pattern).length - 1 < times) {
      if (Date.now() > deadline) throw new Error(`"${pattern}" did not appear; output so far:\n${this.output}`)
      await new Promise(r => setTimeout(r, 25))
    }
  }

  type(keys: string): void {
    this.child.stdin?.write(keys)
  }
}

const LEFT = '\u001b[D'
const CTRL_C = '\u0003'
const logOf = (dir: string) => readFileSync(join(dir, 'internalise/.srs/log.jsonl'), 'utf8').split('\n').filter(Boolean)

describe.runIf(hasScript)('practice in a real terminal (pseudo-terminal)', () => {
  it('renders the card, edits with the arrow keys, shows the diff, and prints a summary after Ctrl-C with every grade kept', async () => {
    const dir = copyCorpus()
    const before = logOf(dir).length
    const term = new Terminal([join(work.path, 'dist/cli/notekeeper.js'), 'practice', '--corpus', dir, '--today', DAY])
    await term.waitFor('answer> ')
    // Rendered: italics as an ANSI style, no AsciiDoc underscores.
    expect(term.text).toContain('When do you switch from \u001b[3mvous\u001b[23m to \u001b[3mtu\u001b[23m')
    expect(term.text).not.toContain('_vous_')
    // Type the answer without its first letter, go back 19 characters with the Left arrow, add it.
    term.type('hen they propose it')
    await term.waitFor('propose it')
    term.type(LEFT.repeat(19))
    await term.waitFor('\u001b[1D', 19)
    term.type('w')
    await term.waitFor('when they propose it')
    term.type('\r')
    await term.waitFor('Enter = good')
    expect(term.text).toContain('your answer: when they propose it')
    expect(term.text).not.toContain('^[[D')
    // The diff beside the response: the answer part recalled, the explanation marked as not typed.
    expect(term.text).toMatch(/diff: When they propose it \u001b\[32m\[\+/)
    term.type('\r')
    await term.waitFor('answer> ', 2)
    term.type('half an ans')
    await term.waitFor('half an ans')
    term.type(CTRL_C)
    expect(await term.exited).toBe(0)
    expect(term.text).toMatch(
      /Practised 1 of \d+ items: 0 again, 0 hard, 1 good, 0 easy\. \d+ left for later \(session interrupted\)\./,
    )
    const added = logOf(dir).slice(before)
    expect(added.map(l => JSON.parse(l))).toEqual([{ item: 'lang/french#tu-vous', date: DAY, grade: 'good' }])
  }, 60_000)

  it('writes no colour with NO_COLOR, and npm start removes its scratch copy when Ctrl-C ends the session', async () => {
    const tmp = tempFolder('notekeeper-pty-tmp-')
    try {
      mkdirSync(join(tmp.path, 't'))
      const term = new Terminal([join(work.path, 'dist/cli/start.js'), '--today', DAY], {
        NO_COLOR: '1',
        TMPDIR: join(tmp.path, 't'),
      })
      await term.waitFor('answer> ')
      const scratch = /throwaway copy of examples\/corpus in (\S+)/.exec(term.text)?.[1]
      expect(scratch && existsSync(scratch)).toBe(true)
      expect(term.text).toContain('When do you switch from vous to tu')
      expect(term.text).not.toContain('\u001b[3m')
      term.type(CTRL_C)
      expect(await term.exited).toBe(0)
      expect(term.text).toMatch(/Practised 0 of \d+ items/)
      expect(existsSync(scratch as string)).toBe(false)
      expect(readdirSync(join(tmp.path, 't'))).toEqual([])
    } finally {
      tmp.remove()
    }
  }, 60_000)

  it('lets go of the terminal when the session ends by itself: the process exits with the input still open', async () => {
    const dir = copyCorpus()
    const term = new Terminal([
      join(work.path, 'dist/cli/notekeeper.js'),
      'practice',
      '--note',
      'internalise/git.adoc',
      '--corpus',
      dir,
      '--today',
      '2026-12-05',
    ])
    for (let n = 1; n <= 2; n++) {
      await term.waitFor('answer> ', n)
      term.type('x\r')
      await term.waitFor('type 1-4, u = undo last', n)
      term.type('3\r')
    }
    expect(await term.exited).toBe(0)
    expect(term.text).toMatch(/Practised 2 of 2 items: 0 again, 0 hard, 2 good, 0 easy\./)
  }, 60_000)
})
