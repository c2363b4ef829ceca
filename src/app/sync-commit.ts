import { CONFIG_PATH, LOCK_PATH, LOG_PATH, STATE_PATH } from '../core/corpus.js'
import type { Git } from '../ports/git.js'
import { CommitFailedError, gitOrThrow, inMerge, paths0 } from './sync-git.js'

// How sync commits the corpus folder: what it adds (never a new file with a dot name, ADR 0038)
// and the message that says what a commit holds, with the token that identifies it afterwards.

/**
 * The files sync never adds while git does not track them: a path with a dot name in it (an
 * editor's swap file, `.env`, `.DS_Store`), which Notekeeper never reads as a note either,
 * except its own (the log, the state, config.json, git setup's `.gitattributes` and
 * `.gitignore`). Once tracked, a file is committed as git tracks it.
 */
function neverAdded(path: string): boolean {
  if (OWN_DOT_PATHS.has(path)) return false
  return path.split('/').some(segment => segment.startsWith('.'))
}
const OWN_DOT_PATHS = new Set([LOG_PATH, STATE_PATH, CONFIG_PATH, '.gitattributes', '.gitignore'])

/**
 * New files of the corpus folder git does not ignore: those sync adds, and those it leaves out
 * (neverAdded) and names. Not named (`unnamed`): what else stands in Notekeeper's own folder
 * (`.srs`), the temporaries of its atomic writes, such as the lock's while its holder renews it
 * (lock.ts) as sync runs; they are never added either.
 */
export async function untrackedFiles(git: Git): Promise<{ added: string[]; leftOut: string[]; unnamed: string[] }> {
  const listed = (await gitOrThrow(git, ['ls-files', '--others', '--exclude-standard', '-z', '--', '.'])).stdout
  const paths = listed.split('\0').filter(path => path !== '')
  const never = paths.filter(neverAdded)
  return {
    added: paths.filter(path => !neverAdded(path)),
    leftOut: never.filter(path => !path.startsWith(SRS_FOLDER)),
    unnamed: never.filter(path => path.startsWith(SRS_FOLDER)),
  }
}
const SRS_FOLDER = LOCK_PATH.slice(0, LOCK_PATH.lastIndexOf('/') + 1)

/**
 * Notekeeper's own files (neverAdded's exceptions) that git does not track and ignores: a
 * person's global excludes file (`core.excludesFile`) may hold `*.jsonl`, `*.json` or `.*`, meant
 * for other projects. Left to `--exclude-standard`, the log would never be committed and no
 * review would reach the other device, while sync said "synced". They are added with `--force`.
 */
export async function ignoredOwnFiles(git: Git): Promise<string[]> {
  const listed = await gitOrThrow(git, [
    'ls-files',
    '--others',
    '--ignored',
    '--exclude-standard',
    '-z',
    '--',
    ...OWN_DOT_PATHS,
  ])
  return paths0(listed.stdout)
}

/**
 * Stages every change of the corpus folder and commits it, with a message saying what it is.
 * Returns the commit's subject (null: nothing to commit) and the new files left out (neverAdded).
 */
export async function commitAll(git: Git, subject: string | null): Promise<{ made: string | null; leftOut: string[] }> {
  // What git tracks, changed or deleted; then the new files, without dot names (neverAdded).
  await gitOrThrow(git, ['add', '--update', '--', '.'])
  const { added, leftOut } = await untrackedFiles(git)
  // Literal: a new file named `:inbox.txt` is a file, not pathspec magic.
  for (let at = 0; at < added.length; at += 200)
    await gitOrThrow(git, ['--literal-pathspecs', 'add', '--', ...added.slice(at, at + 200)])
  const ignored = await ignoredOwnFiles(git)
  if (ignored.length > 0) await gitOrThrow(git, ['--literal-pathspecs', 'add', '--force', '--', ...ignored])
  // `git setup`'s .gitignore keeps the lock out; should that line be gone, it is kept out here.
  await gitOrThrow(git, ['rm', '--cached', '--quiet', '--ignore-unmatch', '--', LOCK_PATH])
  const staged = (await git.run(['diff', '--cached', '--quiet'])).code !== 0
  if (!staged && subject === null) return { made: null, leftOut }
  const message = await describeStaged(git, subject)
  // The person's hooks run (no --no-verify): sync sends their notes to a remote, and a pre-commit
  // secret scanner is a safety net they set up. A hook that refuses is git refusing the commit:
  // said with the hook's words, everything staged, nothing lost (ADR 0038).
  const committed = await git.run(['commit', '--quiet', '--allow-empty', '-m', message])
  if (committed.code !== 0)
    throw new CommitFailedError(`git could not commit: ${committed.stderr.trim()}`, await inMerge(git))
  return { made: message.split('\n')[0] ?? message, leftOut }
}

/** "Notekeeper sync: 4 reviews, 1 undo; state.json; 2 notes", with the notes listed below. */
async function describeStaged(git: Git, subject: string | null): Promise<string> {
  // Git's own patch: a diff.external program (difftastic) or a textconv would print its own view.
  const diff = (
    await git.run(['diff', '--cached', '--unified=0', '--no-color', '--no-ext-diff', '--no-textconv', '--', LOG_PATH])
  ).stdout.split('\n')
  // A line removed and added again as it was (its final newline added or taken away) is no review.
  const removed = new Map<string, number>()
  for (const line of diff)
    if (line.startsWith('-') && !line.startsWith('---'))
      removed.set(line.slice(1), (removed.get(line.slice(1)) ?? 0) + 1)
  const added = diff.filter(line => {
    if (!line.startsWith('+') || line.startsWith('+++') || line.trim() === '+') return false
    const again = removed.get(line.slice(1)) ?? 0
    if (again > 0) removed.set(line.slice(1), again - 1)
    return again === 0
  })
  const voids = added.filter(line => /"void"\s*:/.test(line)).length
  const reviews = added.length - voids
  const files = paths0((await git.run(['diff', '--cached', '--name-only', '-z', '--relative'])).stdout)
  const others = files.filter(path => path !== LOG_PATH && path !== STATE_PATH)
  const parts: string[] = []
  if (reviews > 0) parts.push(`${reviews} review${reviews === 1 ? '' : 's'}`)
  if (voids > 0) parts.push(`${voids} undo${voids === 1 ? '' : 's'}`)
  if (files.includes(STATE_PATH)) parts.push('state.json')
  if (others.length > 0) parts.push(`${others.length} other file${others.length === 1 ? '' : 's'}`)
  const what = parts.length > 0 ? parts.join(', ') : 'nothing changed here'
  const head = subject ? `${subject} (${what})` : `Notekeeper sync: ${what}`
  const list = others.length > 0 ? `${others.map(path => `- ${path}`).join('\n')}\n\n` : ''
  // Two devices with one git identity that made the very same reviews in the same second would
  // otherwise write the very same commit, and git would see one commit, and one set of reviews.
  return `${head}\n\n${list}Notekeeper-Sync: ${syncToken()}\n`
}

function syncToken(): string {
  return `${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 10)}`
}
