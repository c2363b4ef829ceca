import { gradeItem, undoLastGrade } from '../../app/grade-review.js'
import { StateWrites, type StateWritesOptions } from '../../app/state-writes.js'
import type { Corpus } from '../../core/corpus.js'
import {
  type AnswerCheck,
  checkAnswer,
  type DueItem,
  dueItems,
  dueSelection,
  limitsReachedLine,
  nextDueDate,
  type PracticeScope,
  previewGrades,
} from '../../core/practice.js'
import { practiceWarnings } from '../../core/replay-warnings.js'
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
  /** What to say when the daily limits hold back due items (SPEC 1.8), or null when they hold back none. */
  limitsReached?: string | null
  scheduler: string
  /** `practice.relearn` of config.json: an `again` comes back in the session. */
  relearn: boolean
  scopes: ScopeChoices
  /**
   * What the session leaves out and the person should hear before it begins (log lines skipped,
   * alias cycles, reviews a moved note left behind): the command line's stderr warnings.
   */
  warnings?: string[]
}

/** What the review modal needs from the app layer; the tests give it a typed fake. */
export interface PracticeBackend {
  /** Re-indexes (changed files only) and returns today's due items (of `scope`, when given). */
  start(scope?: PracticeScope): Promise<PracticeStart>
  preview(id: string): GradePreviews
  /** The word diff and the suggestion, from one comparison (ADR 0008); `attributes`: the note's. */
  check(produced: string, response: string, attributes?: Readonly<Record<string, string>>): AnswerCheck
  /**
   * Appends the review under the writers' lock; resolves when the line is on disk. state.json is
   * written once the next card is shown, coalesced (`flush`), as the CLI's practice does.
   */
  grade(id: string, grade: Grade): Promise<void>
  /** Appends the void line for today's `grade` of `id` (SPEC 1.4); the state follows as for `grade`. */
  undo(id: string, grade: Grade): Promise<void>
  /** Resolves when the state of every grade and undo so far is on disk; rejects with a write's error. */
  flush(): Promise<void>
  /** When the next item falls due after today, as the log now stands. */
  nextDue(): IsoDate | null
}

/**
 * The next paint, so that a state write (tens of ms of serializing 30,000 entries) never holds
 * back the card it follows. A window that is not painting (hidden) gets a timer instead.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise(resolve => {
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0)
    const fallback = setTimeout(resolve, 100)
    requestAnimationFrame(() => {
      clearTimeout(fallback)
      setTimeout(resolve, 0)
    })
  })
}

export function practiceBackend(
  vault: () => Vault,
  indexer: Indexer,
  today: () => IsoDate,
  options: StateWritesOptions = { afterShown: afterNextPaint },
): PracticeBackend {
  let corpus: Corpus | null = null
  const stateWrites = new StateWrites(options)
  // A grade still running when the window closes asks for its state write after `flush` began.
  let busy: Promise<unknown> = Promise.resolve()
  const track = (work: Promise<void>): Promise<void> => {
    busy = work.catch(() => undefined)
    return work
  }
  let sessionScope: PracticeScope | undefined
  const current = (): Corpus => {
    if (!corpus) throw new Error('practice has not started')
    return corpus
  }
  const keep = (reloaded: Corpus, from: Vault) => {
    // The reloaded corpus holds this line: the next preview and grade start from it.
    corpus = reloaded
    indexer.remember(reloaded, from)
  }
  return {
    async start(scope) {
      corpus = await indexer.refresh()
      sessionScope = scope
      const all = dueItems(corpus, today())
      const selection = dueSelection(corpus, today(), scope)
      return {
        items: selection.due,
        limitsReached: selection.heldBack.items > 0 ? limitsReachedLine(corpus, today(), selection.heldBack) : null,
        // The next date of what is practised: the note or folder chosen, not the whole corpus.
        nextDue: nextDueDate(corpus, today(), scope),
        scheduler: corpus.config.scheduler,
        relearn: corpus.config.practice.relearn,
        scopes: scopeChoices(all),
        warnings: practiceWarnings(corpus, today(), '/validate'),
      }
    },
    preview: id => previewGrades(current(), id, today()),
    check: checkAnswer,
    grade(id, grade) {
      const day = today()
      const into = vault()
      return track(
        gradeItem(into, current(), id, grade, day, day, { stateWrites }).then(done => keep(done.corpus, into)),
      )
    },
    undo(id, grade) {
      const into = vault()
      return track(
        undoLastGrade(into, current(), id, grade, today(), { stateWrites }).then(done => keep(done.corpus, into)),
      )
    },
    async flush() {
      await busy
      await stateWrites.flush()
    },
    nextDue: () => nextDueDate(current(), today(), sessionScope),
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
