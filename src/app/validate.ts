import { sortFindings, summarize } from '../core/findings.js'
import { schedulerFor } from '../core/schedulers/index.js'
import type { Finding, IsoDate } from '../core/types.js'
import { validate } from '../core/validate.js'
import type { Vault } from '../ports/vault.js'
import { type LoadedCorpus, type LoadOptions, loadCorpus } from './corpus.js'
import { writeStateIfChanged } from './schedule.js'

export interface ValidateOutcome {
  findings: Finding[]
  summary: ReturnType<typeof summarize>
  /** Whether state.json was (re)written. */
  wrote: boolean
  /** Set when config.json is invalid: nothing was written and the CLI exits 2. */
  configInvalid: boolean
  corpus: LoadedCorpus
}

/** SPEC 2, Validate: checks the corpus, and regenerates state.json when it differs from the replay (not with dryRun). */
export async function runValidate(
  vault: Vault,
  options: { today: IsoDate; dryRun?: boolean } & LoadOptions,
): Promise<ValidateOutcome> {
  const corpus = await loadCorpus(vault, options)
  if (corpus.configFinding) {
    const findings = [corpus.configFinding]
    return { findings, summary: summarize(findings, 0), wrote: false, configInvalid: true, corpus }
  }
  const result = validate({
    notes: corpus.notes,
    files: corpus.files,
    unreadable: corpus.unreadable,
    config: corpus.config,
    reviews: corpus.log.all(),
    logFindings: corpus.log.findings,
    previous: corpus.state,
    stateError: corpus.stateError,
    stateInvalid: corpus.stateInvalid,
    today: options.today,
    scheduler: schedulerFor(corpus.config),
  })
  const findings = sortFindings(result.findings)
  const wrote = options.dryRun ? false : await writeStateIfChanged(vault, result.state)
  return { findings, summary: summarize(findings, 0), wrote, configInvalid: false, corpus }
}
