import { gitProcess } from '../../adapters/git-process.js'
import { NotAWorkTreeError } from '../../app/git-setup.js'
import { CommitFailedError, GitFailedError, PushRefusedError, SyncRefusedError, syncCorpus } from '../../app/sync.js'
import { conflictWords } from '../../app/sync-conflicts.js'
import { GitMissingError } from '../../ports/git.js'
import type { CommandSpec } from '../command.js'
import { type Command, UsageError } from '../context.js'

/**
 * `notekeeper sync [--dry-run]` (SPEC 4.3). Exit 0 when synced with no validation error; 1 when
 * notes are left in conflict for the person, or validate found errors; 2 when sync cannot start.
 */
export const syncCommand: Command = async ctx => {
  if (ctx.args.length > 0) throw new UsageError('usage: notekeeper sync [--dry-run]')
  const dryRun = ctx.flags.get('dry-run') === true
  try {
    const outcome = await syncCorpus(gitProcess(ctx.corpusDir), ctx.vault, {
      today: ctx.today,
      dryRun,
      say: line => {
        if (!ctx.json) ctx.err(line)
      },
      // Said as each is made: a sync that fails after a commit has made it all the same.
      onCommit: subject => {
        if (!ctx.json) ctx.out(`committed: ${subject}`)
      },
    })
    if (ctx.json) {
      ctx.out(JSON.stringify(outcome))
      // A dry run ends as the sync itself would, with --json too: a script reads the exit status
      // first (it was 0 here while `wouldRefuse` said 2). Notes in conflict: 1, below.
      if (outcome.status === 'dry-run' && outcome.wouldRefuse) return 2
    } else if (outcome.status === 'dry-run') {
      ctx.out('dry run: nothing done. A sync would:')
      for (const step of outcome.plan) ctx.out(`  ${step}`)
      // As the sync itself would end: refused, exit 2; stopped at notes in conflict, 1 (below).
      if (outcome.wouldRefuse) return 2
    } else {
      if ((outcome.leftOut ?? []).length > 0)
        ctx.err(`not committed (new files with a dot name, which sync never adds): ${outcome.leftOut?.join(', ')}`)
      if (outcome.status === 'conflict')
        for (const said of conflictWords(outcome.conflicts, outcome.deletedOnOneSide ?? [])) ctx.err(said)
      else {
        ctx.out(
          outcome.remote === null
            ? 'synced locally (no remote to exchange with)'
            : outcome.pushed
              ? `synced with ${outcome.remote}`
              : `up to date with ${outcome.remote}`,
        )
        if (outcome.errors > 0) ctx.err(`validate found ${outcome.errors} error(s): run \`notekeeper validate\``)
      }
    }
    // A dry run's `conflicts` are the notes the sync would stop at: it ends as the sync would.
    if (outcome.status === 'conflict' || outcome.conflicts.length > 0 || outcome.errors > 0) return 1
    return 0
  } catch (error) {
    if (error instanceof NotAWorkTreeError || error instanceof SyncRefusedError || error instanceof GitMissingError) {
      ctx.err(`notekeeper sync: ${error.message}`)
      return 2
    }
    if (error instanceof PushRefusedError) {
      ctx.err(
        `notekeeper sync: ${error.message}. What was committed here stays committed and was not pushed; ` +
          'syncing again will not help until the remote accepts the push.',
      )
      return 2
    }
    if (error instanceof CommitFailedError) {
      // Running sync again would meet the same refusal: what is wrong is git's setting here.
      ctx.err(
        `notekeeper sync: ${error.message}\nNothing is lost: what sync was committing is staged` +
          (error.merging ? ', and the merge it began is in the work tree' : '') +
          '. Once `git commit` works in this clone (a key for commit.gpgsign, user.name and user.email set, ' +
          'what a pre-commit or commit-msg hook of yours refused mended), ' +
          'sync again: it commits them.',
      )
      return 2
    }
    if (error instanceof GitFailedError) {
      ctx.err(`notekeeper sync: ${error.message}. What was committed stays committed; run sync again.`)
      return 2
    }
    throw error
  }
}

export const syncSpec: CommandSpec = {
  name: 'sync',
  summary: 'commit, pull with the drivers, replay, validate, push',
  usage: ['[--dry-run] [--json]'],
  options: { 'dry-run': { type: 'boolean', help: 'say what a sync would commit, merge and push; change nothing' } },
  json: true,
  run: syncCommand,
}
