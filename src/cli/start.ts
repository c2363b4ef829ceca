import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './main.js'

/**
 * `npm start`: practice on a throwaway copy of the bundled example corpus, so that trying
 * Notekeeper never modifies the repository. `npm start -- --corpus DIR` practises on a real corpus.
 * The copy is removed on every way out: the end of the session, Ctrl-C (on a terminal readline
 * turns it into the end of input; a SIGINT, SIGTERM or SIGHUP from elsewhere stops the run), and
 * an error.
 */
const argv = process.argv.slice(2)
const hasCorpus = argv.some(a => a === '--corpus' || a.startsWith('--corpus='))
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..')
let scratch: string | null = null
const removeScratch = () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
  scratch = null
}
if (!hasCorpus) {
  scratch = mkdtempSync(join(tmpdir(), 'notekeeper-example-'))
  cpSync(join(repoRoot, 'examples', 'corpus'), scratch, { recursive: true })
  process.stderr.write(`Practising on a throwaway copy of examples/corpus in ${scratch}\n`)
  process.on('exit', removeScratch)
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      removeScratch()
      process.exit(128 + (signal === 'SIGTERM' ? 15 : 1))
    })
  }
}
const command = argv[0] && !argv[0].startsWith('--') ? [] : ['practice']
try {
  process.exitCode = await run([...command, ...argv, ...(scratch ? ['--corpus', scratch] : [])])
} finally {
  removeScratch()
}
