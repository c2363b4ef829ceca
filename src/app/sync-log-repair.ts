import { LOG_PATH } from '../core/corpus.js'
import { mergeLogs } from '../core/merge/log.js'
import type { Git } from '../ports/git.js'
import type { Vault } from '../ports/vault.js'
import { fileAt, gitOrThrow, lines } from './sync-git.js'

// What sync puts right in the review log after git's merge (ADR 0038): reviews two devices made
// alike, a log settled by hand that left one side's reviews out, and a sync commit rewritten
// after it was pushed, whose reviews git's merge would count twice. Each writes the work tree's
// log and stages it; nothing here commits.

/**
 * Git merges nothing when both sides' files are byte for byte the same: it takes one of them
 * without running the driver. For the log that is two devices that made the very same reviews
 * since they last met (the same grade for the same item on the same day, and nothing else):
 * each side's lines are reviews of their own, so the merged log holds them twice (SPEC 4.2).
 * Only that case is touched; every other log merge is the driver's.
 */
export async function restoreTwinReviews(git: Git, vault: Vault, theirs: string): Promise<void> {
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
 * Returns how many lines were put back (0: none were missing).
 */
export async function restoreMergedLog(git: Git, vault: Vault, say: (line: string) => void): Promise<number> {
  const shortfall = await mergedLogShortfall(git, vault)
  if (shortfall === null) return 0
  await vault.write(LOG_PATH, shortfall.restored)
  await gitOrThrow(git, ['add', '--', LOG_PATH])
  say(
    `the review log as settled by hand left out ${shortfall.missing} line(s) of the merge of both devices' logs: ` +
      'put back (a review is taken back with `notekeeper undo`, never by removing its line)',
  )
  return shortfall.missing
}

/** In a merge: how many lines of the driver's merge the work tree's log lacks, and the log with them put back; null when none. */
export async function mergedLogShortfall(
  git: Git,
  vault: Vault,
): Promise<{ missing: number; restored: string } | null> {
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
export async function countRewrittenCommitsOnce(
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
    // log.showSignature would print each signed commit's verification before its hash.
    const listed = (await git.run(['log', '--no-merges', '--no-show-signature', '--format=%H%x00%B%x01', ...range]))
      .stdout
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
