import type { LoadedCorpus } from '../app/corpus.js'
import { triageEdit } from '../app/triage.js'
import { runValidate } from '../app/validate.js'
import type { Finding, IsoDate } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import type { Indexer } from './indexer.js'
import type { TriageVerb } from './triage-page.js'

export interface FindingsRun {
  findings: Finding[]
  ignored: number
  corpus: LoadedCorpus
}

export interface Reference {
  file: string
  line: number
  text: string
}

/** The operations the plugin's commands run, over the app layer; tests give a typed fake. */
export interface Operations {
  validate(vault: Vault, today: IsoDate): Promise<FindingsRun>
  hygiene(vault: Vault, today: IsoDate): Promise<FindingsRun>
  /** Resolves with the host-facing message; rejects when the edit is refused or fails. */
  triageEdit(vault: Vault, corpus: LoadedCorpus, target: { file: string; line: number; text: string }, verb: TriageVerb): Promise<string>
  backlinks(vault: Vault, target: string): Promise<Reference[]>
}

/** Set by index.ts for the operations whose app module is wired; see docs/plugin.md. */
export interface PendingOperations {
  hygiene?: Operations['hygiene']
  backlinks?: Operations['backlinks']
}

export function appOperations(indexer: Indexer, pending: PendingOperations): Operations {
  return {
    async validate(vault, today) {
      const outcome = await runValidate(vault, { today, cache: indexer.cache })
      indexer.remember(outcome.corpus)
      return { findings: outcome.findings, ignored: outcome.summary.ignored, corpus: outcome.corpus }
    },
    async hygiene(vault, today) {
      if (!pending.hygiene) throw new Error('the hygiene sweep is not available in this build of the plugin (use `notekeeper hygiene`)')
      return pending.hygiene(vault, today)
    },
    async triageEdit(vault, corpus, target, verb) {
      const outcome = await triageEdit(vault, { file: target.file, line: target.line, verb, expect: target.text }, corpus.config)
      if (!outcome.ok) throw new Error(outcome.message)
      return outcome.message
    },
    async backlinks(vault, target) {
      if (!pending.backlinks) throw new Error('backlinks are not available in this build of the plugin (use `notekeeper backlinks`)')
      return pending.backlinks(vault, target)
    },
  }
}
