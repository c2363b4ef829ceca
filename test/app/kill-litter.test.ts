import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerOfTempName } from '../../src/adapters/vault-paths.js'
import { exampleCorpus, expectSane, ITEM, litter, on, runCli } from '../fuzz/harness.js'
import { type BuiltCli, buildCli } from '../spec/built-cli.js'

// kill -9 at many points of `grade` (log append, state write) and of a triage edit (the Track
// note's atomic write): whatever the kill interrupted, the next writer leaves no temporary file
// in the corpus, and every log line is whole (issue 15: 30 files were left before).

let built: BuiltCli
beforeAll(async () => {
  built = await buildCli()
}, 120_000)
afterAll(() => built?.remove())

/**
 * Starts the command and kills it with SIGKILL the moment a temporary file appears in `folder`
 * (between the write of the temporary and its rename: the point that used to leave litter), or
 * after `afterMs` at the latest.
 */
function killedAtTemporary(args: string[], folder: string, afterMs: number): Promise<void> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [built.bin, ...args], { stdio: 'ignore' })
    const watcher = fs.watch(folder, (_event, name) => {
      if (name !== null && ownerOfTempName(name) !== null) child.kill('SIGKILL')
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), afterMs)
    child.on('close', () => {
      clearTimeout(timer)
      watcher.close()
      resolve()
    })
  })
}

const tornLines = (log: string): string[] =>
  log.split('\n').filter(line => line.startsWith('{"item"') && !line.endsWith('}'))

describe('kill -9 leaves no litter once the next writer has run', () => {
  it('grade and triage killed 5 times each inside their atomic writes: no temporary file after recovery, no torn log line', async () => {
    const corpus = exampleCorpus()
    try {
      const tornBefore = tornLines(fs.readFileSync(corpus.path('internalise/.srs/log.jsonl'), 'utf8'))
      // A large Track note, so its temporary takes a while to write.
      fs.appendFileSync(
        corpus.path('track/home.adoc'),
        `\n// filler\n${'// a comment line to make the note large\n'.repeat(20_000)}`,
      )
      const seen = new Set<string>()
      for (let point = 0; point < 5; point++) {
        await Promise.all([
          killedAtTemporary(on(corpus, 'grade', ITEM, 'good'), corpus.path('internalise/.srs'), 3_000),
          killedAtTemporary(
            on(corpus, 'triage', 'add', 'track/home.adoc', 'Now', `killed ${point}`),
            corpus.path('track'),
            3_000,
          ),
        ])
        for (const name of litter(corpus.root)) seen.add(name)
        // A lock left by a killed writer goes stale in 10 s (SPEC 1.4); that is the next test.
        fs.rmSync(corpus.path('internalise/.srs/log.lock'), { force: true })
      }
      // The kills did interrupt atomic writes in both folders: there was litter to clean.
      expect([...seen].some(name => name.startsWith('internalise/.srs/'))).toBe(true)
      expect([...seen].some(name => name.startsWith('track/'))).toBe(true)
      // Recovery: the next writers of each folder.
      expectSane(await runCli(built.bin, on(corpus, 'grade', ITEM, 'easy')), [0])
      expectSane(await runCli(built.bin, on(corpus, 'triage', 'add', 'track/home.adoc', 'Now', 'after')), [0])
      expect(litter(corpus.root)).toEqual([])
      for (const name of seen) expect(name).toMatch(/(^|\/)\.[^/]+\.\d+-[0-9a-z]{8}\.tmp$/)
      const log = fs.readFileSync(corpus.path('internalise/.srs/log.jsonl'), 'utf8')
      expect(log.endsWith('\n')).toBe(true)
      // The example log holds one torn line on purpose; the kills added none.
      expect(tornLines(log)).toEqual(tornBefore)
    } finally {
      corpus.remove()
    }
  })

  it('a lock left by a killed writer is taken over once stale, and the review is written', async () => {
    const corpus = exampleCorpus()
    try {
      const at = new Date(Date.now() - 11_000).toISOString()
      fs.writeFileSync(corpus.path('internalise/.srs/log.lock'), JSON.stringify({ owner: 'killed', at }))
      const run = await runCli(built.bin, on(corpus, 'grade', ITEM, 'good'))
      expectSane(run, [0])
      expect(fs.existsSync(corpus.path('internalise/.srs/log.lock'))).toBe(false)
    } finally {
      corpus.remove()
    }
  })
})
