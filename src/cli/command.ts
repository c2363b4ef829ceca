import type { Command } from './context.js'

/** One option of one command, as `node:util` parseArgs takes it, plus what `--help` says of it. */
export interface OptionSpec {
  type: 'string' | 'boolean'
  /** The value's placeholder in help (`FILE`, `N`); string options only. */
  value?: string
  help: string
}

/**
 * Everything the command line knows about one command: its name, what `--help` prints, the
 * options it accepts (anything else is exit 2 before it runs) and how many arguments it takes.
 * A new command is one file exporting one of these, listed in `registry.ts`.
 */
export interface CommandSpec {
  name: string
  /** One line for the global usage. */
  summary: string
  /** Synopsis lines, each after `notekeeper NAME` (an empty string: the name alone). */
  usage: readonly string[]
  /** Longer explanation for `--help`, if the synopsis is not enough. */
  description?: string
  options?: Readonly<Record<string, OptionSpec>>
  /** Positional arguments accepted (default none). */
  args?: { min: number; max: number }
  /** Whether `--json` is accepted (default false). */
  json?: boolean
  /** Whether the command works on a corpus (`--corpus`, `--today`); default true. */
  corpus?: boolean
  /**
   * Whether the command styles its text output (`ctx.color`): only then, and with colour on, do
   * the styles of src/core/terminal-text.ts `STYLES` pass the output's cleaning. Any other
   * command prints note text as it comes (an id, a title), where a note could write one of them
   * and leave the terminal in it; such a command forgetting this flag shows no colour, never a
   * note's.
   */
  styles?: boolean
  /**
   * Refuses options that each parse but make no sense together (`schedulers --use NAME
   * --compare`) by throwing a UsageError: called once the command line parsed, before the
   * context is built, so such a run reads and writes nothing.
   */
  checkOptions?: (parsed: { positional: readonly string[]; options: ReadonlyMap<string, string | true> }) => void
  run: Command
}

/** Options every corpus command accepts, before or after its name. */
export const CORPUS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  corpus: { type: 'string', value: 'DIR', help: 'the corpus folder (default: the current folder)' },
  today: { type: 'string', value: 'YYYY-MM-DD', help: "today's date (default: the local date)" },
}

export const JSON_OPTION: OptionSpec = { type: 'boolean', help: 'machine-readable output on stdout' }
export const HELP_OPTION: OptionSpec = { type: 'boolean', help: 'show this help' }
