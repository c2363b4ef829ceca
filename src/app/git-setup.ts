import { LOCK_PATH, LOG_PATH, STATE_PATH } from '../core/corpus.js'
import type { Git } from '../ports/git.js'
import type { Vault } from '../ports/vault.js'

/** The merge drivers' names in `.gitattributes` and in the clone's git config (SPEC 4.1). */
export const LOG_DRIVER = 'notekeeper-log'
export const STATE_DRIVER = 'notekeeper-state'

/** The lines `git setup` makes sure of: attributes beside the corpus root, patterns anchored to it. */
export const ATTRIBUTE_LINES = [`/${LOG_PATH} merge=${LOG_DRIVER}`, `/${STATE_PATH} merge=${STATE_DRIVER}`]
export const IGNORE_LINES = [`/${LOCK_PATH}`]

/** Raised outside a git work tree (exit 2, nothing written). */
export class NotAWorkTreeError extends Error {
  override name = 'NotAWorkTreeError'
}

export interface SetupOutcome {
  /** What changed, one short line each; empty when everything was already in place. */
  changed: string[]
}

/**
 * `notekeeper git setup` (SPEC 4.1): `.gitattributes` names the two merge drivers, `.gitignore`
 * the log's lock, and the clone's git config says how to run the drivers, since git versions
 * neither drivers nor hooks. `cli` is the command that runs this program (`node '/…/notekeeper.js'`).
 * Idempotent: a second run changes nothing and says so.
 */
export async function gitSetup(git: Git, vault: Vault, cli: string): Promise<SetupOutcome> {
  await assertWorkTree(git)
  const changed: string[] = []
  if (await ensureLines(vault, '.gitattributes', ATTRIBUTE_LINES)) changed.push('.gitattributes: merge drivers named')
  if (await ensureLines(vault, '.gitignore', IGNORE_LINES)) changed.push(`.gitignore: ${LOCK_PATH} ignored`)
  // Git runs drivers at the top of the work tree; the corpus may be a folder below it.
  const prefix = (await git.run(['rev-parse', '--show-prefix'])).stdout.trim().replace(/\/$/, '') || '.'
  const corpus = `--corpus ${shellQuote(prefix)}`
  const config: Array<[string, string]> = [
    [`merge.${LOG_DRIVER}.name`, 'Notekeeper review log: every line of both sides, none lost'],
    [`merge.${LOG_DRIVER}.driver`, `${cli} git merge-log ${corpus} %O %A %B`],
    [`merge.${STATE_DRIVER}.name`, 'Notekeeper state: replayed over the merged log'],
    [`merge.${STATE_DRIVER}.driver`, `${cli} git merge-state ${corpus} %O %A %B %P`],
  ]
  for (const [key, value] of config) {
    const current = await git.run(['config', '--local', '--get', key])
    if (current.code === 0 && current.stdout.replace(/\n$/, '') === value) continue
    const set = await git.run(['config', '--local', key, value])
    if (set.code !== 0) throw new Error(`git config ${key} failed: ${set.stderr.trim()}`)
    changed.push(`git config ${key}`)
  }
  return { changed }
}

/** Whether this clone's git config names both drivers (sync refuses to merge without them). */
export async function driversConfigured(git: Git): Promise<boolean> {
  for (const name of [LOG_DRIVER, STATE_DRIVER]) {
    const result = await git.run(['config', '--get', `merge.${name}.driver`])
    if (result.code !== 0 || result.stdout.trim() === '') return false
  }
  return true
}

export async function assertWorkTree(git: Git): Promise<void> {
  const result = await git.run(['rev-parse', '--is-inside-work-tree'])
  if (result.code === 0 && result.stdout.trim() === 'true') return
  // A repository git will not use (owned by another user: safe.directory; a config file it cannot
  // read) is no reason to `git init` there: git's own words say what to do.
  const said = result.stderr.trim()
  if (result.code !== 0 && said !== '' && !/not a git repository/.test(said))
    throw new NotAWorkTreeError(`git will not work in the corpus folder: ${said}`)
  throw new NotAWorkTreeError(
    'the corpus folder is not in a git work tree: clone the corpus, or run `git init` there first',
  )
}

/** Adds each missing line at the end of the file, leaving every other byte as it was. Returns whether it wrote. */
async function ensureLines(vault: Vault, path: string, lines: readonly string[]): Promise<boolean> {
  const text = (await vault.read(path)) ?? ''
  const present = new Set(text.split(/\r?\n/).map(line => line.trim()))
  const missing = lines.filter(line => !present.has(line))
  if (missing.length === 0) return false
  const separator = text === '' || text.endsWith('\n') ? '' : '\n'
  await vault.write(path, `${text}${separator}${missing.join('\n')}\n`)
  return true
}

/** `text` as one word for the shell git runs drivers with (POSIX sh). */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`
}
