import { runBacklinks } from '../../app/backlinks.js'
import type { LoadedCorpus } from '../../app/corpus.js'
import { runHygiene } from '../../app/hygiene.js'
import { triageEdit } from '../../app/triage.js'
import { runValidate } from '../../app/validate.js'
import { buildReport, type Report } from '../../core/report/index.js'
import type { IsoDate } from '../../core/types.js'
import type { Vault } from '../../ports/vault.js'
import { lineTextFrom } from '../pages/report-page.js'
import type { TriageVerb } from '../pages/triage-page.js'
import type { Indexer } from './indexer.js'

export interface Reference {
  file: string
  line: number
  text: string
}

/** The operations the plugin's commands run, over the app layer; tests may give a typed fake. */
export interface Operations {
  /** `generatedAt` is the run's time as the page header shows it. */
  validate(vault: Vault, today: IsoDate, generatedAt: string): Promise<Report>
  hygiene(vault: Vault, today: IsoDate, generatedAt: string): Promise<Report>
  /** Resolves with the host-facing message; rejects when the edit is refused or fails. */
  triageEdit(
    vault: Vault,
    corpus: LoadedCorpus,
    target: { file: string; line: number; text: string },
    verb: TriageVerb,
  ): Promise<string>
  backlinks(vault: Vault, target: string): Promise<Reference[]>
}

export function appOperations(indexer: Indexer): Operations {
  return {
    async validate(vault, today, generatedAt) {
      const outcome = await runValidate(vault, { today, cache: indexer.cache })
      indexer.remember(outcome.corpus)
      return buildReport({
        title: 'Validation',
        corpus: vault.description,
        generatedAt,
        findings: outcome.findings,
        summary: outcome.summary,
        lineText: lineTextFrom(outcome.corpus.texts),
      })
    },
    async hygiene(vault, today, generatedAt) {
      // Offline only: the plugin never fetches external URLs (SPEC 2: only when asked to go online).
      return (await runHygiene(vault, { today, online: false, generatedAt })).report
    },
    async triageEdit(vault, corpus, target, verb) {
      const outcome = await triageEdit(
        vault,
        { file: target.file, line: target.line, verb, expect: target.text },
        corpus.config,
      )
      if (!outcome.ok) throw new Error(outcome.message)
      return outcome.message
    },
    async backlinks(vault, target) {
      const result = await runBacklinks(vault, target)
      if (!result.ok) throw new Error(result.message)
      return result.references
    },
  }
}
