import { UsageError } from './context.js'

/** Options that take a value; every other `--name` is a switch. */
const VALUE_OPTIONS = new Set(['corpus', 'today', 'date', 'out', 'expect', 'days', 'use', 'note', 'folder'])

export interface ParsedArgs {
  command: string | null
  positional: string[]
  options: Map<string, string | true>
}

/** `--name value`, `--name=value` and `--switch`, anywhere on the line; `--` ends options. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = []
  const options = new Map<string, string | true>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      positional.push(...argv.slice(i + 1))
      break
    }
    if (!arg.startsWith('--') || arg === '--') {
      positional.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq)
    if (eq >= 0) options.set(name, arg.slice(eq + 1))
    else if (VALUE_OPTIONS.has(name)) {
      const value = argv[i + 1]
      if (value === undefined) throw new UsageError(`--${name} needs a value`)
      options.set(name, value)
      i++
    } else options.set(name, true)
  }
  const [command = null, ...rest] = positional
  return { command, positional: rest, options }
}
