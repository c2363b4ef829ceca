import { readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { gitProcess } from '../../adapters/git-process.js'
import { mergeHeadsOf, mergeLogs, mergeStateTexts, rebasePickOf } from '../../app/git-merge.js'
import { gitSetup, NotAWorkTreeError, shellQuote } from '../../app/git-setup.js'
import { CONFIG_PATH } from '../../core/corpus.js'
import { GitMissingError } from '../../ports/git.js'
import type { CommandSpec } from '../command.js'
import { type Command, type CommandContext, UsageError } from '../context.js'

/**
 * `notekeeper git setup` (SPEC 4.1), and the two merge drivers git runs during a merge, at the
 * top of the work tree (`git merge-log --corpus DIR %O %A %B`, `git merge-state --corpus DIR
 * %O %A %B %P`: not for people, so not in the usage).
 */
export const gitCommand: Command = async ctx => {
  const [verb, ...rest] = ctx.args
  if (verb === 'setup' && rest.length === 0) return setup(ctx)
  if (verb === 'merge-log' && rest.length === 3) return mergeLogDriver(rest as [string, string, string])
  if (verb === 'merge-state' && rest.length === 4)
    return mergeStateDriver(ctx, rest as [string, string, string, string])
  throw new UsageError('usage: notekeeper git setup')
}

async function setup(ctx: CommandContext): Promise<0 | 2> {
  try {
    const { changed } = await gitSetup(gitProcess(ctx.corpusDir), ctx.vault, thisCli())
    if (ctx.json) ctx.out(JSON.stringify({ changed }))
    else {
      for (const line of changed) ctx.out(line)
      ctx.out(
        changed.length === 0
          ? 'git setup: already in place, nothing changed'
          : "git setup: done. The merge drivers live in this clone's git config, which git does not copy: run `notekeeper git setup` once in every clone.",
      )
    }
    return 0
  } catch (error) {
    if (error instanceof NotAWorkTreeError || error instanceof GitMissingError) {
      ctx.err(`notekeeper git setup: ${ctx.corpusDir}: ${error.message}; nothing written`)
      return 2
    }
    throw error
  }
}

/**
 * How git is to run this program: the Node that runs it and its own script, both absolute, so
 * that the drivers work from any shell git starts (a graphical client's PATH may lack both).
 * Falls back to `notekeeper` on PATH when this is not the built binary (a test runner, say).
 */
function thisCli(): string {
  const script = process.argv[1]
  if (script) {
    const real = realpathSync(script)
    if (basename(real) === 'notekeeper.js') return `${shellQuote(process.execPath)} ${shellQuote(real)}`
  }
  return 'notekeeper'
}

/** Git's temporary files are named relative to the top of the work tree, the driver's folder. */
const fromTop = (path: string): string => resolve(process.cwd(), path)

async function mergeLogDriver([base, ours, theirs]: [string, string, string]): Promise<0> {
  const texts = [base, ours, theirs].map(path => readFileSync(fromTop(path), 'utf8')) as [string, string, string]
  writeFileSync(fromTop(ours), mergeLogs(...texts))
  return 0
}

async function mergeStateDriver(ctx: CommandContext, [base, ours, theirs, path]: [string, string, string, string]) {
  const [baseText, oursText, theirsText] = [base, ours, theirs].map(file => readFileSync(fromTop(file), 'utf8')) as [
    string,
    string,
    string,
  ]
  const configText = await ctx.vault.read(CONFIG_PATH)
  const git = gitProcess(process.cwd())
  const rebaseDone = (await git.run(['rev-parse', '--git-path', 'rebase-merge/done'])).stdout.trim()
  const candidates = [...mergeHeadsOf(process.env), ...rebasePickOf(readIfAny(fromTop(rebaseDone)))]
  const merged = await mergeStateTexts(git, {
    base: baseText,
    ours: oursText,
    theirs: theirsText,
    path,
    configText,
    candidates,
    today: ctx.today,
  })
  writeFileSync(fromTop(ours), merged)
  return 0 as const
}

function readIfAny(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null // no rebase under way
  }
}

export const gitSpec: CommandSpec = {
  name: 'git',
  summary: 'set up the merge drivers for the log and state.json in a git clone',
  usage: ['setup [--json]'],
  description:
    'Run once in every clone of a corpus kept in git: git does not copy merge drivers with a clone.\n' +
    'git itself runs the hidden driver commands merge-log and merge-state during a merge.',
  // setup; merge-log O A B; merge-state O A B P
  args: { min: 1, max: 5 },
  json: true,
  run: gitCommand,
}
