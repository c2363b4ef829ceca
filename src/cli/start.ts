import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './main.js'

/**
 * `npm start`: practice on a throwaway copy of the bundled example corpus, so that trying
 * Notekeeper never modifies the repository. `npm start -- --corpus DIR` practises on a real corpus.
 */
const argv = process.argv.slice(2)
const hasCorpus = argv.some(a => a === '--corpus' || a.startsWith('--corpus='))
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..')
let scratch: string | null = null
if (!hasCorpus) {
  scratch = mkdtempSync(join(tmpdir(), 'notekeeper-example-'))
  cpSync(join(repoRoot, 'examples', 'corpus'), scratch, { recursive: true })
  process.stderr.write(`Practising on a throwaway copy of examples/corpus in ${scratch}\n`)
}
const command = argv[0] && !argv[0].startsWith('--') ? [] : ['practice']
const code = await run([...command, ...argv, ...(scratch ? ['--corpus', scratch] : [])])
if (scratch) rmSync(scratch, { recursive: true, force: true })
process.exitCode = code
