import { optionsOf } from './args.js'
import type { CommandSpec } from './command.js'

const EXIT_STATUS =
  'exit status: 0 done, no error found; 1 errors found or edit refused; 2 bad usage, not a corpus, unreadable corpus, invalid config'

/** `notekeeper --help`: every command's synopsis and summary, from the declarations. */
export function globalUsage(specs: readonly CommandSpec[]): string {
  const lines = [
    'usage: notekeeper <command> [options]   (notekeeper <command> --help for its options)',
    '',
    'commands:',
  ]
  for (const spec of specs) lines.push(`  ${spec.name.padEnd(12)}${spec.summary}`)
  lines.push(
    '',
    'options of every corpus command: --corpus DIR (default: the current folder), --today YYYY-MM-DD',
    'notekeeper --version prints the version.',
    '',
    EXIT_STATUS,
  )
  return lines.join('\n')
}

/** The synopsis alone, printed under a usage error. */
export function commandUsage(spec: CommandSpec): string {
  return spec.usage
    .map((line, index) => `${index === 0 ? 'usage: ' : '       '}notekeeper ${spec.name}${line ? ` ${line}` : ''}`)
    .join('\n')
}

/** `notekeeper COMMAND --help`: synopsis, summary, description, every option with its help. */
export function commandHelp(spec: CommandSpec): string {
  const options = Object.entries(optionsOf(spec)).map(([name, option]) => {
    const left = `${name === 'help' ? '-h, ' : '    '}--${name}${option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : ''}`
    return `  ${left.padEnd(28)}${option.help}`
  })
  return [commandUsage(spec), '', spec.summary, ...(spec.description ? ['', spec.description] : []), '', 'options:']
    .concat(options, ['', EXIT_STATUS])
    .join('\n')
}
