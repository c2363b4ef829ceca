import { CONFIG_PATH, LOCK_PATH, LOG_PATH, STATE_PATH } from '../core/corpus.js'
import { mergeLogs } from '../core/merge/log.js'
import { derivedState } from '../core/snapshot.js'
import { serializesTo } from '../core/state.js'
import type { IsoDate } from '../core/types.js'
import type { Git, GitResult } from '../ports/git.js'
import type { Vault } from '../ports/vault.js'
import { runValidate } from './check-corpus.js'
import { mergeStateTexts } from './git-merge.js'
import { assertWorkTree, driversConfigured } from './git-setup.js'
import { acquireLogLock } from './lock.js'
import { CONFLICT_MARKER, notOnABranch, refusalBeforeSync, refuseIf } from './sync-checks.js'
import {
  existingRef,
  fileAt,
  GitFailedError,
  gitOrThrow,
  inMerge,
  lines,
  PushRefusedError,
  SyncRefusedError,
} from './sync-git.js'

export { GitFailedError, PushRefusedError, SyncRefusedError } from './sync-git.js'

export interface SyncOptions {
  today: IsoDate
  dryRun?: boolean
  /** Progress, one line at a time, for a person watching. */
  say?: (line: string) => void
  /** Each commit's subject as soon as it is made: a sync that fails later has made them all the same. */
  onCommit?: (subject: string) => void
}

export interface SyncOutcome {
  /** `conflict`: notes both sides changed are left for the person; the log is merged already. */
  status: 'done' | 'conflict' | 'dry-run'
  /** Subjects of the commits made, in order. */
  commits: string[]
  /** Corpus-relative paths still in conflict. */
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
    const { plan, refused } = await planOf(git, vault, target, options.today)
    outcome.plan = plan
    outcome.wouldRefuse = refused
    return outcome
  }

  for (let attempt = 1; ; attempt++) {
    if (target) {
      say(`fetching ${target.remote}`)
      await gitOrThrow(git, ['fetch', '--quiet', target.remote])
    }
    const theirs = target ? await existingRef(git, `refs/remotes/${target.remote}/${target.branch}`) : null
    const lock = await acquireLogLock(vault)
    try {
      const stopped = await settleAndMerge(git, vault, options.today, theirs, target, outcome, say, options.onCommit)
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
  today: IsoDate,
  theirs: string | null,
  target: RemoteTarget | null,
  outcome: SyncOutcome,
  say: (line: string) => void,
  onCommit?: (subject: string) => void,
): Promise<boolean> {
  if (await leftInConflict(git, vault, today, outcome, true)) return true
  if (await inMerge(git)) await restoreMergedLog(git, vault, outcome, say)
  const remoteName = target ? `${target.remote}/${target.branch}` : (theirs ?? '')
  // Before anything is committed: what is refused is then neither committed nor pushed.
  refuseIf(await refusalBeforeSync(git, vault, theirs, remoteName))
  await settle(vault, today, outcome)
  await commitAll(git, outcome, (await inMerge(git)) ? 'Notekeeper sync: merge settled by hand' : null, onCommit)
  if (theirs === null || (await isAncestor(git, theirs, 'HEAD'))) return false
  if (await isAncestor(git, 'HEAD', theirs)) {
    say(`fast-forward to ${remoteName}`)
    const merge = await git.run(['merge', '--quiet', '--ff-only', theirs])
    if (merge.code !== 0) throw (await mergeBlocked(git, merge.stderr, remoteName)) ?? mergeFailed(merge)
  } else {
    say(`merging ${remoteName}`)
    const merge = await git.run(['merge', '--quiet', '--no-ff', '--no-commit', theirs])
    if (merge.code !== 0 && !(await inMerge(git)))
      throw (await mergeBlocked(git, merge.stderr, remoteName)) ?? mergeFailed(merge)
    await restoreTwinReviews(git, vault, theirs)
    await countRewrittenCommitsOnce(git, vault, theirs, say)
    if (await leftInConflict(git, vault, today, outcome, false)) return true
  }
  await settle(vault, today, outcome)
  await commitAll(git, outcome, (await inMerge(git)) ? `Notekeeper sync: merge ${remoteName}` : null, onCommit)
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
 * Paths git left unmerged. The log and the state are never left so: should a driver have
 * failed (not installed on this machine, say), they are merged here from git's three stages.
 * When the person has had the conflict in hand (a sync that starts in the middle of a merge), a
 * note without conflict markers counts as settled; right after a merge every note git left
 * unmerged is reported (a note deleted on one side and changed on the other has no markers).
 * Whatever is left is reported, and the sync stops there.
 */
async function leftInConflict(
  git: Git,
  vault: Vault,
  today: IsoDate,
  outcome: SyncOutcome,
  settledByPerson: boolean,
): Promise<boolean> {
  // NUL-separated: git quotes a name with a space or an accent in its line form.
  const unmerged = paths0(
    (await gitOrThrow(git, ['diff', '--name-only', '-z', '--relative', '--diff-filter=U'])).stdout,
  )
  // A conflict outside the corpus folder (the corpus is a folder of a larger repository): sync
  // cannot settle it, and git commits nothing while it is there; named from the repository's root.
  const prefix = (await gitOrThrow(git, ['rev-parse', '--show-prefix'])).stdout.trim()
  const outside =
    prefix === ''
      ? []
      : paths0((await gitOrThrow(git, ['diff', '--name-only', '-z', '--diff-filter=U', '--', ':/'])).stdout)
          .filter(path => !path.startsWith(prefix))
          .map(path => `${path} (outside the corpus folder, from the repository's root)`)
  if (unmerged.length === 0 && outside.length === 0) return false
  if (unmerged.includes(LOG_PATH)) {
    const [base, ours, theirs] = await stages(git, LOG_PATH)
    await vault.write(LOG_PATH, mergeLogs(base, ours, theirs))
    await gitOrThrow(git, ['add', '--', LOG_PATH])
  }
  if (unmerged.includes(STATE_PATH)) {
    const [base, ours, theirs] = await stages(git, STATE_PATH)
    const path = (await gitOrThrow(git, ['ls-files', '--full-name', '--', STATE_PATH])).stdout.split('\n')[0] ?? ''
    const configText = await vault.read(CONFIG_PATH)
    await vault.write(
      STATE_PATH,
      await mergeStateTexts(git, { base, ours, theirs, path, configText, candidates: [], today }),
    )
    await gitOrThrow(git, ['add', '--', STATE_PATH])
  }
  const notes: string[] = []
  const deleted: string[] = []
  for (const path of unmerged) {
    if (path === LOG_PATH || path === STATE_PATH) continue
    const text = await vault.read(path).catch(() => null)
    if (settledByPerson && text === null) {
      // Deleted by the person: the conflict settled the way git's "deleted by them" asks about.
      await gitOrThrow(git, ['--literal-pathspecs', 'rm', '--cached', '--quiet', '--', path])
      continue
    }
    if (settledByPerson && text !== null && !CONFLICT_MARKER.test(text))
      await gitOrThrow(git, ['--literal-pathspecs', 'add', '--', path])
    else {
      notes.push(path)
      if (await deletedOnOneSide(git, path)) deleted.push(path)
    }
  }
  notes.push(...outside)
  outcome.conflicts = notes
  outcome.deletedOnOneSide = deleted
  if (notes.length > 0) outcome.status = 'conflict'
  return notes.length > 0
}

/** Whether git's conflict on `path` is one side's deletion against the other's change (no stage 2 or no stage 3). */
async function deletedOnOneSide(git: Git, path: string): Promise<boolean> {
  const stages = lines(
    (await gitOrThrow(git, ['--literal-pathspecs', 'ls-files', '--unmerged', '--', path])).stdout,
  ).map(line => line.split(/\s+/)[2])
  return !(stages.includes('2') && stages.includes('3'))
}

/**
 * Git merges nothing when both sides' files are byte for byte the same: it takes one of them
 * without running the driver. For the log that is two devices that made the very same reviews
 * since they last met (the same grade for the same item on the same day, and nothing else):
 * each side's lines are reviews of their own, so the merged log holds them twice (SPEC 4.2).
 * Only that case is touched; every other log merge is the driver's.
 */
async function restoreTwinReviews(git: Git, vault: Vault, theirs: string): Promise<void> {
  const bases = lines((await git.run(['merge-base', '--all', 'HEAD', theirs])).stdout)
  if (bases.length !== 1) return
  const [base, ours, other] = await Promise.all(
    [bases[0] as string, 'HEAD', theirs].map(async commit => {
      const result = await git.run(['show', `${commit}:./${LOG_PATH}`])
      return result.code === 0 ? result.stdout : ''
    }),
  )
  // The work tree's copy may have CRLF line ends (core.autocrlf, Git for Windows' default).
  const here = withoutCarriageReturns((await vault.read(LOG_PATH)) ?? '')
  if (ours !== other || ours === base || here !== withoutCarriageReturns(ours ?? '')) return
  await vault.write(LOG_PATH, mergeLogs(base ?? '', ours ?? '', other ?? ''))
  await gitOrThrow(git, ['add', '--', LOG_PATH])
}

/**
 * A merge the person settled by hand: its log must still hold every review of both sides (SPEC
 * 4.3, item 3). A log settled with `git checkout --ours`, or put back with `git checkout HEAD --`
 * while a note was in conflict, holds only one side's. The merge the driver writes (base +
 * ours − base + theirs − base) is then put back, with every line added here since after it;
 * nothing the work tree's log holds is dropped. With more than one merge base (a criss-cross
 * merge) there is no one base to count from, and the log is left to the checks that follow.
 */
async function restoreMergedLog(
  git: Git,
  vault: Vault,
  outcome: SyncOutcome,
  say: (line: string) => void,
): Promise<void> {
  const shortfall = await mergedLogShortfall(git, vault)
  if (shortfall === null) return
  await vault.write(LOG_PATH, shortfall.restored)
  await gitOrThrow(git, ['add', '--', LOG_PATH])
  outcome.restoredLines = shortfall.missing
  say(
    `the review log as settled by hand left out ${shortfall.missing} line(s) of the merge of both devices' logs: ` +
      'put back (a review is taken back with `notekeeper undo`, never by removing its line)',
  )
}

/** In a merge: how many lines of the driver's merge the work tree's log lacks, and the log with them put back; null when none. */
async function mergedLogShortfall(git: Git, vault: Vault): Promise<{ missing: number; restored: string } | null> {
  const bases = lines((await git.run(['merge-base', '--all', 'HEAD', 'MERGE_HEAD'])).stdout)
  if (bases.length !== 1) return null
  const [base, ours, theirs] = await Promise.all(
    [bases[0] as string, 'HEAD', 'MERGE_HEAD'].map(async commit => (await fileAt(git, commit, LOG_PATH)) ?? ''),
  )
  // The merge as the sync that began it left it: a rewritten sync commit's reviews once.
  const merged = withOneCopyLess(
    mergeLogs(base ?? '', ours ?? '', theirs ?? ''),
    await rewrittenCommitLines(git, 'HEAD', 'MERGE_HEAD'),
  ).text
  const { missing, extra } = lineDifference(merged, (await vault.read(LOG_PATH)) ?? '')
  if (missing === 0) return null
  const head = merged === '' || merged.endsWith('\n') ? merged : `${merged}\n`
  return { missing, restored: head + extra.map(line => `${line}\n`).join('') }
}

/** How many lines of `merged` the text `here` lacks (counting repeats) and which, and its lines beyond `merged`'s, in its order. */
function lineDifference(merged: string, here: string): { missing: number; missingLines: string[]; extra: string[] } {
  const left = new Map<string, number>()
  const logLines = (text: string): string[] =>
    text
      .replace(/^\uFEFF/, '')
      .split('\n')
      .map(line => (line.endsWith('\r') ? line.slice(0, -1) : line))
      .filter(line => line.trim() !== '')
  for (const line of logLines(here)) left.set(line, (left.get(line) ?? 0) + 1)
  const missingLines: string[] = []
  for (const line of logLines(merged)) {
    const count = left.get(line) ?? 0
    if (count > 0) left.set(line, count - 1)
    else missingLines.push(line)
  }
  const extra: string[] = []
  for (const line of logLines(here)) {
    const count = left.get(line) ?? 0
    if (count > 0) {
      // Equal lines are interchangeable: any copy of a line beyond its count in the merge is one of these.
      left.set(line, count - 1)
      extra.push(line)
    }
  }
  return { missing: missingLines.length, missingLines, extra }
}

/**
 * A sync commit both sides hold in two versions: pushed, then rewritten here (`git commit
 * --amend` to fix a typo, a rebase, a cherry-pick), which keeps its message and so its
 * `Notekeeper-Sync:` token, random per sync commit. The log's merge counts each side's added
 * lines as reviews of their own (SPEC 4.2), so the reviews of that one commit were counted twice.
 * After the merge, one copy of each line the commit added is taken out of the merged log (not yet
 * committed). Two devices that made the same review each make their own commit, with their own
 * token, and keep both reviews.
 */
async function countRewrittenCommitsOnce(
  git: Git,
  vault: Vault,
  theirs: string,
  say: (line: string) => void,
): Promise<void> {
  const twice = await rewrittenCommitLines(git, 'HEAD', theirs)
  if (twice.length === 0) return
  const { text, dropped } = withOneCopyLess((await vault.read(LOG_PATH)) ?? '', twice)
  if (dropped === 0) return
  await vault.write(LOG_PATH, text)
  await gitOrThrow(git, ['add', '--', LOG_PATH])
  say(
    `${dropped} review line(s) came from one sync commit in two versions (rewritten after it was pushed: ` +
      '`git commit --amend`, a rebase): counted once',
  )
}

/**
 * The log lines added by a sync commit that `ours` and `theirs` each hold a version of (the same
 * `Notekeeper-Sync:` token on both sides, merges aside): the lines the log's merge counts twice.
 */
async function rewrittenCommitLines(git: Git, ours: string, theirs: string): Promise<string[]> {
  // Every token of a commit: a squash keeps the messages, and the tokens, of all it squashed.
  const tokens = async (range: string[]): Promise<Map<string, string[]>> => {
    const listed = (await git.run(['log', '--no-merges', '--format=%H%x00%B%x01', ...range])).stdout
    const byToken = new Map<string, string[]>()
    for (const entry of listed.split('\x01')) {
      const [commit, message] = entry.trim().split('\0')
      if (!commit) continue
      for (const [, token] of (message ?? '').matchAll(/^Notekeeper-Sync: (\S+)$/gm))
        if (token) byToken.set(token, [...(byToken.get(token) ?? []), commit])
    }
    return byToken
  }
  const added = async (commit: string): Promise<string[]> =>
    lineDifference((await fileAt(git, commit, LOG_PATH)) ?? '', (await fileAt(git, `${commit}^`, LOG_PATH)) ?? '')
      .missingLines
  const ourTokens = await tokens([ours, '--not', theirs])
  if (ourTokens.size === 0) return []
  const twice: string[] = []
  // One pair of versions is compared once, however many tokens they share (both sides squashed).
  const compared = new Set<string>()
  for (const [token, theirCommits] of await tokens([theirs, '--not', ours])) {
    const ourCommits = ourTokens.get(token)
    if (ourCommits === undefined) continue
    const pair = `${theirCommits.join(',')}|${ourCommits.join(',')}`
    if (compared.has(pair)) continue
    compared.add(pair)
    // Only what both versions added is one set of reviews: a line one version has beyond the
    // other (amended in after the push, or added by a squashed commit) is a review of its own.
    const theirLines = (await Promise.all(theirCommits.map(added))).flat()
    const left = new Map<string, number>()
    for (const line of (await Promise.all(ourCommits.map(added))).flat()) left.set(line, (left.get(line) ?? 0) + 1)
    for (const line of theirLines) {
      const count = left.get(line) ?? 0
      if (count === 0) continue
      left.set(line, count - 1)
      twice.push(line)
    }
  }
  return twice
}

/** `text` with one copy fewer of each of `lines` that it holds twice or more (the other copy stays), the last one taken. */
function withOneCopyLess(text: string, lines: readonly string[]): { text: string; dropped: number } {
  const kept = text.split('\n')
  // Lines compared without a CRLF line end's `\r` (core.autocrlf), which stays where it is.
  const key = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line)
  const counts = new Map<string, number>()
  for (const line of kept) counts.set(key(line), (counts.get(key(line)) ?? 0) + 1)
  let dropped = 0
  for (const wanted of lines) {
    const line = key(wanted)
    // Only a line held twice or more: the other copy is the commit's other version.
    if ((counts.get(line) ?? 0) < 2) continue
    let at = kept.length - 1
    while (at >= 0 && key(kept[at] as string) !== line) at--
    kept.splice(at, 1)
    counts.set(line, (counts.get(line) ?? 0) - 1)
    dropped++
  }
  return { text: kept.join('\n'), dropped }
}

function withoutCarriageReturns(text: string): string {
  return text.replace(/\r\n/g, '\n')
}

/** Replays and validates over the work tree (registering new items, regenerating state.json). */
async function settle(vault: Vault, today: IsoDate, outcome: SyncOutcome): Promise<void> {
  const validated = await runValidate(vault, { today })
  if (validated.configInvalid)
    throw new SyncRefusedError(`${validated.findings[0]?.message ?? 'config.json is invalid'}; nothing committed`)
  outcome.errors = validated.summary.errors
}

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

/** New files of the corpus folder git does not ignore: those sync adds, and those it leaves out (neverAdded). */
async function untrackedFiles(git: Git): Promise<{ added: string[]; leftOut: string[] }> {
  const listed = (await gitOrThrow(git, ['ls-files', '--others', '--exclude-standard', '-z', '--', '.'])).stdout
  const paths = listed.split('\0').filter(path => path !== '')
  return { added: paths.filter(path => !neverAdded(path)), leftOut: paths.filter(neverAdded) }
}

/** Stages every change of the corpus folder and commits it, with a message saying what it is. */
async function commitAll(
  git: Git,
  outcome: SyncOutcome,
  subject: string | null,
  onCommit?: (subject: string) => void,
): Promise<void> {
  // What git tracks, changed or deleted; then the new files, without dot names (neverAdded).
  await gitOrThrow(git, ['add', '--update', '--', '.'])
  const { added, leftOut } = await untrackedFiles(git)
  outcome.leftOut = leftOut
  // Literal: a new file named `:inbox.txt` is a file, not pathspec magic.
  for (let at = 0; at < added.length; at += 200)
    await gitOrThrow(git, ['--literal-pathspecs', 'add', '--', ...added.slice(at, at + 200)])
  // `git setup`'s .gitignore keeps the lock out; should that line be gone, it is kept out here.
  await gitOrThrow(git, ['rm', '--cached', '--quiet', '--ignore-unmatch', '--', LOCK_PATH])
  const staged = (await git.run(['diff', '--cached', '--quiet'])).code !== 0
  if (!staged && subject === null) return
  const message = await describeStaged(git, subject)
  await gitOrThrow(git, ['commit', '--quiet', '--no-verify', '--allow-empty', '-m', message])
  const made = message.split('\n')[0] ?? message
  outcome.commits.push(made)
  onCommit?.(made)
}

/** "Notekeeper sync: 4 reviews, 1 undo; state.json; 2 notes", with the notes listed below. */
async function describeStaged(git: Git, subject: string | null): Promise<string> {
  const diff = (await git.run(['diff', '--cached', '--unified=0', '--no-color', '--', LOG_PATH])).stdout.split('\n')
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

async function planOf(
  git: Git,
  vault: Vault,
  target: RemoteTarget | null,
  today: IsoDate,
): Promise<{ plan: string[]; refused: boolean }> {
  const plan: string[] = []
  const known = target ? await existingRef(git, `refs/remotes/${target.remote}/${target.branch}`) : null
  const refusal = await refusalBeforeSync(git, vault, known, target ? `${target.remote}/${target.branch}` : '')
  const checks =
    'check that the review log only grew since the last commit, that no file to send holds conflict markers' +
    (target ? ", and that neither side's log lost a line of the one both last shared (as of the last fetch)" : '')
  if (refusal !== null) {
    // What a sync would do ends there: the refusal comes before anything is committed.
    plan.push(`${checks}: sync would refuse now: ${refusal}`, 'so nothing would be committed, merged or pushed')
    return { plan, refused: true }
  }
  plan.push(`${checks}: fine`)
  const shortfall = (await inMerge(git)) ? await mergedLogShortfall(git, vault) : null
  if (shortfall !== null)
    plan.push(
      `put back ${shortfall.missing} line(s) of the merge of both devices' logs that the log as settled by hand left out`,
    )
  const { leftOut } = await untrackedFiles(git)
  const status = (await changedFiles(git)).filter(path => !leftOut.includes(path))
  // The sync replays first, so state.json may change with nothing else (a new item committed by hand).
  if (!status.includes(STATE_PATH) && (await stateWouldChange(vault, today))) status.push(`${STATE_PATH} (replayed)`)
  const committed = await git.run(['show', `HEAD:./${LOG_PATH}`])
  const fresh =
    lines((await vault.read(LOG_PATH)) ?? '').length - lines(committed.code === 0 ? committed.stdout : '').length
  plan.push(
    status.length > 0
      ? `commit ${status.length} changed file(s)${fresh > 0 ? ` (${fresh} new log line(s))` : ''}: ${status.join(', ')}`
      : 'commit nothing (no local changes)',
  )
  if (leftOut.length > 0)
    plan.push(`leave out ${leftOut.length} new file(s) with a dot name (never added by sync): ${leftOut.join(', ')}`)
  if (target) {
    const counts = known
      ? (await git.run(['rev-list', '--left-right', '--count', `HEAD...${known}`])).stdout.trim()
      : ''
    const [ahead, behind] = counts.split(/\s+/)
    plan.push(
      `fetch ${target.remote}, merge ${target.remote}/${target.branch} with the Notekeeper merge drivers` +
        (known ? ` (as of the last fetch: ${behind ?? '?'} commit(s) to take, ${ahead ?? '?'} to give)` : ''),
    )
    plan.push('replay and validate, commit state.json and the merge')
    plan.push(`push to ${target.remote} ${target.branch}`)
  } else plan.push('replay and validate; no remote, so nothing to fetch or push')
  return { plan, refused: false }
}

/** Whether the replay and validate a sync begins with would write state.json (nothing is written here). */
async function stateWouldChange(vault: Vault, today: IsoDate): Promise<boolean> {
  const validated = await runValidate(vault, { today, dryRun: true })
  if (validated.configInvalid) return false
  const state = derivedState(validated.corpus, today)
  const text = await vault.read(STATE_PATH)
  // As writeStateIfChanged: no file and nothing to register is no write.
  return text === null ? Object.keys(state).length > 0 : !serializesTo(state, text)
}

/**
 * Every changed, deleted or new file of the corpus folder, from the folder (git's porcelain names
 * them from the repository's root, NUL-separated so that no name is quoted).
 */
async function changedFiles(git: Git): Promise<string[]> {
  const prefix = (await gitOrThrow(git, ['rev-parse', '--show-prefix'])).stdout.trim()
  const entries = paths0(
    (await gitOrThrow(git, ['status', '--porcelain', '-z', '--untracked-files=all', '--', '.'])).stdout,
  )
  const paths: string[] = []
  for (let at = 0; at < entries.length; at++) {
    const entry = entries[at] as string
    // A rename or copy is followed by the path it came from.
    if (entry[0] === 'R' || entry[0] === 'C') at++
    const path = entry.slice(3)
    paths.push(path.startsWith(prefix) ? path.slice(prefix.length) : path)
  }
  return paths
}

interface RemoteTarget {
  remote: string
  branch: string
  /** Whether the branch already has an upstream (otherwise the push sets it). */
  upstream: boolean
}

async function remoteTarget(git: Git): Promise<RemoteTarget | null> {
  const remotes = lines((await gitOrThrow(git, ['remote'])).stdout)
  if (remotes.length === 0) return null
  const head = await git.run(['symbolic-ref', '--quiet', '--short', 'HEAD'])
  if (head.code !== 0) throw new SyncRefusedError('HEAD is not on a branch') // asked before: notOnABranch
  const local = head.stdout.trim()
  const configured = (await git.run(['config', '--get', `branch.${local}.remote`])).stdout.trim()
  const merge = (await git.run(['config', '--get', `branch.${local}.merge`])).stdout.trim()
  const remote = configured || (remotes.includes('origin') ? 'origin' : (remotes[0] as string))
  const branch = merge.replace(/^refs\/heads\//, '') || local
  return { remote, branch, upstream: configured !== '' && merge !== '' }
}

/** The paths of a `-z` listing. */
function paths0(text: string): string[] {
  return text.split('\0').filter(path => path !== '')
}

async function stages(git: Git, path: string): Promise<[string, string, string]> {
  const at = async (stage: number): Promise<string> => {
    const result = await git.run(['show', `:${stage}:./${path}`])
    return result.code === 0 ? result.stdout : ''
  }
  return [await at(1), await at(2), await at(3)]
}

async function isAncestor(git: Git, ancestor: string, of: string): Promise<boolean> {
  const head = await existingRef(git, 'HEAD')
  if (head === null) return ancestor === 'HEAD' // an unborn branch is behind everything
  return (await git.run(['merge-base', '--is-ancestor', ancestor, of])).code === 0
}
