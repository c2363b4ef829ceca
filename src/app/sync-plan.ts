import { LOG_PATH, STATE_PATH } from '../core/corpus.js'
import { derivedState } from '../core/snapshot.js'
import { serializesTo } from '../core/state.js'
import type { IsoDate } from '../core/types.js'
import type { Git } from '../ports/git.js'
import type { Vault } from '../ports/vault.js'
import { runValidate } from './check-corpus.js'
import { newBranchOnRemote, refusalBeforeSync } from './sync-checks.js'
import { ignoredOwnFiles, untrackedFiles } from './sync-commit.js'
import { conflictWords, leftUnmerged, mergedFromStages, settlingWords } from './sync-conflicts.js'
import { existingRef, gitOrThrow, inMerge, lines, paths0, type RemoteTarget } from './sync-git.js'
import { mergedLogShortfall } from './sync-log-repair.js'

// `notekeeper sync --dry-run`: what a sync would do now, step by step, ending as the sync would
// (a refusal ends it, and so do notes still in conflict). Nothing is written, committed or
// fetched, and no git command that changes the index or the work tree is run.

/** The steps a sync would take, whether it would refuse before committing anything, and the notes it would stop at. */
export interface Plan {
  plan: string[]
  refused: boolean
  /** The files a sync would leave in conflict now and stop at, named as it names them (none: it goes on). */
  conflicts: string[]
  /** Of `conflicts`, those deleted on one side and changed on the other. */
  deletedOnOneSide: string[]
}

/** The steps a sync would take, in its order, ending where it would end. */
export async function planOf(git: Git, vault: Vault, target: RemoteTarget | null, today: IsoDate): Promise<Plan> {
  const plan: string[] = []
  const known = target ? await existingRef(git, `refs/remotes/${target.remote}/${target.branch}`) : null
  const checks =
    'check that the review log only grew since the last commit, that no file to send holds conflict markers' +
    (target ? ", and that neither side's log lost a line of the one both last shared (as of the last fetch)" : '')
  // What a sync would do ends at a refusal: it comes before anything is committed.
  const refusedWith = (refusal: string): Plan => {
    plan.push(`${checks}: sync would refuse now: ${refusal}`, 'so nothing would be committed, merged or pushed')
    return { plan, refused: true, conflicts: [], deletedOnOneSide: [] }
  }
  const newBranch = target ? await newBranchOnRemote(git, target, known) : null
  if (newBranch !== null) return refusedWith(newBranch)
  // As the sync, before its checks: what an earlier merge left unmerged, read as the sync reads it
  // (sync-conflicts.ts). Notes the person settled would be staged; any other stops the sync there.
  const left = await leftUnmerged(git, vault, true)
  const merged = new Map<string, string>()
  if (left !== null) {
    plan.push(...settlingWords(left, false))
    if (left.conflicts.length > 0) {
      plan.push(
        `stop before committing anything, the merge left in progress for the person, saying: ${conflictWords(left.conflicts, left.deletedOnOneSide).join(' ')}`,
        'so nothing would be committed, merged or pushed',
      )
      return { plan, refused: false, conflicts: left.conflicts, deletedOnOneSide: left.deletedOnOneSide }
    }
    for (const path of left.fromStages) merged.set(path, await mergedFromStages(git, vault, path, today))
  }
  // What follows reads the log and the state as the sync would have written them by then.
  const settled = merged.size > 0 ? asWritten(vault, merged) : vault
  const shortfall = (await inMerge(git)) ? await mergedLogShortfall(git, settled) : null
  if (shortfall !== null)
    plan.push(
      `put back ${shortfall.missing} line(s) of the merge of both devices' logs that the log as settled by hand left out`,
    )
  const refusal = await refusalBeforeSync(git, settled, known, target ? `${target.remote}/${target.branch}` : '')
  if (refusal !== null) return refusedWith(refusal)
  plan.push(`${checks}: fine`)
  const { leftOut, unnamed } = await untrackedFiles(git)
  // Only what the sync would commit: not the new files it never adds, named below or not.
  const status = (await changedFiles(git)).filter(path => !leftOut.includes(path) && !unnamed.includes(path))
  status.push(...(await ignoredOwnFiles(git))) // git ignores them (a global excludes file); sync adds them
  // The sync replays first, so state.json may change with nothing else (a new item committed by hand).
  // Asked of the work tree as it is: a log or state left unmerged is among the changed files already.
  if (!status.includes(STATE_PATH) && (await stateWouldChange(vault, today))) status.push(`${STATE_PATH} (replayed)`)
  const committed = await git.run(['show', `HEAD:./${LOG_PATH}`])
  const fresh =
    lines((await settled.read(LOG_PATH)) ?? '').length - lines(committed.code === 0 ? committed.stdout : '').length
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
  return { plan, refused: false, conflicts: [], deletedOnOneSide: [] }
}

/**
 * `vault` as the sync would have written `texts` by the time it checks what it sends: read
 * only, for the dry run's questions (each writing method throws).
 */
function asWritten(vault: Vault, texts: ReadonlyMap<string, string>): Vault {
  const refuse = async (): Promise<never> => {
    throw new Error('a dry run writes nothing')
  }
  return {
    description: vault.description,
    list: () => vault.list(),
    read: async path => texts.get(path) ?? vault.read(path),
    write: refuse,
    append: refuse,
    remove: refuse,
  }
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
