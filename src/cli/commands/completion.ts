import { optionsOf } from '../args.js'
import type { CommandSpec, OptionSpec } from '../command.js'
import { UsageError } from '../context.js'

const SHELLS = ['bash', 'zsh', 'fish'] as const
type Shell = (typeof SHELLS)[number]

/**
 * `notekeeper completion bash|zsh|fish`: a completion script generated from the commands'
 * declarations (so a new command or option completes without touching this file), on stdout:
 * `eval "$(notekeeper completion bash)"`, or save it where the shell loads completions from.
 */
export function completionSpec(commands: () => readonly CommandSpec[]): CommandSpec {
  return {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh or fish)',
    usage: ['bash|zsh|fish'],
    description:
      'bash: eval "$(notekeeper completion bash)" in ~/.bashrc. zsh: notekeeper completion zsh > ~/.zfunc/_notekeeper (a folder on $fpath). fish: notekeeper completion fish > ~/.config/fish/completions/notekeeper.fish',
    args: { min: 1, max: 1 },
    corpus: false,
    run: async ctx => {
      const shell = ctx.args[0] as string
      if (!(SHELLS as readonly string[]).includes(shell))
        throw new UsageError(`completion: "${shell}" is not one of ${SHELLS.join(', ')}`)
      ctx.out(completionScript(shell as Shell, commands()))
      return 0
    },
  }
}

export function completionScript(shell: Shell, specs: readonly CommandSpec[]): string {
  if (shell === 'bash') return bash(specs)
  if (shell === 'zsh') return zsh(specs)
  return fish(specs)
}

const names = (spec: CommandSpec): string[] => Object.keys(optionsOf(spec)).map(name => `--${name}`)
const valueKind = (option: OptionSpec): 'folder' | 'file' | 'word' =>
  option.value === 'DIR' ? 'folder' : option.value === 'FILE' ? 'file' : 'word'

function bash(specs: readonly CommandSpec[]): string {
  const valued = [...new Set(specs.flatMap(spec => Object.entries(optionsOf(spec))))]
    .filter(([, option]) => option.type === 'string')
    .map(([name]) => `--${name}`)
  const cases = specs.map(spec => `    ${spec.name}) words="${names(spec).join(' ')}" ;;`).join('\n')
  return `# notekeeper completion for bash: eval "$(notekeeper completion bash)"
_notekeeper() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" command="" words i
  case "$prev" in
    --corpus) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    ${[...new Set(valued)].filter(name => name !== '--corpus' && name !== '--out').join('|') || '--'}) COMPREPLY=(); return ;;
  esac
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      --corpus|--today) ((i++)) ;;
      -*) ;;
      *) command="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  case "$command" in
    "") words="${specs.map(spec => spec.name).join(' ')} help --help --version" ;;
${cases}
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _notekeeper notekeeper
`
}

const zshEscape = (text: string): string => text.replace(/'/g, `'\\''`).replace(/[[\]:]/g, char => `\\${char}`)

function zsh(specs: readonly CommandSpec[]): string {
  const commands = specs.map(spec => `    '${spec.name}:${zshEscape(spec.summary)}'`).join('\n')
  const cases = specs
    .map(spec => {
      const options = Object.entries(optionsOf(spec)).map(([name, option]) => {
        const help = zshEscape(option.help)
        if (option.type === 'boolean') return `'--${name}[${help}]'`
        const action = { folder: '_files -/', file: '_files', word: ' ' }[valueKind(option)]
        return `'--${name}[${help}]:${option.value ?? 'value'}:${action}'`
      })
      return `    ${spec.name}) _arguments ${options.join(' ')} '*:argument:_files' ;;`
    })
    .join('\n')
  return `#compdef notekeeper
# notekeeper completion for zsh: notekeeper completion zsh > "\${fpath[1]}/_notekeeper"
_notekeeper() {
  local -a commands
  commands=(
${commands}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local command=$words[2]
  shift words
  (( CURRENT-- ))
  case $command in
${cases}
  esac
}
_notekeeper "$@"
`
}

const fishEscape = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

function fish(specs: readonly CommandSpec[]): string {
  const lines = [
    '# notekeeper completion for fish: notekeeper completion fish > ~/.config/fish/completions/notekeeper.fish',
    'complete -c notekeeper -f',
    `complete -c notekeeper -n __fish_use_subcommand -l version -d ${fishEscape('print the version')}`,
  ]
  for (const spec of specs) {
    lines.push(`complete -c notekeeper -n __fish_use_subcommand -a ${spec.name} -d ${fishEscape(spec.summary)}`)
    for (const [name, option] of Object.entries(optionsOf(spec))) {
      const value =
        option.type === 'boolean'
          ? ''
          : { folder: " -r -a '(__fish_complete_directories)'", file: ' -r -F', word: ' -r' }[valueKind(option)]
      lines.push(
        `complete -c notekeeper -n '__fish_seen_subcommand_from ${spec.name}' -l ${name}${value} -d ${fishEscape(option.help)}`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
