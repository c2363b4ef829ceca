import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { reviewLogFromText } from '../../src/app/read-log.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import type { Corpus } from '../../src/core/corpus.js'
import { dueItems, previewGrades } from '../../src/core/practice.js'
import { replay } from '../../src/core/replay.js'
import { schedulerFor } from '../../src/core/schedulers/index.js'
import { derived, derivedState, wholeDerivationCount, withLog, withNotes, withReview } from '../../src/core/snapshot.js'
import { StateSerializer, serializeState } from '../../src/core/state.js'
import { type Config, GRADES, type NoteModel, type Review } from '../../src/core/types.js'
import { corpusOf as corpusFixture, itemNote } from '../support/corpus-fixture.js'

const TODAY = '2026-11-30'

const note = (path: string, anchors: string[]): NoteModel => itemNote(path, anchors)
/** The corpus, `deck#new` registered earlier (its due date kept in the state on disk). */
const corpusOf = (notes: NoteModel[], reviews: Review[], config: Config): Corpus =>
  corpusFixture(notes, reviews, config, { 'deck#new': { level: 1, next_due: '2026-11-20', reps: 0 } })

/** What a whole replay of the corpus gives: the definition the snapshot must keep to (SPEC 1.5). */
function replayOf(corpus: Corpus) {
  const declared = new Set(corpus.notes.flatMap(n => n.items.map(i => i.id)))
  return replay({
    reviews: corpus.log.all(),
    declared: [...declared],
    previous: corpus.state,
    today: TODAY,
    scheduler: schedulerFor(corpus.config),
    aliases: corpus.config.aliases,
  })
}

/** A small deterministic random walk of grades and dates, some dated before the item's last review. */
function* grades(seed: number, count: number): Generator<Review> {
  let x = seed
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const ids = ['deck#a', 'deck#b', 'deck#old', 'deck#new', 'other#x']
  for (let i = 0; i < count; i++) {
    const day = 1 + Math.floor(next() * 29)
    yield {
      item: ids[Math.floor(next() * ids.length)] as string,
      date: `2026-11-${String(day).padStart(2, '0')}`,
      grade: GRADES[Math.floor(next() * 4)] as Review['grade'],
      line: 100 + i,
    }
  }
}

describe('the corpus snapshot', () => {
  it('asks for the state on disk only when a declared item was never reviewed (state.json parsed only then)', () => {
    // A loaded corpus parses state.json when `state` is first read (app/load-corpus.ts): a
    // derivation whose every item has a review needs nothing from it, and must not read it.
    const reviewed = (id: string, line: number): Review => ({ item: id, date: '2026-11-20', grade: 'good', line })
    const counted = (notes: NoteModel[], reviews: Review[]) => {
      const base = corpusFixture(notes, reviews, DEFAULT_CONFIG, {
        'deck#b': { level: 1, next_due: '2026-11-25', reps: 0 },
      })
      let reads = 0
      const corpus: Corpus = {
        ...base,
        get state() {
          reads++
          return base.state
        },
      }
      return { corpus, reads: () => reads }
    }
    const all = counted([note('internalise/deck.adoc', ['a', 'b'])], [reviewed('deck#a', 1), reviewed('deck#b', 2)])
    expect(Object.keys(derivedState(all.corpus, TODAY))).toEqual(['deck#a', 'deck#b'])
    expect(all.reads()).toBe(0)
    const fresh = counted([note('internalise/deck.adoc', ['a', 'b'])], [reviewed('deck#a', 1)])
    // deck#b was registered on the 25th: it keeps that date.
    expect(derivedState(fresh.corpus, TODAY)['deck#b']?.next_due).toBe('2026-11-25')
    expect(fresh.reads()).toBeGreaterThan(0)
  })

  it("derives each item's facts from the log's columns as its history says (every scheduler, aliases)", () => {
    // A box scheduler folds a columnar log in place (foldOf, foldLogged), with no review objects;
    // the facts must be what the item's history as objects says: the replay's entry, its
    // `again` lines, a review dated today, a first review dated today, a last review an again of today.
    const ids = ['deck#a', 'deck#b', 'deck#old', 'other#x', 'gone#y']
    const review = fc.record({
      item: fc.constantFrom(...ids),
      date: fc.constantFrom('2026-11-01', '2026-11-15', '2026-11-29', TODAY, '2026-12-03'),
      grade: fc.constantFrom(...GRADES),
    })
    const schedulers = ['leitner', 'passfail', 'fsrs', 'sm2'] as const
    fc.assert(
      fc.property(fc.array(review, { maxLength: 40 }), fc.constantFrom(...schedulers), (drawn, scheduler) => {
        const config: Config = { ...DEFAULT_CONFIG, scheduler, aliases: { 'deck#old': 'deck#b' } }
        const notes = [note('internalise/deck.adoc', ['a', 'b', 'new']), note('internalise/other.adoc', ['x'])]
        const reviews = drawn.map((r, index): Review => ({ ...r, line: index + 1 }))
        const text = reviews.map(({ item, date, grade }) => JSON.stringify({ item, date, grade })).join('\n')
        const corpus: Corpus = { ...corpusOf(notes, reviews, config), log: reviewLogFromText(text, config.aliases) }
        const state = replayOf(corpus)
        for (const [id, facts] of derived(corpus, TODAY).items) {
          const history = corpus.log.historyOf(id)
          expect(facts, id).toEqual({
            entry: state[id],
            failures: new Set(history.filter(r => r.grade === 'again').map(r => r.date)).size,
            reviewedToday: history.some(r => r.date === TODAY),
            newToday: history[0]?.date === TODAY,
            // Its last review that counts, in replay order, an again of today (a later-dated one ends it).
            relearning: history.at(-1)?.grade === 'again' && history.at(-1)?.date === TODAY,
          })
        }
      }),
      { numRuns: 300 },
    )
  })

  for (const scheduler of ['leitner', 'fsrs', 'sm2', 'passfail'] as const) {
    it(`a review added folds only its item, and gives what a replay gives (${scheduler}, aliases, back-dated lines)`, () => {
      const config: Config = { ...DEFAULT_CONFIG, scheduler, aliases: { 'deck#old': 'deck#b' } }
      const notes = [note('internalise/deck.adoc', ['a', 'b', 'new']), note('internalise/other.adoc', ['x'])]
      let corpus = corpusOf(notes, [{ item: 'deck#a', date: '2026-11-02', grade: 'good', line: 1 }], config)
      derivedState(corpus, TODAY)
      const derivations = wholeDerivationCount()
      const serializer = new StateSerializer()
      for (const review of grades(scheduler.length, 40)) {
        corpus = withReview(corpus, review, TODAY)
        expect(derivedState(corpus, TODAY)).toEqual(replayOf(corpus))
        expect(serializer.serialize(derivedState(corpus, TODAY))).toBe(serializeState(replayOf(corpus)))
      }
      expect(wholeDerivationCount()).toBe(derivations)
      expect(previewGrades(corpus, 'deck#b', TODAY)).toEqual(
        previewGrades(corpusOf(notes, [...corpus.log.all()], config), 'deck#b', TODAY),
      )
    })
  }

  it("an undo's void folds the item again, to what a replay of the remaining reviews gives", () => {
    const notes = [note('internalise/deck.adoc', ['a', 'b'])]
    const reviews: Review[] = [
      { item: 'deck#a', date: '2026-11-10', grade: 'good', line: 1 },
      { item: 'deck#a', date: '2026-11-20', grade: 'again', line: 2 },
    ]
    const corpus = corpusOf(notes, reviews, DEFAULT_CONFIG)
    const dueBefore = dueItems(corpus, TODAY)
    const log = corpus.log.withVoid!({ item: 'deck#a', date: '2026-11-20', void: 'again', line: 3 })
    const undone = withLog(corpus, log, TODAY, ['deck#a'])
    expect(derivedState(undone, TODAY)).toEqual(replayOf(corpusOf(notes, reviews.slice(0, 1), DEFAULT_CONFIG)))
    expect(dueBefore.map(d => d.id)).toContain('deck#a')
  })

  it('an edited, an added and a deleted note update their items only, to what a fresh derivation gives', () => {
    const notes = [note('internalise/deck.adoc', ['a', 'b']), note('internalise/other.adoc', ['x'])]
    const reviews: Review[] = [
      { item: 'deck#b', date: '2026-11-10', grade: 'good', line: 1 },
      { item: 'other#x', date: '2026-11-12', grade: 'hard', line: 2 },
      { item: 'more#y', date: '2026-11-13', grade: 'easy', line: 3 },
    ]
    const corpus = corpusOf(notes, reviews, DEFAULT_CONFIG)
    expect(dueItems(corpus, TODAY).map(d => d.id)).toContain('other#x')
    const edited = note('internalise/deck.adoc', ['b', 'c'])
    const added = note('internalise/more.adoc', ['y'])
    const after = withNotes(
      corpus,
      {
        scanned: [{ model: edited }, { model: added }],
        deleted: ['internalise/other.adoc'],
      },
      TODAY,
    )
    const fresh = corpusOf([edited, added], reviews, DEFAULT_CONFIG)
    expect(after.notes.map(n => n.path)).toEqual(['internalise/deck.adoc', 'internalise/more.adoc'])
    expect(after.files).toEqual(['internalise/deck.adoc', 'internalise/more.adoc'])
    expect(derivedState(after, TODAY)).toEqual(replayOf(fresh))
    expect(dueItems(after, TODAY)).toEqual(dueItems(fresh, TODAY))
    expect(Object.keys(derivedState(after, TODAY)).sort()).toEqual(['deck#b', 'deck#c', 'more#y'])
  })

  it("a note that can no longer be read keeps its items' entries of the state on disk, and a note deleted loses them", () => {
    const notes = [note('internalise/deck.adoc', ['a']), note('internalise/other.adoc', ['x'])]
    const onDisk = {
      'deck#a': { level: 0, reps: 0, next_due: '2026-11-02' },
      'other#x': { level: 0, reps: 0, next_due: '2026-11-02' },
    }
    const corpus = { ...corpusOf(notes, [], DEFAULT_CONFIG), state: onDisk }
    derivedState(corpus, TODAY)
    const unreadable = [
      { rule: 'note-unreadable' as const, severity: 'error' as const, file: 'internalise/deck.adoc', message: 'x' },
    ]
    const unread = withNotes(corpus, { scanned: [], deleted: [], unread: ['internalise/deck.adoc'], unreadable }, TODAY)
    expect(derivedState(unread, TODAY)['deck#a']).toEqual(onDisk['deck#a'])
    expect(dueItems(unread, TODAY).map(d => d.id)).toEqual(['other#x'])
    // Derived afresh, the same.
    expect(derivedState({ ...unread }, TODAY)['deck#a']).toEqual(onDisk['deck#a'])
    const deleted = withNotes(corpus, { scanned: [], deleted: ['internalise/other.adoc'] }, TODAY)
    expect(derivedState(deleted, TODAY)['other#x']).toBeUndefined()
  })
})
