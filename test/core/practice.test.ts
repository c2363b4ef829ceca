import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import type { Corpus } from '../../src/core/corpus.js'
import { dueItems, dueSelection, nextDueDate } from '../../src/core/practice.js'
import type { Config, NoteModel, Review } from '../../src/core/types.js'
import { corpusOf as corpusFixture, itemNote } from '../support/corpus-fixture.js'

const note = (anchors: string[]): NoteModel => itemNote('internalise/deck.adoc', anchors, { title: 'Deck' })
const review = (item: string, date: string, grade: Review['grade'] = 'good', line = 1): Review => ({
  item,
  date,
  grade,
  line,
})
/** A corpus of one note, over `reviews`; c and d were registered earlier (their due dates kept in the state on disk). */
const corpusOf = (notes: NoteModel[], reviews: Review[], config: Config = DEFAULT_CONFIG): Corpus =>
  corpusFixture(notes, reviews, config, {
    'deck#c': { level: 1, next_due: '2026-12-01', reps: 0 },
    'deck#d': { level: 1, next_due: '2026-11-28', reps: 0 },
  })

describe('due items', () => {
  const notes = [note(['a', 'b', 'c', 'd'])]
  // a: good on 11-27 (box 2, due 11-30); b: hard on 11-27 (box 1, due 11-28); c: new, due 12-01; d: new, due 11-28.
  const base = [review('deck#a', '2026-11-27', 'good'), review('deck#b', '2026-11-27', 'hard')]
  const today = '2026-11-30'

  it('lists items due on or before today, by next_due then id', () => {
    const due = dueItems(corpusOf(notes, base), today)
    expect(due.map(d => [d.id, d.next_due])).toEqual([
      ['deck#b', '2026-11-28'],
      ['deck#d', '2026-11-28'],
      ['deck#a', '2026-11-30'],
    ])
    expect(due[0]).toMatchObject({
      prompt: 'Q b',
      response: 'R b',
      leech: false,
      file: 'internalise/deck.adoc',
      line: 4,
    })
  })

  it('honours newPerDay, counting items first reviewed today', () => {
    const config: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: 1, reviewsPerDay: null } }
    expect(dueItems(corpusOf(notes, base, config), today).map(d => d.id)).toEqual(['deck#b', 'deck#d', 'deck#a'])
    const firstReviewedToday = [...base, review('deck#c', today)]
    expect(dueItems(corpusOf(notes, firstReviewedToday, config), today).map(d => d.id)).toEqual(['deck#b', 'deck#a'])
  })

  it('honours reviewsPerDay, counting the items already practised today', () => {
    const config: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: null, reviewsPerDay: 2 } }
    expect(dueItems(corpusOf(notes, base, config), today).map(d => d.id)).toEqual(['deck#b', 'deck#a'])
    const oneDoneToday = [...base, review('deck#c', '2026-11-20'), review('deck#c', today)]
    expect(dueItems(corpusOf(notes, oneDoneToday, config), today).map(d => d.id)).toEqual(['deck#b'])
  })

  it('fills reviewsPerDay with due reviews first, then new items in what is left, shown in due order', () => {
    // d (new) is due 11-28, before a (reviewed, 11-30): a still takes a slot before d does.
    const three: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: null, reviewsPerDay: 3 } }
    expect(dueItems(corpusOf(notes, base, three), today).map(d => d.id)).toEqual(['deck#b', 'deck#d', 'deck#a'])
    const two: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: 5, reviewsPerDay: 2 } }
    expect(dueSelection(corpusOf(notes, base, two), today)).toMatchObject({
      due: [{ id: 'deck#b' }, { id: 'deck#a' }],
      heldBack: { items: 1, new: 1 },
    })
    // New items still stay within newPerDay when the review budget has room.
    const newOne: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: 1, reviewsPerDay: 10 } }
    const later = '2026-12-01'
    expect(dueSelection(corpusOf(notes, base, newOne), later)).toMatchObject({
      due: [{ id: 'deck#b' }, { id: 'deck#d' }, { id: 'deck#a' }],
      heldBack: { items: 1, new: 1 },
    })
  })

  it('counts the due items the daily limits hold back, new ones apart', () => {
    const open = dueSelection(corpusOf(notes, base), today)
    expect(open.heldBack).toEqual({ items: 0, new: 0 })
    const newOnly: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: 0, reviewsPerDay: null } }
    // d is due and new: newPerDay 0 holds it back; b and a are shown.
    expect(dueSelection(corpusOf(notes, base, newOnly), today)).toMatchObject({ heldBack: { items: 1, new: 1 } })
    const two: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: null, reviewsPerDay: 2 } }
    const capped = dueSelection(corpusOf(notes, base, two), today)
    expect(capped.due.map(d => d.id)).toEqual(['deck#b', 'deck#a'])
    expect(capped.heldBack).toEqual({ items: 1, new: 1 })
    const spent: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: null, reviewsPerDay: 0 } }
    expect(dueSelection(corpusOf(notes, base, spent), today)).toEqual({ due: [], heldBack: { items: 3, new: 1 } })
  })

  it('marks an item failed leechThreshold times or more as a leech', () => {
    const fails = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'].map(d => review('deck#b', d, 'again'))
    const due = dueItems(corpusOf(notes, [...base, ...fails]), today)
    expect(due.find(d => d.id === 'deck#b')?.leech).toBe(true)
    expect(dueItems(corpusOf(notes, [...base, ...fails.slice(1)]), today).find(d => d.id === 'deck#b')?.leech).toBe(
      false,
    )
  })

  it('says when the next item falls due when nothing is', () => {
    expect(nextDueDate(corpusOf(notes, base), today)).toBe('2026-12-01')
    expect(nextDueDate(corpusOf(notes, base), '2026-12-01')).toBeNull()
  })

  it('narrows to a scope while the limits still count the whole day', () => {
    const other = { ...note(['x']), path: 'internalise/other.adoc' }
    other.items = [{ id: 'other#x', anchor: 'x', prompt: 'Q x', response: 'R x', line: 3 }]
    const corpus = corpusOf([notes[0] as NoteModel, other], [...base, review('other#x', '2026-11-20', 'again')])
    expect(dueItems(corpus, today, { note: 'internalise/other.adoc' }).map(d => d.id)).toEqual(['other#x'])
  })
})
