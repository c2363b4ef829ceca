import type { DueItem } from './practice.js'
import { GRADES, type Grade } from './types.js'

/** How many other items come between an `again` and its second showing, when there are that many. */
export const RELEARN_GAP = 3

export interface SessionSummary {
  /** Items due when the session started. */
  due: number
  /** Distinct items graded at least once (the summary counts items, not log lines). */
  items: number
  /** Grades given, one per log line written (an item relearned counts twice). */
  grades: Record<Grade, number>
  /** Items graded `again` that came back in the session, and items failed in an earlier session today graded in this one. */
  relearned: number
  /**
   * Share of the items reviewed before whose first grade of the session was not `again` (null
   * when none was graded). New items are left out, as Anki's true retention leaves them out: an
   * item seen for the first time cannot be forgotten, and a session of new items read as a
   * forgetting one. So are items relearning from an earlier session today (ADR 0041): their
   * day's first review was the `again`.
   */
  retention: number | null
  skipped: number
  /** Due items never graded (the session ended first). */
  left: number
  /**
   * Showings of items graded `again` in the session that were still to come (the session ended
   * first): their `again` is in the log, but `left` does not count them, so without this a
   * session cut off at a relearn looked complete.
   */
  relearnLeft: number
}

/**
 * What one grade or skip did to the queue, so that undo can take it back: the item taken from
 * the front, and where an `again` put it back (a grade) or whether it went to the end (a skip).
 * Kept instead of a copy of the queue per grade, which at 10,000 due items held 80 KB a grade
 * for as long as the session lasted (a session of 400 grades: 30 MB).
 */
type Step =
  | { kind: 'grade'; item: DueItem; grade: Grade; reinsertedAt: number | null }
  | { kind: 'skip'; item: DueItem; movedToEnd: boolean }

/**
 * The order of one practice session, shared by the terminal and the review window (pure: the
 * caller writes the log). The due items in order; an item graded `again` comes back after
 * RELEARN_GAP other items (or at the end) when relearning is on (SPEC 1.8 `practice.relearn`);
 * skip puts the item at the end once, and a second skip leaves it for another day; undo restores
 * the session as it was before the last grade (skips since then included), so that item is asked
 * again.
 */
export class PracticeSession {
  /** Every showing in order: those before `head` are done, `queue[head]` is current. Slots before `head` are never written again. */
  private readonly queue: DueItem[]
  private head = 0
  /** Grades and skips, in order (undo takes them back from the end). */
  private readonly steps: Step[] = []
  private grades = 0
  private readonly skipped = new Set<string>()
  private readonly due: number

  constructor(
    items: readonly DueItem[],
    private readonly options: { relearn: boolean },
  ) {
    this.queue = [...items]
    this.due = items.length
  }

  /** The item to show now, or null when the session is over. */
  current(): DueItem | null {
    return this.queue[this.head] ?? null
  }

  /** For the progress line: grades given so far, and that plus the showings still queued. */
  progress(): { done: number; total: number } {
    return { done: this.grades, total: this.grades + this.queue.length - this.head }
  }

  /**
   * Whether the current showing is a relearning one: the item was graded `again` earlier in the
   * session, or earlier today in another one and not relearned since (`DueItem.relearning`).
   */
  isRelearning(): boolean {
    const item = this.current()
    if (item === null) return false
    return item.relearning === true || this.steps.some(s => s.kind === 'grade' && s.item.id === item.id)
  }

  /** Records the grade of the current item (already written to the log by the caller). */
  grade(grade: Grade): void {
    const item = this.queue[this.head]
    if (item === undefined) throw new Error('no item to grade')
    this.head++
    let reinsertedAt: number | null = null
    if (grade === 'again' && this.options.relearn) {
      reinsertedAt = this.head + Math.min(RELEARN_GAP, this.queue.length - this.head)
      this.queue.splice(reinsertedAt, 0, item)
    }
    this.steps.push({ kind: 'grade', item, grade, reinsertedAt })
    this.grades++
  }

  /** Puts the current item at the end; an item skipped twice leaves the session. */
  skip(): void {
    const item = this.queue[this.head]
    if (item === undefined) return
    this.head++
    const movedToEnd = !this.skipped.has(item.id)
    if (movedToEnd) {
      this.skipped.add(item.id)
      this.queue.push(item)
    }
    this.steps.push({ kind: 'skip', item, movedToEnd })
  }

  canUndo(): boolean {
    return this.grades > 0
  }

  /**
   * Takes back the last grade, and the skips made since: returns it (for the caller's void
   * line), and makes its item current again. Each step is reversed in the opposite order it was
   * made, so the queue is exactly the one before that grade.
   */
  undo(): { item: DueItem; grade: Grade } | null {
    if (this.grades === 0) return null
    for (let step = this.steps.pop(); step !== undefined; step = this.steps.pop()) {
      if (step.kind === 'skip') {
        if (step.movedToEnd) {
          this.queue.pop()
          this.skipped.delete(step.item.id)
        }
        this.head--
        continue
      }
      if (step.reinsertedAt !== null) this.queue.splice(step.reinsertedAt, 1)
      this.head--
      this.grades--
      return { item: step.item, grade: step.grade }
    }
    return null
  }

  summary(): SessionSummary {
    const grades: Record<Grade, number> = { again: 0, hard: 0, good: 0, easy: 0 }
    const first = new Map<string, Grade>()
    const counts = new Map<string, number>()
    let recalled = 0
    let passed = 0
    for (const step of this.steps) {
      if (step.kind !== 'grade') continue
      grades[step.grade]++
      if (!first.has(step.item.id)) {
        first.set(step.item.id, step.grade)
        // An item failed earlier today is relearned, not recalled: true retention counts only
        // the first review of a date (SPEC 2), and that one was the `again`.
        if (!step.item.isNew && step.item.relearning !== true) {
          recalled++
          if (step.grade !== 'again') passed++
        }
      }
      counts.set(step.item.id, (counts.get(step.item.id) ?? 0) + 1)
    }
    const relearningAtStart = new Set(this.queue.filter(i => i.relearning === true).map(i => i.id))
    const gradedIds = new Set(first.keys())
    const queued = this.queue.slice(this.head)
    const queuedIds = new Set(queued.map(i => i.id))
    const left = [...queuedIds].filter(id => !gradedIds.has(id)).length
    const skippedOut = [...this.skipped].filter(id => !gradedIds.has(id) && !queuedIds.has(id)).length
    return {
      due: this.due,
      items: first.size,
      grades,
      // Graded twice here, or once here after an `again` of an earlier session today.
      relearned: [...counts].filter(([id, n]) => n > 1 || relearningAtStart.has(id)).length,
      retention: recalled === 0 ? null : passed / recalled,
      skipped: skippedOut,
      left,
      relearnLeft: queued.filter(i => gradedIds.has(i.id)).length,
    }
  }
}

/** "Practised 5 of 8 items: 1 again, 0 hard, 4 good, 0 easy (6 grades; 1 relearned)": one line for the terminal and the window. */
export function summaryLine(summary: SessionSummary): string {
  const lines = GRADES.reduce((n, g) => n + summary.grades[g], 0)
  const tally = GRADES.map(g => `${summary.grades[g]} ${g}`).join(', ')
  const extra = [
    lines !== summary.items ? `${lines} grades` : null,
    summary.relearned > 0 ? `${summary.relearned} relearned` : null,
  ].filter(x => x !== null)
  return `Practised ${summary.items} of ${summary.due} item${summary.due === 1 ? '' : 's'}: ${tally}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`
}
