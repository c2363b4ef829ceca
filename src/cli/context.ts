import type { LogCache } from '../app/log-cache.js'
import type { ScanCache } from '../app/scan-cache.js'
import type { IsoDate } from '../core/types.js'
import type { Vault } from '../ports/vault.js'

/**
 * What every command gets. Commands never touch process.* directly, so that tests can run them
 * in-process with a captured output and a memory vault.
 */
export interface CommandContext {
  vault: Vault
  /** The corpus folder, absolute (for messages and `--out`). */
  corpusDir: string
  /** The current folder: `--out` is relative to it. */
  cwd: string
  today: IsoDate
  json: boolean
  /** Positional arguments after the command name (and its verb, for `triage`). */
  args: string[]
  /** `--name value` and `--flag` options other than the global ones. */
  flags: Map<string, string | true>
  out: (text: string) => void
  err: (text: string) => void
  /** Lines of standard input, for interactive commands; ends when input ends. */
  input: AsyncIterable<string>
  /** Where a command may keep caches (never inside the corpus). */
  cacheDir: string
  /** The note models of earlier runs (in `cacheDir`); none: every load scans every note. */
  scanCache?: ScanCache
  /** The log as read by earlier runs (in `cacheDir`, ADR 0025); none: every load reads the whole log. */
  logCache?: LogCache
  /** Whether standard input and output are a terminal. */
  interactive: boolean
  /** Shows a prompt and reads one line (readline with editing and history on a terminal); null at end of input or Ctrl-C. */
  readLine?: (prompt: string) => Promise<string | null>
  /** Lets go of the terminal once a command has read all it needs (readline would keep the process alive). */
  closeInput?: () => void
  /** Whether Ctrl-C (SIGINT) ended the input `readLine` reads, rather than the input's end. */
  inputInterrupted?: () => boolean
  /**
   * Whether output may carry ANSI styles: the command styles its output (CommandSpec `styles`),
   * standard output is a terminal and NO_COLOR is not set.
   */
  color?: boolean
}

/** Exit status, SPEC 3: 0 done with no error finding, 1 errors found or edit refused, 2 bad usage / unreadable / config-invalid. */
export type ExitCode = 0 | 1 | 2

export type Command = (ctx: CommandContext) => Promise<ExitCode>

/** A usage error: reported on stderr with exit 2, nothing written. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export function flagString(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.flags.get(name)
  if (value === true) throw new UsageError(`--${name} needs a value`)
  return value
}
