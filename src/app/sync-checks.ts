import { strayMarkerLine } from '../core/asciidoc/conflict-markers.js'
import { CONFIG_PATH, isVisibleAdoc, LOG_PATH, STATE_PATH } from '../core/corpus.js'
import { firstLostLine, firstRewrittenLine, type LostLine } from '../core/log/growth.js'
import type { Git } from '../ports/git.js'
import type { Vault } from '../ports/vault.js'
import { ignoredOwnFiles } from './sync-commit.js'
import { existingRef, fileAt, inMerge, lines, type RemoteTarget, SyncRefusedError, short } from './sync-git.js'

// What `notekeeper sync` refuses to send or take in (SPEC 4.3). Git would carry anything; once a
// rewritten log or a half-merged note is on the remote, the other device takes it in as well, so
// these are asked before anything is committed, merged or pushed. Each question gives the
// refusal's words, or null: a dry run reports them, a sync throws them.

/**
 * Every reason sync must not go on with this work tree and `theirs` (the upstream's commit as
 * last fetched, or null when there is none): the first one found, or null.
 */
export async function refusalBeforeSync(
  git: Git,
  vault: Vault,
  theirs: string | null,
  remoteName: string,
): Promise<string | null> {
  // In the middle of a merge the work tree's log is the merge of both sides, not HEAD's plus appends.
  if (!(await inMerge(git))) {
    const rewritten = await logRewritten(git, vault)
    if (rewritten !== null) return rewritten
  }
  const markers = await conflictMarkersToSend(git, vault, theirs)
  if (markers !== null) return markers
  return theirs === null ? null : await logLinesLost(git, theirs, remoteName)
}

/**
 * Whether HEAD is on a branch with no rebase under way: sync commits onto the branch and pushes
 * it. Mid-rebase HEAD is detached on purpose and the branch is rewritten when the rebase ends,
 * so the advice is to finish or abort it, not to check a branch out; on a detached HEAD
 * otherwise, sync's commits would belong to no branch (and, with a remote, go to none).
 */
export async function notOnABranch(git: Git): Promise<string | null> {
  const nothing = 'nothing was committed'
  // `git am` keeps its patches in rebase-apply too, with this file to tell it from a rebase.
  if (await git.hasGitPath('rebase-apply/applying'))
    return `\`git am\` is applying patches here; ${nothing}. Finish it (\`git am --continue\`) or abort it (\`git am --abort\`), then sync`
  if ((await git.hasGitPath('rebase-merge')) || (await git.hasGitPath('rebase-apply')))
    return (
      `a rebase is in progress (\`git status\` says where it stopped); ${nothing}. Finish it (settle any conflict, ` +
      '`git add` the files, `git rebase --continue`) or abort it (`git rebase --abort`), then sync'
    )
  // A cherry-pick or revert under way: sync's commit would end it under sync's name and message.
  for (const [file, command] of [
    ['CHERRY_PICK_HEAD', 'cherry-pick'],
    ['REVERT_HEAD', 'revert'],
  ] as const)
    if (await git.hasGitPath(file))
      return (
        `a \`git ${command}\` is in progress; ${nothing}. Finish it (settle any conflict, \`git add\` the files, ` +
        `\`git ${command} --continue\`) or abort it (\`git ${command} --abort\`), then sync`
      )
  // Bisecting detaches HEAD on purpose: the way back is the bisect's own reset, not a checkout.
  if (await git.hasGitPath('BISECT_LOG'))
    return `a \`git bisect\` is in progress (HEAD is detached at a commit it is testing); ${nothing}. End it (\`git bisect reset\`), then sync`
  if ((await git.run(['symbolic-ref', '--quiet', 'HEAD'])).code !== 0)
    return (
      `HEAD is detached (not on a branch): commits made here would belong to no branch; ${nothing}. ` +
      'Check out the branch the corpus lives on (`git switch main`, say), then sync'
    )
  return null
}

/**
 * Whether a push would start a branch on the remote that the other device never syncs with: the
 * remote (as last fetched) has no branch by the name sync would push to, and it has others. A
 * second device made with `git init`, `git remote add` and `git pull origin main` is on a branch
 * named after its own init.defaultBranch (master, trunk), with no upstream; a clone of a remote
 * whose HEAD names a branch it does not have (made by a git with another init.defaultBranch) is
 * on that branch, unborn, with it as its upstream. Pushed, either would sync with itself alone
 * while saying "synced". An empty remote is the first push.
 */
export async function newBranchOnRemote(git: Git, target: RemoteTarget, theirs: string | null): Promise<string | null> {
  if (theirs !== null) return null
  const prefix = `refs/remotes/${target.remote}/`
  const refs = lines((await git.run(['for-each-ref', '--format=%(refname)', prefix])).stdout)
  const branches = refs
    .filter(ref => ref.startsWith(prefix) && ref !== `${prefix}HEAD`)
    .map(ref => ref.slice(prefix.length))
  if (branches.length === 0) return null
  // The remote's own default branch when git knows it (a clone), else its only branch.
  const head = (await git.run(['symbolic-ref', '--quiet', '--short', `${prefix}HEAD`])).stdout.trim()
  const known = head.startsWith(`${target.remote}/`) ? head.slice(target.remote.length + 1) : null
  const their =
    (known !== null && branches.includes(known) ? known : branches.length === 1 ? branches[0] : null) ?? 'BRANCH'
  const { remote, branch, local } = target
  const whose = target.upstream ? `the upstream of ${local} here` : `and ${local} here has no upstream`
  // An unborn branch cannot take an upstream; switching to the remote's branch makes it.
  const unborn = (await existingRef(git, 'HEAD')) === null
  const join = unborn
    ? `\`git switch ${their}\` (this clone has no commit yet; git names the files here it would overwrite, such ` +
      "as git setup's .gitattributes and .gitignore: remove those, the branch brings its own)"
    : `\`git branch --set-upstream-to=${remote}/${their}\``
  const start = local === branch ? `${remote} ${local}` : `${remote} ${local}:${branch}`
  return (
    `${remote} has no branch ${branch}, ${whose}: pushing would start a second branch on ${remote}, which ` +
    `the other device does not sync with (${remote} has ${branches.join(', ')}); nothing was committed or ` +
    `pushed. To sync with ${remote}'s ${their}: ${join}, then sync` +
    (unborn ? '' : `. To start ${branch} on ${remote} on purpose: \`git push --set-upstream ${start}\`, then sync`)
  )
}

export function refuseIf(reason: string | null): void {
  if (reason !== null) throw new SyncRefusedError(reason)
}

/**
 * Whether the work tree's log still begins, line for line, with the log of the last commit.
 * Between syncs the log only grows (every writer appends, SPEC 1.4); anything else is an edit
 * (an editor's reformatting, a truncation, a restored backup), which sync must not commit: a
 * changed line would reach the other device as a new review, counted twice, and a removed one
 * would be lost on both devices. The first sync (no log committed yet) has nothing to keep.
 */
export async function logRewritten(git: Git, vault: Vault): Promise<string | null> {
  const committed = await fileAt(git, 'HEAD', LOG_PATH)
  if (committed === null) return null
  const rewritten = firstRewrittenLine(committed, (await vault.read(LOG_PATH)) ?? '')
  if (rewritten === null) return null
  return (
    `the review log ${LOG_PATH} was changed, not only added to, since the last commit: line ${rewritten.line} ` +
    `${quoted(rewritten)} is no longer there as it was committed. Sync commits a log only if it begins with the ` +
    `committed one line for line (a changed review would count twice on the other device, a removed one would be ` +
    `lost on both); nothing was committed or pushed. \`git diff -- ${LOG_PATH}\` shows the change; ` +
    `\`git checkout -- ${LOG_PATH}\` puts the committed log back (save the lines added since and append them ` +
    'again), then sync. To take a review back, `notekeeper undo` appends a line that voids it'
  )
}

/**
 * Whether both sides' logs still hold every line of the log at their merge base. A device
 * that rewrote or shortened its log and pushed it (a hand commit, an older Notekeeper) must
 * not spread it: a fast-forward would lose the lines here too, a merge would count changed ones
 * twice. Our own side is asked as well, for a log rewritten and committed by hand. Not "begins
 * with": a merge puts the other device's lines among ours by date (SPEC 4.2), so a log after a
 * merge holds every line of both sides, not one side's lines first.
 */
export async function logLinesLost(git: Git, theirs: string, remoteName: string): Promise<string | null> {
  const head = await existingRef(git, 'HEAD')
  if (head === null) return null // an unborn branch has no log to lose
  for (const base of lines((await git.run(['merge-base', '--all', head, theirs])).stdout)) {
    const shared = await fileAt(git, base, LOG_PATH)
    if (shared === null) continue
    for (const side of [theirs, head]) {
      if (side === base) continue
      const lost = firstLostLine(shared, (await fileAt(git, side, LOG_PATH)) ?? '')
      if (lost !== null)
        return side === theirs ? theirsLost(lost, theirs, base, remoteName) : oursLost(lost, head, base)
    }
  }
  return null
}

function theirsLost(lost: LostLine, theirs: string, base: string, remoteName: string): string {
  return (
    `${remoteName} (commit ${short(theirs)}) holds a review log that lost line ${lost.line} ${quoted(lost)} of ` +
    `${LOG_PATH} as both devices last shared it (commit ${short(base)}): a device rewrote or shortened the log ` +
    'and pushed it. Taking it in would spread that here, so nothing was merged and this clone is as it was. On the ' +
    `device that pushed it, put the lines back (\`git show ${short(base)}:./${LOG_PATH}\` holds them; ` +
    '`git revert` undoes a commit), commit and `git push` them, then sync here'
  )
}

function oursLost(lost: LostLine, head: string, base: string): string {
  return (
    `this clone's last commit (${short(head)}) holds a review log that lost line ${lost.line} ${quoted(lost)} of ` +
    `${LOG_PATH} as it was when last shared with the remote (commit ${short(base)}): the log was rewritten or ` +
    'shortened and committed by hand. Nothing was merged or pushed. Put the lines back ' +
    `(\`git show ${short(base)}:./${LOG_PATH}\` holds them) and commit them with git, then sync`
  )
}

/**
 * Git's opening and closing lines, and the line that opens the common ancestor's text in the
 * diff3 and zdiff3 conflict styles (`merge.conflictStyle`): a person told to remove the other
 * markers leaves that one and the old text under it. `=======` alone is also an AsciiDoc example
 * block's delimiter.
 */
export const CONFLICT_MARKER = /^(<{7}|\|{7}|>{7})( |$)/m

/** What to remove from a note in conflict, for the person (git's markers, and diff3's older text). */
export const MARKERS_TO_REMOVE =
  'remove the <<<<<<< ======= >>>>>>> lines, and a ||||||| line with the older text below it up to =======, ' +
  'which git writes with merge.conflictStyle diff3 or zdiff3'

/**
 * Whether a file sync would send still holds git's conflict markers: a note settled by hand and
 * staged or committed with them (git then no longer calls it unmerged), or markers pasted in.
 * Pushed, the other device would take the half-merged note in as it is. Notes and the
 * machine-managed files are read; other files (images, say) are not the corpus's text.
 */
export async function conflictMarkersToSend(git: Git, vault: Vault, theirs: string | null): Promise<string | null> {
  const found: string[] = []
  for (const path of await pathsToSend(git, theirs)) {
    if (!isVisibleAdoc(path) && path !== LOG_PATH && path !== STATE_PATH && path !== CONFIG_PATH) continue
    const text = await vault.read(path).catch(() => null) // a file gone or unreadable has nothing to send
    const line = text === null ? null : isVisibleAdoc(path) ? noteMarkerLine(text) : markerLine(text)
    if (line !== null) found.push(`${path}:${line}`)
  }
  if (found.length === 0) return null
  return (
    `${found.join(', ')}: git's conflict markers (a line of <<<<<<<, ||||||| or >>>>>>>) are still there. Sync ` +
    'does not commit or push a file half merged; nothing was committed or pushed. Edit the file(s) to keep what you ' +
    `mean (${MARKERS_TO_REMOVE}), then sync (a commit already made with them is mended by the next one)`
  )
}

/**
 * The corpus files a sync would send that the upstream has not seen: changed since the commit
 * both sides share, committed or not, and new ones. Without an upstream that commit is HEAD, so
 * only the work not yet committed is asked; in a clone without commits, every file.
 */
async function pathsToSend(git: Git, theirs: string | null): Promise<string[]> {
  const head = await existingRef(git, 'HEAD')
  const shared = head !== null && theirs !== null ? ((await mergeBase(git, head, theirs)) ?? head) : head
  const changed = await git.run(
    shared === null
      ? ['ls-files', '-z', '--cached']
      : ['diff', '-z', '--name-only', '--relative', '--no-renames', shared],
  )
  const untracked = await git.run(['ls-files', '-z', '--others', '--exclude-standard'])
  const ignored = await ignoredOwnFiles(git) // added all the same (sync-commit.ts)
  return [...new Set([...`${changed.stdout}\0${untracked.stdout}`.split('\0'), ...ignored].filter(path => path !== ''))]
}

async function mergeBase(git: Git, one: string, other: string): Promise<string | null> {
  const result = await git.run(['merge-base', one, other])
  return result.code === 0 ? result.stdout.trim() : null
}

/** Whether a file still holds one of git's marker lines (in a note, outside its verbatim blocks). */
export function holdsConflictMarkers(path: string, text: string): boolean {
  return (isVisibleAdoc(path) ? noteMarkerLine(text) : markerLine(text)) !== null
}

/** In a note, the number of the first marker line outside a verbatim block (a listing may show them), or null. */
function noteMarkerLine(text: string): number | null {
  if (!CONFLICT_MARKER.test(text)) return null
  const index = strayMarkerLine(text.split(/\r?\n/))
  return index < 0 ? null : index + 1
}

/** The number of the first line that is a conflict marker, or null. */
function markerLine(text: string): number | null {
  const match = CONFLICT_MARKER.exec(text)
  return match === null ? null : text.slice(0, match.index).split('\n').length
}

/** A line for a message: in backquotes, cut short when long (a log line names an item, a date and a grade). */
function quoted(lost: LostLine): string {
  const text = lost.text.length > 100 ? `${lost.text.slice(0, 100)}…` : lost.text
  return `(\`${text}\`)`
}
