import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import type { Corpus } from '../../src/core/corpus.js'
import { localToday } from '../../src/core/dates.js'
import { columnarReviewLog } from '../../src/core/log/columnar-log.js'
import { formatReviewLine } from '../../src/core/log/format.js'
import { readLogText } from '../../src/core/log/log-reader.js'
import { formatVoidLine } from '../../src/core/log/voids.js'
import { dueSelection } from '../../src/core/practice.js'
import { PracticeSession } from '../../src/core/practice-session.js'
import { derivedState, withLog, withReview, withStateOnDisk } from '../../src/core/snapshot.js'
import { statistics } from '../../src/core/stats.js'
import type { Config, Grade, IsoDate, SchedulerName, State } from '../../src/core/types.js'
import { corpusOf, itemNote } from '../support/corpus-fixture.js'

// SPEC 1.8 practice.relearn, ADR 0041: an item failed today and not relearned is due again today,
// in any later session; an undone first review puts the item back among the new items. Each
// practice runs as the CLI and the review window run it (core/practice-session.ts over the due
// list, each grade a line appended and folded, each undo a void line), and a "later process"
// reads the log's text and the state written, as a fresh `notekeeper` run does.

const NOTE = itemNote('internalise/deck.adoc', ['a', 'b', 'c', 'd'])
/** a due on 12-05 (from 12-03 or 12-04, by the scheduler), b weeks later; c and d never reviewed, registered long ago. */
const HISTORY = [
  { item: 'deck#b', date: '2026-10-01', grade: 'good' },
  { item: 'deck#b', date: '2026-10-07', grade: 'good' },
  { item: 'deck#b', date: '2026-10-20', grade: 'good' },
  { item: 'deck#b', date: '2026-11-20', grade: 'easy' },
  { item: 'deck#a', date: '2026-12-02', grade: 'hard' },
]
const REGISTERED: State = {
  'deck#c': { level: 1, next_due: '2026-11-20', reps: 0 },
  'deck#d': { level: 1, next_due: '2026-11-25', reps: 0 },
}

/** The log as lines of text, and the corpus a process holds over it. */
class Learner {
  private readonly lines: string[]
  corpus: Corpus

  constructor(readonly config: Config) {
    this.lines = HISTORY.map(review => formatReviewLine(review as { item: string; date: IsoDate; grade: Grade }))
    this.corpus = this.fresh(REGISTERED)
  }

  /** A new process: the log read from its text, the state as last written. */
  fresh(state: State | null): Corpus {
    const text = this.lines.map(line => `${line}\n`).join('')
    return { ...corpusOf([NOTE], [], this.config, state), log: columnarReviewLog(readLogText(text), {}) }
  }

  /** A later run of the command line: what the last session left on disk. */
  restart(today: IsoDate): void {
    this.corpus = this.fresh(derivedState(this.corpus, today))
  }

  /** A practice session: the due list of this moment, each grade written and folded before the next item. */
  practise(today: IsoDate): Session {
    const { due } = dueSelection(this.corpus, today)
    return new Session(this, new PracticeSession(due, { relearn: this.config.practice.relearn }), today)
  }

  append(line: string): number {
    this.lines.push(line)
    return this.lines.length
  }

  dueIds(today: IsoDate): string[] {
    return dueSelection(this.corpus, today).due.map(item => item.id)
  }
}

class Session {
  constructor(
    private readonly learner: Learner,
    readonly queue: PracticeSession,
    private readonly today: IsoDate,
  ) {}

  /** Grades the current item (must be `id`): its line appended, then the item folded again. */
  grade(id: string, grade: Grade): void {
    expect(this.queue.current()?.id).toBe(id)
    const review = { item: id, date: this.today, grade }
    const line = this.learner.append(formatReviewLine(review))
    this.learner.corpus = withReview(this.learner.corpus, { ...review, line }, this.today)
    this.learner.corpus = withStateOnDisk(
      this.learner.corpus,
      derivedState(this.learner.corpus, this.today),
      this.today,
    )
    this.queue.grade(grade)
  }

  /** Takes back the session's last grade with a void line, as `u` does. */
  undo(): void {
    const last = this.queue.undo()
    if (last === null) throw new Error('nothing to undo')
    const correction = { item: last.item.id, date: this.today, grade: last.grade }
    const line = this.learner.append(formatVoidLine(correction))
    const { corpus } = this.learner
    const log = corpus.log.withVoid?.({ item: last.item.id, date: this.today, void: last.grade, line })
    if (log === undefined) throw new Error('the columnar log takes a void in place')
    this.learner.corpus = withLog(corpus, log, this.today, [last.item.id])
    this.learner.corpus = withStateOnDisk(
      this.learner.corpus,
      derivedState(this.learner.corpus, this.today),
      this.today,
    )
  }
}

const at = (hour: number, minute = 0, day = 5): IsoDate => localToday(new Date(2026, 11, day, hour, minute))

describe.each(['leitner', 'fsrs', 'sm2'] as const satisfies readonly SchedulerName[])(
  'an again outlives its session (%s)',
  scheduler => {
    const config: Config = { ...DEFAULT_CONFIG, scheduler }

    it('an again given last, or relearned and failed again last, is due in the next session of the day, first', () => {
      const learner = new Learner(config)
      const morning = learner.practise(at(8))
      expect(morning.queue.current()?.id).toBe('deck#c')
      morning.grade('deck#c', 'good')
      morning.grade('deck#d', 'good')
      morning.grade('deck#a', 'again') // the last thing: the learner quits before it comes back
      expect(morning.queue.summary().relearnLeft).toBe(1)
      // The scheduler dates the again tomorrow or later; the day is not over for it.
      const scheduled = derivedState(learner.corpus, at(8))['deck#a']?.next_due as IsoDate
      expect(scheduled > at(8)).toBe(true)

      learner.restart(at(12))
      const { due } = dueSelection(learner.corpus, at(12))
      expect(due.map(item => [item.id, item.next_due, item.relearning])).toEqual([['deck#a', at(12), true]])
      const noon = learner.practise(at(12))
      expect(noon.queue.isRelearning()).toBe(true)
      noon.grade('deck#a', 'again') // failed again: the session brings it back at the end
      expect(noon.queue.current()?.id).toBe('deck#a')
      noon.grade('deck#a', 'again') // and again, the last thing of this session too
      learner.restart(at(18))
      expect(learner.dueIds(at(18))).toEqual(['deck#a'])

      const evening = learner.practise(at(18))
      evening.grade('deck#a', 'good')
      expect(evening.queue.summary()).toMatchObject({ items: 1, relearned: 1, retention: null })
      learner.restart(at(21))
      expect(learner.dueIds(at(21))).toEqual([])
      // Relearned: the state is the replay of the day's five lines, the good last.
      expect(derivedState(learner.corpus, at(21))['deck#a']?.reps).toBe(5)
    })

    it('an undone again keeps nothing due; an undone relearning grade leaves the item relearning', () => {
      const learner = new Learner(config)
      const first = learner.practise(at(9))
      first.grade('deck#c', 'good')
      first.grade('deck#d', 'good')
      first.grade('deck#a', 'again')
      first.undo() // the again taken back: a is asked again, and passed
      first.grade('deck#a', 'good')
      learner.restart(at(10))
      expect(learner.dueIds(at(10))).toEqual([])

      // An again graded outside a session (notekeeper grade) and undone: a is not due.
      const graded = learner.append(formatReviewLine({ item: 'deck#a', date: at(10), grade: 'again' }))
      learner.append(formatVoidLine({ item: 'deck#a', date: at(10), grade: 'again' }))
      expect(graded).toBeGreaterThan(0)
      learner.restart(at(11))
      expect(learner.dueIds(at(11))).toEqual([])

      // c failed, relearned in the session, then that good taken back: its again counts last.
      learner.append(formatReviewLine({ item: 'deck#c', date: at(11), grade: 'again' }))
      learner.restart(at(11))
      const second = learner.practise(at(11))
      second.grade('deck#c', 'good')
      second.undo()
      learner.restart(at(15))
      expect(dueSelection(learner.corpus, at(15)).due).toMatchObject([{ id: 'deck#c', relearning: true }])
    })

    it('relearning items are outside the daily limits, which still hold every other item back', () => {
      const limited: Config = { ...config, limits: { newPerDay: 1, reviewsPerDay: 2 } }
      const learner = new Learner(limited)
      const first = learner.practise(at(9))
      expect(first.queue.progress().total).toBe(2) // c (the one new item), then a (a review)
      first.grade('deck#c', 'again')
      first.grade('deck#a', 'again')
      // Both limits are used up; both items failed and not relearned: the one failed first first.
      learner.restart(at(10))
      const { due, heldBack } = dueSelection(learner.corpus, at(10))
      expect(due.map(item => [item.id, item.relearning, item.isNew])).toEqual([
        ['deck#c', true, false],
        ['deck#a', true, false],
      ])
      expect(heldBack).toEqual({ items: 1, new: 1 }) // d, new, waits for another day
      const second = learner.practise(at(10))
      second.grade('deck#c', 'good')
      second.grade('deck#a', 'good')
      learner.restart(at(11))
      expect(dueSelection(learner.corpus, at(11))).toEqual({ due: [], heldBack: { items: 1, new: 1 } })
    })

    it('with practice.relearn false an again waits for the date the scheduler gives it', () => {
      const learner = new Learner({ ...config, practice: { relearn: false } })
      const session = learner.practise(at(9))
      session.grade('deck#c', 'again')
      expect(session.queue.current()?.id).toBe('deck#d') // not shown again in the session either
      learner.restart(at(12))
      expect(learner.dueIds(at(12))).toEqual(['deck#d', 'deck#a'])
    })
  },
)

describe('relearning is a matter of the local day', () => {
  it('an again given before local midnight is due after it as a review, not as a relearning', () => {
    const learner = new Learner(DEFAULT_CONFIG)
    const late = learner.practise(at(23, 40))
    late.grade('deck#c', 'good')
    late.grade('deck#d', 'good')
    late.grade('deck#a', 'again')
    learner.restart(at(23, 55))
    expect(dueSelection(learner.corpus, at(23, 55)).due).toMatchObject([{ id: 'deck#a', relearning: true }])
    // Past midnight the again is yesterday's: a is due on the scheduler's date, as any review.
    const nextDay = at(0, 10, 6)
    expect(nextDay).toBe('2026-12-06')
    learner.restart(nextDay)
    const { due } = dueSelection(learner.corpus, nextDay)
    expect(due.map(item => [item.id, item.next_due, item.relearning])).toEqual([['deck#a', nextDay, undefined]])
    // ... and so within the limits, which no relearning escapes that day.
    const noReviews: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: null, reviewsPerDay: 0 } }
    expect(dueSelection({ ...learner.corpus, config: noReviews }, nextDay)).toEqual({
      due: [],
      heldBack: { items: 1, new: 0 },
    })
  })

  it('one instant is one local day: the same two instants are one day in UTC and two at UTC+14', () => {
    // 09:00 UTC is 23:00 on Kiritimati; 11:30 UTC is 01:30 there, the next day.
    const failed = new Date('2026-12-05T09:00:00Z')
    const later = new Date('2026-12-05T11:30:00Z')
    const learner = new Learner(DEFAULT_CONFIG)
    const session = learner.practise(localToday(failed))
    session.grade('deck#c', 'again')
    learner.restart(localToday(later))
    const relearning = dueSelection(learner.corpus, localToday(later)).due.find(item => item.id === 'deck#c')
    const oneDay = localToday(failed) === localToday(later)
    if (process.env.TZ === 'UTC') expect(oneDay).toBe(true)
    if (process.env.TZ === 'Pacific/Kiritimati') expect(oneDay).toBe(false)
    // Relearning on the day it was failed; the day after, due as the review the scheduler dated then.
    expect(relearning?.relearning === true).toBe(oneDay)
    expect(relearning?.next_due).toBe(localToday(later))
  })
})

describe('an undone first review leaves the item new (SPEC 1.5)', () => {
  const limited: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: 1, reviewsPerDay: null } }

  it('back at its own place among the new items: the same one is shown next, counted as new', () => {
    const learner = new Learner(limited)
    const session = learner.practise(at(9))
    expect(session.queue.current()?.id).toBe('deck#c') // registered first, the one new item of the day
    session.grade('deck#c', 'good')
    session.undo()
    // Its registration is back (not today): c stays before d, which the limit holds back.
    expect(derivedState(learner.corpus, at(9))['deck#c']).toEqual({ level: 1, next_due: '2026-11-20', reps: 0 })
    learner.restart(at(12))
    const { due, heldBack } = dueSelection(learner.corpus, at(12))
    expect(due.map(item => [item.id, item.isNew])).toEqual([
      ['deck#c', true],
      ['deck#a', false],
    ])
    expect(heldBack).toEqual({ items: 1, new: 1 })
    // The statistics count it with the items never reviewed, out of the forecast's reviews.
    const stats = statistics({
      reviews: learner.corpus.log.all(),
      state: derivedState(learner.corpus, at(12)),
      today: at(12),
      leechThreshold: 4,
    })
    expect(stats.forecast.new).toBe(2)
    expect(stats.totals.reviewedItems).toBe(2)
  })

  it('an undone first again leaves the item new, not relearning', () => {
    const learner = new Learner(DEFAULT_CONFIG)
    const session = learner.practise(at(9))
    session.grade('deck#c', 'again')
    session.undo()
    learner.restart(at(10))
    expect(dueSelection(learner.corpus, at(10)).due.find(item => item.id === 'deck#c')).toMatchObject({
      next_due: '2026-11-20',
      isNew: true,
    })
    expect(dueSelection(learner.corpus, at(10)).due.find(item => item.id === 'deck#c')?.relearning).toBeUndefined()
  })
})
