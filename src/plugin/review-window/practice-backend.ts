import { gradeItem, undoLastGrade } from '../../app/grade-review.js'
import type { Corpus } from '../../core/corpus.js'
import {
  type AnswerCheck,
  checkAnswer,
  type DueItem,
  dueItems,
  nextDueDate,
  type PracticeScope,
  previewGrades,
} from '../../core/practice.js'
import type { GradePreviews } from '../../core/schedulers/preview.js'
import type { Grade, IsoDate } from '../../core/types.js'
import type { Vault } from '../../ports/vault.js'
import type { Indexer } from '../session/indexer.js'

/** The parts of the corpus that have items due today, for the window's "practise only" choice. */
export interface ScopeChoices {
  notes: string[]
  folders: string[]
}

export interface PracticeStart {
  items: DueItem[]
  nextDue: IsoDate | null
  scheduler: string
  /** `practice.relearn` of config.json: an `again` comes back in the session. */
  relearn: boolean
  scopes: ScopeChoices
}

/** What the review modal needs from the app layer; the tests give it a typed fake. */
export interface PracticeBackend {
  /** Re-indexes (changed files only) and returns today's due items (of `scope`, when given). */
  start(scope?: PracticeScope): Promise<PracticeStart>
  preview(id: string): GradePreviews
  /** The word diff and the suggestion, from one comparison (ADR 0008). */
  check(produced: string, response: string): AnswerCheck
  /** Appends the review under the writers' lock and writes the state; resolves only when both are on disk. */
  grade(id: string, grade: Grade): Promise<void>
  /** Appends the void line for today's `grade` of `id` (SPEC 1.4) and writes the state. */
  undo(id: string, grade: Grade): Promise<void>
  /** When the next item falls due after today, as the log now stands. */
  nextDue(): IsoDate | null
}

export function practiceBackend(vault: () => Vault, indexer: Indexer, today: () => IsoDate): PracticeBackend {
  let corpus: Corpus | null = null
  const current = (): Corpus => {
    if (!corpus) throw new Error('practice has not started')
    return corpus
  }
  const keep = (reloaded: Corpus) => {
    // The reloaded corpus holds this line: the next preview and grade start from it.
    corpus = reloaded
    indexer.remember(reloaded)
  }
  return {
    async start(scope) {
      corpus = await indexer.refresh()
      const all = dueItems(corpus, today())
      return {
        items: scope ? dueItems(corpus, today(), scope) : all,
        nextDue: nextDueDate(corpus, today()),
        scheduler: corpus.config.scheduler,
        relearn: corpus.config.practice.relearn,
        scopes: scopeChoices(all),
      }
    },
    preview: id => previewGrades(current(), id, today()),
    check: checkAnswer,
    async grade(id, grade) {
      const day = today()
      keep((await gradeItem(vault(), current(), id, grade, day, day)).corpus)
    },
    async undo(id, grade) {
      keep((await undoLastGrade(vault(), current(), id, grade, today())).corpus)
    },
    nextDue: () => nextDueDate(current(), today()),
  }
}

export function scopeChoices(items: readonly DueItem[]): ScopeChoices {
  const notes = new Set<string>()
  const folders = new Set<string>()
  for (const { file } of items) {
    notes.add(file)
    const parts = file.split('/')
    for (let n = 2; n < parts.length; n++) folders.add(parts.slice(0, n).join('/'))
  }
  return { notes: [...notes].sort(), folders: [...folders].sort() }
}
