import { version } from '../../package.json'
import { LockTimeoutError, lockWaitNotice } from '../app/lock.js'
import { LogWriteError } from '../app/log-writer.js'
import { ConfigInvalidError } from '../app/write-state.js'
import { plainText } from '../core/terminal-text.js'
import { VaultError } from '../ports/vault.js'
import { CommandUsageError, parseCommandLine } from './args.js'
import type { CommandSpec } from './command.js'
import { warnAboutConfig } from './config-output.js'
import { type ExitCode, UsageError } from './context.js'
import { commandHelp, commandUsage, globalUsage } from './help.js'
import { CorpusUnreadableError, nodeContext } from './node-context.js'
import { COMMANDS } from './registry.js'

export interface CliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
}

/**
 * One run of the command line. Help asked for goes to stdout (exit 0); a usage error goes to
 * stderr as one `notekeeper:` line and the command's synopsis (exit 2), before anything is read
 * or written.
 */
export async function run(
  argv: readonly string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
): Promise<ExitCode> {
  let spec: CommandSpec | null = null
  // What is written here past the context's `out` and `err` is cleaned as they clean (SPEC 3): a
  // usage error quotes the argument (a file name, often), a VaultError's message names its path.
  const write = (stream: NodeJS.WritableStream, text: string) => stream.write(plainText(text))
  try {
    const invocation = parseCommandLine(argv, COMMANDS)
    if (invocation.kind === 'version') {
      write(io.stdout, `notekeeper ${version}\n`)
      return 0
    }
    if (invocation.kind === 'help') {
      const text = invocation.spec ? commandHelp(invocation.spec) : globalUsage(COMMANDS)
      write(invocation.error ? io.stderr : io.stdout, `${text}\n`)
      return invocation.error ? 2 : 0
    }
    spec = invocation.spec
    const ctx = nodeContext(invocation.parsed, io, { corpus: spec.corpus !== false, styles: spec.styles === true })
    if (spec.corpus !== false) await warnAboutConfig(ctx)
    // A command that waits for another writer's lock says so, rather than seeming to hang.
    lockWaitNotice(message => write(io.stderr, `notekeeper: ${message}\n`))
    return await spec.run(ctx)
  } catch (error) {
    if (error instanceof UsageError) {
      if (error instanceof CommandUsageError) spec = error.spec
      const usage = spec ? `${commandUsage(spec)}\n(notekeeper ${spec.name} --help for more)` : globalUsage(COMMANDS)
      write(io.stderr, `notekeeper: ${error.message}\n${usage}\n`)
      return 2
    }
    if (
      error instanceof CorpusUnreadableError ||
      error instanceof ConfigInvalidError ||
      error instanceof VaultError ||
      error instanceof LockTimeoutError ||
      error instanceof LogWriteError
    ) {
      // One sentence for the person; the stack only when asked for (it is ours, not theirs).
      write(io.stderr, `notekeeper: ${error.message}\n${debugStack(error)}`)
      return 2
    }
    throw error
  } finally {
    lockWaitNotice(null)
  }
}

/** `NOTEKEEPER_DEBUG=1`: the stack of an error, for a bug report; otherwise nothing. */
export function debugStack(error: unknown): string {
  if (process.env['NOTEKEEPER_DEBUG'] !== '1') return ''
  return `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`
}
