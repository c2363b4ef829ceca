import { canonicalId } from '../core/aliases.js'
import { parseConfig } from '../core/config.js'
import { LOG_PATH, STATE_PATH } from '../core/corpus.js'
import { parseLog } from '../core/log/parse.js'
import { applyVoids } from '../core/log/voids.js'
import { mergeLogs } from '../core/merge/log.js'
import { mergedRegistrations, mergeStatesByEntry } from '../core/merge/state.js'
import { replay } from '../core/replay.js'
import { schedulerFor } from '../core/schedulers/index.js'
import { parseState, serializeState } from '../core/state.js'
import type { IsoDate, State } from '../core/types.js'
import type { Git } from '../ports/git.js'

export { mergeLogs }

export interface OtherSide {
  commit: string
  base: 'merge-base' | 'parent'
}

/** The other sides a merge's environment names (`GITHEAD_<commit>`, set by `git merge` for drivers). */
export function mergeHeadsOf(env: Readonly<Record<string, string | undefined>>): OtherSide[] {
  return Object.keys(env)
    .map(name => /^GITHEAD_([0-9a-f]{40}|[0-9a-f]{64})$/.exec(name)?.[1])
    .filter((commit): commit is string => commit !== undefined)
    .map(commit => ({ commit, base: 'merge-base' }))
}

/** The commit a rebase is picking, from the last line of its `rebase-merge/done` file (`pick <commit> …`). */
export function rebasePickOf(done: string | null): OtherSide[] {
  const last = (done ?? '').trimEnd().split('\n').pop() ?? ''
  const commit = /^(?:p|pick)\s+([0-9a-f]{40}|[0-9a-f]{64})\b/.exec(last)?.[1]
  return commit === undefined ? [] : [{ commit, base: 'parent' }]
}

export interface StateMergeInput {
  base: string
  ours: string
  theirs: string
  /** The state file's path from the top of the work tree, as git gives it (`%P`). */
  path: string
  /** The corpus's config.json as it stands in the work tree (null when absent). */
  configText: string | null
  /**
   * Commits that may be the other side: the one `git merge` names in `GITHEAD_<commit>` (its
   * base is the merge base), the one a rebase is picking (its base is its parent).
   */
  candidates: readonly OtherSide[]
  today: IsoDate
}

/**
 * The state driver (ADR 0019). Git merges `state.json` before the log (it visits paths in
 * reverse order) and writes nothing to the work tree until every path is merged, so the merged
 * log is not on disk yet: it is computed here again from the three versions of the log, found
 * in the commits whose `state.json` is exactly the three texts git handed over, and the state is
 * the replay over it, from the registrations of all three (the earlier one wins). When those
 * commits cannot be told (a cherry-pick, a criss-cross merge), the entries are merged one by one
 * and `notekeeper sync` replays over the merged work tree once git is done.
 */
export async function mergeStateTexts(git: Git, input: StateMergeInput): Promise<string> {
  const [base, ours, theirs] = [stateOf(input.base), stateOf(input.ours), stateOf(input.theirs)]
  const byEntry = mergeStatesByEntry(base, ours, theirs)
  const logs = await logsOfTheMerge(git, input)
  if (logs === null) return serializeState(byEntry)
  const parsedConfig = parseConfig(input.configText)
  if (!parsedConfig.ok) return serializeState(byEntry)
  const { aliases } = parsedConfig.config
  const log = parseLog(mergeLogs(logs.base, logs.ours, logs.theirs))
  // As loading a corpus does (SPEC 1.4): the reviews an undo voided do not count.
  const counted = applyVoids(log.reviews, log.voids ?? [], id => canonicalId(id, aliases)).counted
  const state = replay({
    reviews: counted,
    declared: Object.keys(byEntry),
    previous: mergedRegistrations(base, ours, theirs),
    today: input.today,
    scheduler: schedulerFor(parsedConfig.config),
    aliases,
  })
  return serializeState(state)
}

function stateOf(text: string): State {
  const parsed = parseState(text)
  return 'state' in parsed ? parsed.state : {}
}

/** The three logs of the merge under way, or null when its commits cannot be told for sure. */
async function logsOfTheMerge(
  git: Git,
  input: StateMergeInput,
): Promise<{ base: string; ours: string; theirs: string } | null> {
  if (!input.path.endsWith(STATE_PATH)) return null
  const logPath = input.path.slice(0, -STATE_PATH.length) + LOG_PATH
  if ((await fileAt(git, 'HEAD', input.path)) !== input.ours) return null
  for (const { commit: theirs, base: baseRule } of input.candidates) {
    if ((await fileAt(git, theirs, input.path)) !== input.theirs) continue
    const base = await baseOf(git, theirs, baseRule)
    if (base === null || (await fileAt(git, base, input.path)) !== input.base) return null
    return {
      base: await fileAt(git, base, logPath),
      ours: await fileAt(git, 'HEAD', logPath),
      theirs: await fileAt(git, theirs, logPath),
    }
  }
  return null
}

/** The commit the merge starts from; null when no single commit is it (git merged two bases into a virtual one). */
async function baseOf(git: Git, theirs: string, rule: OtherSide['base']): Promise<string | null> {
  const result =
    rule === 'parent'
      ? await git.run(['rev-parse', '--verify', '--quiet', `${theirs}^`])
      : await git.run(['merge-base', '--all', 'HEAD', theirs])
  const commits = result.code === 0 ? result.stdout.split('\n').filter(line => line !== '') : []
  return commits.length === 1 ? (commits[0] as string) : null
}

/** A file's text in a commit ('' when it has none, as git hands a missing side to a driver). */
async function fileAt(git: Git, commit: string, path: string): Promise<string> {
  const result = await git.run(['show', `${commit}:${path}`])
  return result.code === 0 ? result.stdout : ''
}
