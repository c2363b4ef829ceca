import { parseArgs as nodeParseArgs } from 'node:util'
import { nearestName } from '../core/edit-distance.js'
import { CORPUS_OPTIONS, type CommandSpec, HELP_OPTION, JSON_OPTION, type OptionSpec } from './command.js'
import { UsageError } from './context.js'

/** What the command line asks for, once it has been checked against the command's declaration. */
export type Invocation =
  | { kind: 'version' }
  | { kind: 'help'; spec: CommandSpec | null; error: boolean }
  | { kind: 'run'; spec: CommandSpec; parsed: ParsedArgs }

export interface ParsedArgs {
  command: string
  positional: string[]
  /** Every option given, by its long name: a string option's value, or `true` for a switch. */
  options: Map<string, string | true>
}

/** Options understood before any command name. */
const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  ...CORPUS_OPTIONS,
  json: JSON_OPTION,
  help: HELP_OPTION,
  version: { type: 'boolean', help: 'print the version' },
}

/**
 * Strict parsing (`node:util` parseArgs underneath): the command is the first argument that is
 * not an option; then only the options that command declares, each once, with a value exactly
 * when it takes one; the declared number of arguments. Anything else is a UsageError (exit 2)
 * before the command runs, so a typo (`validate --dryrun`) can never write.
 */
export function parseCommandLine(argv: readonly string[], specs: readonly CommandSpec[]): Invocation {
  const first = scan(argv, GLOBAL_OPTIONS).find(token => token.kind === 'positional')
  if (first === undefined) {
    const global = check(scan(argv, GLOBAL_OPTIONS), GLOBAL_OPTIONS, 'notekeeper')
    if (global.options.has('version')) return { kind: 'version' }
    return { kind: 'help', spec: null, error: !global.options.has('help') }
  }
  const name = first.value
  const rest = argv.filter((_, index) => index !== first.index)
  if (name === 'help') {
    const parsed = check(scan(rest, { help: HELP_OPTION }), { help: HELP_OPTION }, 'help')
    const [topic, ...extra] = parsed.positional
    if (extra.length > 0) throw new UsageError('help takes at most one command name')
    return { kind: 'help', spec: topic === undefined ? null : findSpec(topic, specs), error: false }
  }
  const spec = findSpec(name, specs)
  try {
    const options = optionsOf(spec)
    const parsed = check(scan(rest, options), options, spec.name)
    if (parsed.options.has('help')) return { kind: 'help', spec, error: false }
    const { min, max } = spec.args ?? { min: 0, max: 0 }
    const count = parsed.positional.length
    if (count < min || count > max) {
      const expected = max === 0 ? 'no arguments' : min === max ? `${min} argument${min === 1 ? '' : 's'}` : null
      const given = count === 0 ? 'none' : `"${parsed.positional.join(' ')}"`
      throw new UsageError(
        expected === null ? `${spec.name}: missing arguments` : `${spec.name} takes ${expected} (got ${given})`,
      )
    }
    spec.checkOptions?.(parsed)
    return { kind: 'run', spec, parsed: { command: spec.name, ...parsed } }
  } catch (error) {
    throw error instanceof UsageError ? new CommandUsageError(error.message, spec) : error
  }
}

/** A usage error of a known command: its synopsis is printed under the message. */
export class CommandUsageError extends UsageError {
  constructor(
    message: string,
    readonly spec: CommandSpec,
  ) {
    super(message)
  }
}

/** Every option a command accepts: its own, the corpus ones, `--json` if it has JSON output, `-h`. */
export function optionsOf(spec: CommandSpec): Record<string, OptionSpec> {
  return {
    ...(spec.corpus === false ? {} : CORPUS_OPTIONS),
    ...(spec.json ? { json: JSON_OPTION } : {}),
    ...spec.options,
    help: HELP_OPTION,
  }
}

function findSpec(name: string, specs: readonly CommandSpec[]): CommandSpec {
  const spec = specs.find(s => s.name === name)
  if (spec) return spec
  throw new UsageError(
    `unknown command "${name}"${didYouMean(
      name,
      specs.map(s => s.name),
      '',
    )}`,
  )
}

type Token = ReturnType<typeof nodeParseArgs>['tokens'] extends (infer T)[] | undefined ? T : never

function scan(argv: readonly string[], options: Record<string, OptionSpec>): Token[] {
  const config: Record<string, { type: 'string' | 'boolean'; short?: string }> = {}
  for (const [name, option] of Object.entries(options))
    config[name] = name === 'help' ? { type: 'boolean', short: 'h' } : { type: option.type }
  return nodeParseArgs({ args: [...argv], options: config, strict: false, allowPositionals: true, tokens: true }).tokens
}

function check(
  tokens: Token[],
  options: Record<string, OptionSpec>,
  where: string,
): { positional: string[]; options: Map<string, string | true> } {
  const positional: string[] = []
  const given = new Map<string, string | true>()
  for (const token of tokens) {
    if (token.kind === 'positional') positional.push(token.value)
    if (token.kind !== 'option') continue
    const option = options[token.name]
    const raw = token.rawName
    if (option === undefined)
      throw new UsageError(`${where}: unknown option ${raw}${didYouMean(token.name, Object.keys(options), '--')}`)
    if (given.has(token.name)) throw new UsageError(`${where}: ${raw} given twice`)
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${where}: ${raw} takes no value (got "${token.value}")`)
      given.set(token.name, true)
      continue
    }
    // An empty value is no value: `--corpus "$DIR"` with DIR unset ran on the current folder, and
    // `--folder ""` practised the whole corpus, where the caller meant one folder.
    if (token.value === undefined || token.value === '')
      throw new UsageError(`${where}: ${raw} needs a value (${option.value ?? 'VALUE'})`)
    if (!token.inlineValue && token.value.startsWith('-'))
      throw new UsageError(
        `${where}: ${raw} needs a value (${option.value ?? 'VALUE'}), not "${token.value}" (write ${raw}=${token.value} if that is the value)`,
      )
    given.set(token.name, token.value)
  }
  return { positional, options: given }
}

/** ` (did you mean --dry-run?)` when one known name is within two edits (or a prefix) of the typo. */
function didYouMean(typo: string, known: readonly string[], prefix: string): string {
  const near = nearestName(typo, known)
  return near === null ? '' : ` (did you mean ${prefix}${near}?)`
}
