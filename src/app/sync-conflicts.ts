import { CONFIG_PATH, LOG_PATH, STATE_PATH } from '../core/corpus.js'
import { mergeLogs } from '../core/merge/log.js'
import { oneLine } from '../core/terminal-text.js'
import type { IsoDate } from '../core/types.js'
import type { Git } from '../ports/git.js'
import type { Vault } from '../ports/vault.js'
import { mergeStateTexts } from './git-merge.js'
import { holdsConflictMarkers, MARKERS_TO_REMOVE } from './sync-checks.js'
import { gitOrThrow, lines, paths0 } from './sync-git.js'

// What a merge left unmerged, read without changing anything: the one reading that `notekeeper
// sync` acts on (sync.ts, leftInConflict) and that its dry run says (sync-plan.ts), so that the
// two cannot tell different stories about the same work tree.

/** How sync names a conflicted file outside the corpus folder. */
export const OUTSIDE_THE_FOLDER = "(outside the corpus folder, from the repository's root)"

/** The paths git calls unmerged, and what a sync does with each. */
export interface LeftUnmerged {
  /** The log and state.json among them: never left for the person, merged by sync from git's three stages. */
  fromStages: Array<typeof LOG_PATH | typeof STATE_PATH>
  /** Notes the person cleaned of conflict markers: sync stages them as settled (`git add`). */
  settled: string[]
  /** Notes the person deleted: sync takes them out of the index as settled (`git rm --cached`). */
  deleted: string[]
  /**
   * Still in conflict, for the person, as sync names them: the corpus's notes from the corpus
   * folder, then paths outside it from the repository's root (sync cannot settle those).
   */
  conflicts: string[]
  /** Of `conflicts`, those one side deleted and the other changed (no markers: keep or delete the file). */
  deletedOnOneSide: string[]
}

/**
 * What git left unmerged, or null when nothing is. When the person has had the conflict in hand
 * (`settledByPerson`: a sync that starts with paths unmerged), a note without conflict markers
 * counts as settled, and one that is gone as settled by deleting it; right after sync's own
 * merge, every note git left unmerged is the person's (a note deleted on one side and changed
 * on the other has no markers). Runs no git command that changes the index or the work tree.
 */
export async function leftUnmerged(git: Git, vault: Vault, settledByPerson: boolean): Promise<LeftUnmerged | null> {
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
          .map(path => `${path} ${OUTSIDE_THE_FOLDER}`)
  if (unmerged.length === 0 && outside.length === 0) return null
  const left: LeftUnmerged = { fromStages: [], settled: [], deleted: [], conflicts: [], deletedOnOneSide: [] }
  for (const path of unmerged) {
    if (path === LOG_PATH || path === STATE_PATH) {
      left.fromStages.push(path)
      continue
    }
    const text = await vault.read(path).catch(() => null)
    // Deleted by the person: the conflict settled the way git's "deleted by them" asks about.
    if (settledByPerson && text === null) left.deleted.push(path)
    else if (settledByPerson && text !== null && !holdsConflictMarkers(path, text)) left.settled.push(path)
    else {
      left.conflicts.push(path)
      if (await deletedOnOneSide(git, path)) left.deletedOnOneSide.push(path)
    }
  }
  left.conflicts.push(...outside)
  return left
}

/** Whether git's conflict on `path` is one side's deletion against the other's change (no stage 2 or no stage 3). */
async function deletedOnOneSide(git: Git, path: string): Promise<boolean> {
  const stages = lines(
    (await gitOrThrow(git, ['--literal-pathspecs', 'ls-files', '--unmerged', '--', path])).stdout,
  ).map(line => line.split(/\s+/)[2])
  return !(stages.includes('2') && stages.includes('3'))
}

/**
 * The log or state.json as sync writes it when git left it unmerged (its driver failed, or did
 * not run on this machine): the drivers' own merge of git's three stages. Reads only.
 */
export async function mergedFromStages(
  git: Git,
  vault: Vault,
  path: typeof LOG_PATH | typeof STATE_PATH,
  today: IsoDate,
): Promise<string> {
  const [base, ours, theirs] = await stages(git, path)
  if (path === LOG_PATH) return mergeLogs(base, ours, theirs)
  const full = (await gitOrThrow(git, ['ls-files', '--full-name', '--', STATE_PATH])).stdout.split('\n')[0] ?? ''
  const configText = await vault.read(CONFIG_PATH)
  return mergeStateTexts(git, { base, ours, theirs, path: full, configText, candidates: [], today })
}

async function stages(git: Git, path: string): Promise<[string, string, string]> {
  const at = async (stage: number): Promise<string> => {
    const result = await git.run(['show', `:${stage}:./${path}`])
    return result.code === 0 ? result.stdout : ''
  }
  return [await at(1), await at(2), await at(3)]
}

/** Paths for a sentence: a line break in a file name stays inside it (ADR 0044), not a line of its own. */
const names = (paths: readonly string[]): string => paths.map(oneLine).join(', ')

/** What sync says of the files it left in conflict, one paragraph per kind, for the person. */
export function conflictWords(conflicts: readonly string[], deletedOnOneSide: readonly string[]): string[] {
  const said: string[] = []
  const changed = conflicts.filter(path => !deletedOnOneSide.includes(path))
  const outside = changed.some(path => path.endsWith(OUTSIDE_THE_FOLDER))
  if (changed.length > 0)
    said.push(
      `conflict: both devices changed ${names(changed)}. The review log is merged and nothing of it ` +
        `is lost. Edit the file(s) to keep what you mean (${MARKERS_TO_REMOVE}), ` +
        (outside ? '`git add` the ones outside the corpus folder yourself, ' : '') +
        'then run `notekeeper sync` again to finish the merge.',
    )
  if (deletedOnOneSide.length > 0)
    said.push(
      `conflict: ${names(deletedOnOneSide)} ${deletedOnOneSide.length === 1 ? 'was' : 'were'} deleted on one ` +
        'device and changed on the other. The review log is merged and nothing of it is lost. Keep the file as it ' +
        'stands here to keep it, or delete it to delete it, then run `notekeeper sync` again to finish the merge.',
    )
  return said
}

/** How sync names what it settles of an earlier merge, as done (`done`) or as a dry run's step. */
export function settlingWords(left: LeftUnmerged, done: boolean): string[] {
  const said: string[] = []
  for (const path of left.fromStages)
    said.push(
      `${done ? 'merged' : 'merge'} ${path}, which git left unmerged (its merge driver failed or did not run), ` +
        "from git's three stages with the Notekeeper merge",
    )
  if (left.settled.length > 0)
    said.push(
      `${done ? 'marked' : 'mark'} ${left.settled.length} note(s) settled (no conflict markers left; git add): ` +
        names(left.settled),
    )
  if (left.deleted.length > 0)
    said.push(
      `${done ? 'marked' : 'mark'} ${left.deleted.length} note(s) settled as deleted (deleted here; git rm --cached): ` +
        names(left.deleted),
    )
  return said
}
