import type { Git } from '../ports/git.js'

// What `notekeeper sync` (sync.ts) and its checks (sync-checks.ts) share: its errors and the
// small git questions both ask.

/**
 * Sync will not go on: no drivers, no branch, an invalid config, a log that was rewritten, a
 * file with conflict markers (exit 2). Raised before anything of the step it guards is done.
 */
export class SyncRefusedError extends Error {
  override name = 'SyncRefusedError'
}

/** A git command failed (the network, a remote refusing); what was committed before stays committed. */
export class GitFailedError extends Error {
  override name = 'GitFailedError'
}

/**
 * The remote turned the push down for good (a hook, a protected branch, permissions): trying
 * again, as for a push that lost a race, would be turned down the same way.
 */
export class PushRefusedError extends GitFailedError {
  override name = 'PushRefusedError'
}

/**
 * Git would not make a commit here: `commit.gpgsign` with no key it can use, no `user.name` or
 * `user.email` on a fresh machine. Sync again changes nothing until git can commit; what was to
 * be committed is staged, and a merge sync began stays in the work tree for the next sync.
 */
export class CommitFailedError extends GitFailedError {
  override name = 'CommitFailedError'
  constructor(
    message: string,
    /** Whether a merge is under way (its result in the work tree, MERGE_HEAD set). */
    readonly merging: boolean,
  ) {
    super(message)
  }
}

export async function gitOrThrow(git: Git, args: string[]): Promise<{ stdout: string }> {
  const result = await git.run(args)
  if (result.code !== 0) throw new GitFailedError(`git ${args[0]} failed: ${result.stderr.trim()}`)
  return result
}

export async function existingRef(git: Git, ref: string): Promise<string | null> {
  const result = await git.run(['rev-parse', '--quiet', '--verify', `${ref}^{commit}`])
  return result.code === 0 ? result.stdout.trim() : null
}

/** A corpus file's text in a commit, or null when the commit has no such file. */
export async function fileAt(git: Git, commit: string, path: string): Promise<string | null> {
  const result = await git.run(['show', `${commit}:./${path}`])
  return result.code === 0 ? result.stdout : null
}

export function lines(text: string): string[] {
  return text.split('\n').filter(line => line.trim() !== '')
}

/** A commit as a person can type it back: its first 10 hex digits. */
export function short(commit: string): string {
  return commit.slice(0, 10)
}

export async function inMerge(git: Git): Promise<boolean> {
  return (await existingRef(git, 'MERGE_HEAD')) !== null
}

/** The paths of a `-z` listing. */
export function paths0(text: string): string[] {
  return text.split('\0').filter(path => path !== '')
}

/** Where a sync fetches from and pushes to. */
export interface RemoteTarget {
  remote: string
  branch: string
  /** The branch checked out here (its upstream may have another name). */
  local: string
  /** Whether the branch already has an upstream (otherwise the push sets it). */
  upstream: boolean
}

export async function remoteTarget(git: Git): Promise<RemoteTarget | null> {
  const remotes = lines((await gitOrThrow(git, ['remote'])).stdout)
  if (remotes.length === 0) return null
  const head = await git.run(['symbolic-ref', '--quiet', '--short', 'HEAD'])
  if (head.code !== 0) throw new SyncRefusedError('HEAD is not on a branch') // asked before: notOnABranch
  const local = head.stdout.trim()
  const configured = (await git.run(['config', '--get', `branch.${local}.remote`])).stdout.trim()
  const merge = (await git.run(['config', '--get', `branch.${local}.merge`])).stdout.trim()
  if (configured === '' && !remotes.includes('origin') && remotes.length > 1)
    // The first in git's (alphabetical) order would be a guess, and a push there one the other device may never see.
    throw new SyncRefusedError(
      `the branch ${local} has no upstream, and this clone has several remotes, none named origin ` +
        `(${remotes.join(', ')}): sync cannot tell which one the other device syncs with; nothing was committed ` +
        `or pushed. Set the upstream (\`git branch --set-upstream-to=${remotes[0]}/${local}\`, say), then sync`,
    )
  const remote = configured || (remotes.includes('origin') ? 'origin' : (remotes[0] as string))
  const branch = merge.replace(/^refs\/heads\//, '') || local
  return { remote, branch, local, upstream: configured !== '' && merge !== '' }
}
