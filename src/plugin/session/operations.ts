import { runValidate } from '../../app/check-corpus.js'
import { evaluateCorpus, forecastCorpus, switchScheduler } from '../../app/compare-schedulers.js'
import { corpusStatistics } from '../../app/corpus-statistics.js'
import { runBacklinks } from '../../app/find-backlinks.js'
import { findingLines } from '../../app/note-texts.js'
import { runHygiene } from '../../app/run-sweep.js'
import { triageEdit } from '../../app/triage-edit.js'
import type { Backlink } from '../../core/backlinks.js'
import type { Corpus } from '../../core/corpus.js'
import { dueItems } from '../../core/practice.js'
import { buildReport, type Report } from '../../core/report/index.js'
import type { IsoDate, SchedulerName } from '../../core/types.js'
import type { Vault } from '../../ports/vault.js'
import type { TriageVerb } from '../pages/triage-page.js'
import { type PracticeBackend, practiceBackend } from '../review-window/practice-backend.js'
import type { Indexer } from './indexer.js'

/**
 * The plugin's one route into `src/app`: every command, the review window's backend, the due
 * count and the scheduler switch go through it. Tests may give a typed fake.
 */
export interface Operations {
  /** The review window's backend over one vault (re-indexes on start, grades under the lock). */
  practice(vault: () => Vault, today: () => IsoDate): PracticeBackend
  dueCount(corpus: Corpus, today: IsoDate): number
  forecast(corpus: Corpus, today: IsoDate, days: number): ReturnType<typeof forecastCorpus>
  /** Each scheduler judged on the corpus's log (the Schedulers page). */
  evaluate(corpus: Corpus): ReturnType<typeof evaluateCorpus>
  /** The Statistics page's figures. */
  statistics(corpus: Corpus, today: IsoDate): ReturnType<typeof corpusStatistics>
  /** Writes "scheduler" and the switch record into config.json and regenerates state.json. */
  switchScheduler(vault: Vault, name: SchedulerName, today: IsoDate): ReturnType<typeof switchScheduler>
  /** `generatedAt` is the run's time as the page header shows it. */
  validate(vault: Vault, today: IsoDate, generatedAt: string): Promise<Report>
  hygiene(vault: Vault, today: IsoDate, generatedAt: string): Promise<Report>
  /** Resolves with the host-facing message; rejects when the edit is refused or fails. */
  triageEdit(
    vault: Vault,
    corpus: Corpus,
    target: { file: string; line: number; text: string },
    verb: TriageVerb,
  ): Promise<string>
  backlinks(vault: Vault, target: string): Promise<Backlink[]>
}

export function appOperations(indexer: Indexer): Operations {
  return {
    practice: (vault, today) => practiceBackend(vault, indexer, today),
    dueCount: (corpus, today) => dueItems(corpus, today).length,
    forecast: forecastCorpus,
    evaluate: evaluateCorpus,
    statistics: corpusStatistics,
    // Through the index's scan cache: each of the switch's two loads reads every note otherwise.
    switchScheduler: (vault, name, today) => switchScheduler(vault, name, today, { load: { cache: indexer.cache } }),
    async validate(vault, today, generatedAt) {
      const outcome = await runValidate(vault, { today, cache: indexer.cache })
      indexer.remember(outcome.corpus, vault)
      return buildReport({
        title: 'Validation',
        corpus: vault.description,
        generatedAt,
        findings: outcome.findings,
        summary: outcome.summary,
        lineText: await findingLines(vault, outcome.findings),
      })
    },
    async hygiene(vault, today, generatedAt) {
      // Offline only: the plugin never fetches external URLs (SPEC 2: only when asked to go online).
      return (await runHygiene(vault, { today, online: false, generatedAt, scanCache: indexer.cache })).report
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
      const result = await runBacklinks(vault, target, { cache: indexer.cache })
      if (!result.ok) throw new Error(result.message)
      return result.references
    },
  }
}
