import type { Corpus } from '../core/corpus.js'
import { sortFindings, summarize } from '../core/findings.js'
import type { Finding, IsoDate } from '../core/types.js'
import { validate } from '../core/validate.js'
import type { Vault } from '../ports/vault.js'
import { type LoadOptions, loadCorpus } from './load-corpus.js'
import type { HeldLock } from './lock.js'
import { writeCorpusState } from './write-state.js'

export interface ValidateOutcome {
  findings: Finding[]
  summary: ReturnType<typeof summarize>
  /** Whether state.json was (re)written. */
  wrote: boolean
  /** Set when config.json is invalid: nothing was written and the CLI exits 2. */
  configInvalid: boolean
  corpus: Corpus
}

/** SPEC 2, Validate: checks the corpus, and regenerates state.json when it differs from the replay (not with dryRun). */
export async function runValidate(
  vault: Vault,
  /** `held`: the writers' lock, when the caller holds it (sync): state.json is written under it. */
  options: { today: IsoDate; dryRun?: boolean; held?: HeldLock } & LoadOptions,
): Promise<ValidateOutcome> {
  const corpus = await loadCorpus(vault, options)
  if (corpus.configFinding) {
    const findings = [corpus.configFinding]
    return { findings, summary: summarize(findings, 0), wrote: false, configInvalid: true, corpus }
  }
  const result = validate(corpus, options.today)
  const findings = sortFindings(result.findings)
  // result.state is the corpus's derived state: written as it is, or derived again from the log
  // when another writer added to it meanwhile.
  const wrote = options.dryRun
    ? false
    : await writeCorpusState(vault, corpus, options.today, options.held ? { held: options.held } : {})
  return { findings, summary: summarize(findings, 0), wrote, configInvalid: false, corpus }
}
