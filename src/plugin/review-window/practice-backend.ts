import type { LoadedCorpus } from '../../app/corpus.js'
import { type DueItem, dueItems, gradeItem, nextDueDate, previewGrades, suggestGrade } from '../../app/practice.js'
import type { Grade, IsoDate } from '../../core/types.js'
import type { Vault } from '../../ports/vault.js'
import type { Indexer } from '../session/indexer.js'

export type GradePreview = Record<Grade, { next_due: IsoDate; days: number }>

/** What the review modal needs from the app layer; the tests give it a typed fake. */
export interface PracticeBackend {
  /** Re-indexes (changed files only) and returns today's due items. */
  start(): Promise<{ items: DueItem[]; nextDue: IsoDate | null; scheduler: string }>
  preview(id: string): GradePreview
  suggest(produced: string, response: string): Grade
  /** Appends the review under the writers' lock and writes the state; resolves only when both are on disk. */
  grade(id: string, grade: Grade): Promise<void>
}

export function practiceBackend(vault: () => Vault, indexer: Indexer, today: () => IsoDate): PracticeBackend {
  let corpus: LoadedCorpus | null = null
  const current = (): LoadedCorpus => {
    if (!corpus) throw new Error('practice has not started')
    return corpus
  }
  return {
    async start() {
      corpus = await indexer.refresh()
      return {
        items: dueItems(corpus, today()),
        nextDue: nextDueDate(corpus, today()),
        scheduler: corpus.config.scheduler,
      }
    },
    preview: id => previewGrades(current(), id, today()),
    suggest: suggestGrade,
    async grade(id, grade) {
      const day = today()
      const outcome = await gradeItem(vault(), current(), id, grade, day, day, { cache: indexer.cache })
      // The reloaded corpus holds this review: the next preview and grade start from it.
      corpus = outcome.corpus
      indexer.remember(outcome.corpus)
    },
  }
}
