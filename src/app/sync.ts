import type { IsoDate } from '../core/types.js'
import type { Git, GitResult } from '../ports/git.js'
import type { Vault } from '../ports/vault.js'
import { runValidate } from './check-corpus.js'
import { assertWorkTree, driversConfigured } from './git-setup.js'
import { acquireLogLock, type HeldLock, type LockOptions } from './lock.js'
import { newBranchOnRemote, notOnABranch, refusalBeforeSync, refuseIf } from './sync-checks.js'
import { commitAll } from './sync-commit.js'
import { leftUnmerged, mergedFromStages, settlingWords } from './sync-conflicts.js'
import {
  existingRef,
  GitFailedError,
  gitOrThrow,
  inMerge,
  lines,
  PushRefusedError,
  type RemoteTarget,
  remoteTarget,
  SyncRefusedError,
} from './sync-git.js'
import { countRewrittenCommitsOnce, restoreMergedLog, restoreTwinReviews } from './sync-log-repair.js'
import { planOf } from './sync-plan.js'

export { CommitFailedError, GitFailedError, PushRefusedError, SyncRefusedError } from './sync-git.js'

export interface SyncOptions {
  today: IsoDate
  dryRun?: boolean
  /** Progress, one line at a time, for a person watching. */
  say?: (line: string) => void
  /** Each commit's subject as soon as it is made: a sync that fails later has made them all the same. */
  onCommit?: (subject: string) => void
  /** Options of the writers' lock (tests: time, the stale window). */
  lock?: LockOptions
}

export interface SyncOutcome {
  /** `conflict`: notes both sides changed are left for the person; the log is merged already. */
  status: 'done' | 'conflict' | 'dry-run'
  /** Subjects of the commits made, in order. */
  commits: string[]
  /**
   * Corpus-relative paths still in conflict. With dryRun: those a sync would stop at now (left
   * in conflict by an earlier merge and not settled since); what its own merge may leave is not told.
   */
  conflicts: string[]
  /** Of `conflicts`, those one device deleted and the other changed (no markers: keep or delete the file). */
  deletedOnOneSide?: string[]
  /** `remote/branch` exchanged with, or null when the clone has no remote. */
  remote: string | null
  pushed: boolean
  /** Errors validate found after the merge (they do not stop the sync: the log must travel). */
  errors: number
  /** With dryRun: what a sync would do. */
  plan: string[]
  /** With dryRun: whether a sync would refuse now (a check of SPEC 4.3 item 5). */
  wouldRefuse?: boolean
  /** New files with a dot name in their path that sync did not add (neverAdded). */
  leftOut?: string[]
  /** Lines of the merged log that a log settled by hand had left out, put back (restoreMergedLog). */
  restoredLines?: number
}

const PUSH_ATTEMPTS = 3

/** `git merge` without merge.autoStash, whatever the person's config says (settleAndMerge). */
const NO_AUTOSTASH = ['-c', 'merge.autoStash=false']

/**
 * `notekeeper sync` (SPEC 4.3): commit the corpus's changes, fetch, merge with the drivers in
 * place, replay and validate, commit, push; a push that lost a race fetches and merges again.
 * The log writers' lock is held while the work tree changes (commit, merge, replay), so no review
 * lands in the middle; fetching and pushing happen outside it. A note both sides changed stops
 * the sync with the merge in progress and the files named; the log is merged by then, so
 * nothing of it is lost, and the next sync, once the person has settled the notes, finishes it.
 * What git would carry but must not travel (a log that did not only grow, a file with conflict
 * markers, a rebase under way) is refused before anything is committed (sync-checks.ts); what
 * git leaves wrong (a log settled by hand, a rewritten sync commit, CRLF line ends, dot files)
 * is put right here (ADR 0038).
 */
export async function syncCorpus(git: Git, vault: Vault, options: SyncOptions): Promise<SyncOutcome> {
  const say = options.say ?? (() => undefined)
  await assertWorkTree(git)
  if (!(await driversConfigured(git)))
    throw new SyncRefusedError(
      'the merge drivers are not configured in this clone: run `notekeeper git setup` first (git does not copy them with a clone)',
    )
  refuseIf(await notOnABranch(git))
  const target = await remoteTarget(git)
  const outcome: SyncOutcome = {
    status: 'done',
    commits: [],
    conflicts: [],
    remote: target ? `${target.remote}/${target.branch}` : null,
    pushed: false,
    errors: 0,
    plan: [],
  }
  if (options.dryRun) {
    outcome.status = 'dry-run'
    const { plan, refused, conflicts, deletedOnOneSide } = await planOf(git, vault, target, options.today)
    outcome.plan = plan
    outcome.wouldRefuse = refused
    // The notes the sync would stop at, named as it names them (SPEC 3: the exit status follows).
    outcome.conflicts = conflicts
    if (conflicts.length > 0) outcome.deletedOnOneSide = deletedOnOneSide
    return outcome
  }

  for (let attempt = 1; ; attempt++) {
    if (target) {
      say(`fetching ${target.remote}`)
      await gitOrThrow(git, ['fetch', '--quiet', target.remote])
    }
    const theirs = target ? await existingRef(git, `refs/remotes/${target.remote}/${target.branch}`) : null
    if (target) refuseIf(await newBranchOnRemote(git, target, theirs))
    // Kept fresh while held (lock.ts): git's commands and the person's hooks may take longer than
    // the 10 s after which a lock counts as left by a writer that died.
    const lock = await acquireLogLock(vault, options.lock)
    try {
      const stopped = await settleAndMerge(
        git,
        vault,
        lock,
        options.today,
        theirs,
        target,
        outcome,
        say,
        options.onCommit,
      )
      if (stopped) return outcome
    } finally {
      await lock.release().catch(() => undefined) // a lock left behind goes stale in 10 s
    }
    if (!target) return outcome
    if (theirs !== null && (await isAncestor(git, 'HEAD', theirs))) return outcome // nothing of ours to push
    say(`pushing to ${target.remote} ${target.branch}`)
    const push = await git.run([
      'push',
      '--quiet',
      '--porcelain', // one status line per ref on stdout, in words meant for programs (not translated)
      ...(target.upstream ? [] : ['--set-upstream']),
      target.remote,
      `HEAD:refs/heads/${target.branch}`,
    ])
    if (push.code === 0) {
      outcome.pushed = true
      return outcome
    }
    if (!lostRace(push)) throw pushFailure(push, target.remote)
    if (attempt >= PUSH_ATTEMPTS) throw new GitFailedError(`git push failed: ${push.stderr.trim()}`)
    say('the remote moved meanwhile: fetching and merging again')
  }
}

/**
 * Whether a failed push lost a race: git refused it itself because the remote's branch moved
 * since our fetch (`[rejected] (fetch first)`, `(non-fast-forward)`), which fetching and merging
 * again mends, as does a ref the remote could not lock at the commit it expected (a push that
 * landed meanwhile). Any other `[remote rejected]` is the remote's own no (a hook, a protected
 * branch), which a retry would only meet again.
 */
export function lostRace(push: Pick<GitResult, 'stdout' | 'stderr'>): boolean {
  if (/^!\t[^\t]*\t\[rejected\] \((?:fetch first|non-fast-forward)\)$/m.test(push.stdout)) return true
  // The remote's branch moved between git's check and its update (another device's push landed
  // in between): the remote says it could not lock the ref at the commit it expected. Not a no.
  // Local git puts the reason on stderr; GitHub puts it in the status line itself.
  if (
    /^!\t[^\t]*\t\[remote rejected\] \(cannot lock ref '[^']*': is at [0-9a-f]+ but expected [0-9a-f]+\)$/m.test(
      push.stdout,
    )
  )
    return true
  return (
    /^!\t[^\t]*\t\[remote rejected\] \(failed to update ref\)$/m.test(push.stdout) &&
    /cannot lock ref '[^']*': is at [0-9a-f]+ but expected [0-9a-f]+/.test(push.stderr)
  )
}

/** A push that did not lose a race: the remote's refusal in git's words and its own, or another failure. */
function pushFailure(push: GitResult, remote: string): GitFailedError {
  const refused = lines(push.stdout)
    .filter(line => line.startsWith('!\t'))
    .map(line => line.split('\t')[2] ?? line)
  if (refused.length === 0) return new GitFailedError(`git push failed: ${push.stderr.trim()}`)
  // What the remote said (a hook's reason), as git passes it on: `remote: …` lines.
  const said = lines(push.stderr)
    .filter(line => line.startsWith('remote:'))
    .map(line => line.trim())
  return new PushRefusedError(
    `${remote} refused the push: ${refused.join('; ')}${said.length > 0 ? ` (${said.join(' ')})` : ''}`,
  )
}

/**
 * Under the lock: finish a merge the person has settled, refuse what must not travel, commit
 * local work, merge `theirs`, replay and validate, commit. Returns true when the sync must stop
 * for the person.
 */
async function settleAndMerge(
  git: Git,
  vault: Vault,
  lock: HeldLock,
  today: IsoDate,
  theirs: string | null,
  target: RemoteTarget | null,
  outcome: SyncOutcome,
  say: (line: string) => void,
  onCommit?: (subject: string) => void,
): Promise<boolean> {
  if (await leftInConflict(git, vault, today, outcome, true, say)) return true
  if (await inMerge(git)) {
    const restored = await restoreMergedLog(git, vault, say)
    if (restored > 0) outcome.restoredLines = restored
  }
  const remoteName = target ? `${target.remote}/${target.branch}` : (theirs ?? '')
  // Before anything is committed: what is refused is then neither committed nor pushed.
  refuseIf(await refusalBeforeSync(git, vault, theirs, remoteName))
  await settle(vault, lock, today, outcome)
  await commit(git, outcome, (await inMerge(git)) ? 'Notekeeper sync: merge settled by hand' : null, onCommit)
  if (theirs === null || (await isAncestor(git, theirs, 'HEAD'))) return false
  // merge.autoStash off: with it, git would stash the changes not committed outside the corpus
  // folder, merge, and put them back under conflict markers after sync's commit, which said
  // "synced"; without, git names them and sync says so (mergeBlocked). Set as a setting, not
  // `--no-autostash`: a git before 2.27 (Ubuntu 20.04's) has neither, and stops at the option.
  if (await isAncestor(git, 'HEAD', theirs)) {
    say(`fast-forward to ${remoteName}`)
    const merge = await git.run([...NO_AUTOSTASH, 'merge', '--quiet', '--ff-only', theirs])
    if (merge.code !== 0) throw (await mergeBlocked(git, merge.stderr, remoteName)) ?? mergeFailed(merge)
  } else {
    say(`merging ${remoteName}`)
    const merge = await git.run([...NO_AUTOSTASH, 'merge', '--quiet', '--no-ff', '--no-commit', theirs])
    if (merge.code !== 0 && !(await inMerge(git)))
      throw (await mergeBlocked(git, merge.stderr, remoteName)) ?? mergeFailed(merge)
    await restoreTwinReviews(git, vault, theirs)
    await countRewrittenCommitsOnce(git, vault, theirs, say)
    if (await leftInConflict(git, vault, today, outcome, false, say)) return true
  }
  await settle(vault, lock, today, outcome)
  await commit(git, outcome, (await inMerge(git)) ? `Notekeeper sync: merge ${remoteName}` : null, onCommit)
  return false
}

function mergeFailed(merge: GitResult): GitFailedError {
  return new GitFailedError(`git merge failed: ${merge.stderr.trim()}`)
}

/**
 * A merge git would not begin because it would write over files here that sync does not commit:
 * changes not committed outside the corpus folder (sync commits the folder only), or files git
 * does not track that the other side added (a new file with a dot name, which sync never adds).
 * Said with the files and what to do; null for any other failure.
 */
async function mergeBlocked(git: Git, stderr: string, remoteName: string): Promise<SyncRefusedError | null> {
  const listed = (pattern: RegExp): string[] => lines(pattern.exec(stderr)?.[1] ?? '').map(line => line.trim())
  // A remote begun on its own (a README made with it): a merge of two histories is the person's
  // decision, once; sync would meet the same refusal on every run after it.
  if (/refusing to merge unrelated histories/.test(stderr))
    return new SyncRefusedError(
      `${remoteName} shares no history with this branch, so git will not merge it (a remote made with a README, ` +
        `say). If both hold what you mean to keep, join them once by hand: \`git merge --allow-unrelated-histories ` +
        `${remoteName}\`, settle what git asks, then sync; nothing was merged, and what sync committed here stays committed`,
    )
  const changed = listed(/local changes to the following files would be overwritten by merge:\n((?:\t.*\n)+)/)
  const untracked = listed(/untracked working tree files would be (?:overwritten|removed) by merge:\n((?:\t.*\n)+)/)
  if (changed.length === 0 && untracked.length === 0) return null
  // Git names them from the repository's root; the corpus's own from the corpus folder.
  const prefix = (await gitOrThrow(git, ['rev-parse', '--show-prefix'])).stdout.trim()
  const named = (paths: string[]): string =>
    paths
      .map(path =>
        prefix !== '' && !path.startsWith(prefix) ? `${path} (outside the corpus folder)` : path.slice(prefix.length),
      )
      .join(', ')
  const kept = 'nothing was merged, and what sync committed here stays committed'
  if (changed.length > 0)
    return new SyncRefusedError(
      `git will not merge ${remoteName} over changes not committed to ${named(changed)}: commit them or put them ` +
        `aside (\`git stash\`), then sync; ${kept}`,
    )
  return new SyncRefusedError(
    `git will not merge ${remoteName} over files here that git does not track and that it would write ` +
      `(${named(untracked)}): move or remove them (or \`git stash --include-untracked\`), then sync; ${kept}`,
  )
}

/**
 * Paths git left unmerged (sync-conflicts.ts reads them; the dry run reads them the same way).
 * The log and the state are never left so: should a driver have failed (not installed on this
 * machine, say), they are merged here from git's three stages. A note the person settled (no
 * markers left, or deleted) is staged as settled. Whatever is left is reported, and the sync
 * stops there.
 */
async function leftInConflict(
  git: Git,
  vault: Vault,
  today: IsoDate,
  outcome: SyncOutcome,
  settledByPerson: boolean,
  say: (line: string) => void,
): Promise<boolean> {
  const left = await leftUnmerged(git, vault, settledByPerson)
  if (left === null) return false
  for (const path of left.fromStages) {
    await vault.write(path, await mergedFromStages(git, vault, path, today))
    await gitOrThrow(git, ['add', '--', path])
  }
  for (const path of left.deleted)
    await gitOrThrow(git, ['--literal-pathspecs', 'rm', '--cached', '--quiet', '--', path])
  for (const path of left.settled) await gitOrThrow(git, ['--literal-pathspecs', 'add', '--', path])
  for (const line of settlingWords(left, true)) say(line)
  outcome.conflicts = left.conflicts
  outcome.deletedOnOneSide = left.deletedOnOneSide
  if (left.conflicts.length > 0) outcome.status = 'conflict'
  return left.conflicts.length > 0
}

/** Replays and validates over the work tree (registering new items, regenerating state.json under our lock). */
async function settle(vault: Vault, lock: HeldLock, today: IsoDate, outcome: SyncOutcome): Promise<void> {
  const validated = await runValidate(vault, { today, held: lock })
  if (validated.configInvalid)
    throw new SyncRefusedError(`${validated.findings[0]?.message ?? 'config.json is invalid'}; nothing committed`)
  outcome.errors = validated.summary.errors
}

async function isAncestor(git: Git, ancestor: string, of: string): Promise<boolean> {
  const head = await existingRef(git, 'HEAD')
  if (head === null) return ancestor === 'HEAD' // an unborn branch is behind everything
  return (await git.run(['merge-base', '--is-ancestor', ancestor, of])).code === 0
}

/** Commits the corpus folder's changes (sync-commit.ts), each commit said as soon as it is made. */
async function commit(
  git: Git,
  outcome: SyncOutcome,
  subject: string | null,
  onCommit?: (subject: string) => void,
): Promise<void> {
  const { made, leftOut } = await commitAll(git, subject)
  outcome.leftOut = leftOut
  if (made === null) return
  outcome.commits.push(made)
  onCommit?.(made)
}
