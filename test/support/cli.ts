import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { onTestFinished } from 'vitest'
import { run } from '../../src/cli/main.js'
import { copyCorpus as copyFolder } from './temp-corpus.js'

export const EXAMPLE_CORPUS = join(import.meta.dirname, '..', '..', 'examples', 'corpus')

/**
 * A throwaway copy of a corpus folder (the example by default), removed when the test ends:
 * tests never touch the repository. Call it inside a test.
 */
export function copyCorpus(from = EXAMPLE_CORPUS): string {
  const folder = copyFolder(from)
  onTestFinished(folder.remove)
  return folder.path
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs the CLI in-process with captured output and the given lines as standard input;
 * `stdoutIsTty`: standard output says it is a terminal (as a real one does, `isTTY`).
 */
export async function cli(
  args: string[],
  input: string[] = [],
  options: { stdoutIsTty?: boolean } = {},
): Promise<CliResult> {
  const stdout = Object.assign(new PassThrough(), options.stdoutIsTty ? { isTTY: true } : {})
  const stderr = new PassThrough()
  const chunks = { out: [] as string[], err: [] as string[] }
  stdout.on('data', (c: Buffer) => chunks.out.push(c.toString()))
  stderr.on('data', (c: Buffer) => chunks.err.push(c.toString()))
  const stdin = Readable.from(input.map(line => `${line}\n`))
  const code = await run(args, { stdout, stderr, stdin })
  return { code, stdout: chunks.out.join(''), stderr: chunks.err.join('') }
}
