import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { dueItems, nextDueAfter } from '../../src/core/practice.js'
import type { Config, NoteModel, Review, State } from '../../src/core/types.js'

function note(anchors: string[]): NoteModel {
  return {
    path: 'internalise/deck.adoc',
    folder: 'internalise',
    title: 'Deck',
    attributes: [],
    anchors: [],
    sections: [],
    itemsWithoutId: [],
    lineClasses: new Uint8Array(),
    dlistEntries: [],
    references: [],
    track: [],
    problems: [],
    items: anchors.map((a, i) => ({ id: `deck#${a}`, anchor: a, prompt: `Q ${a}`, response: `R ${a}`, line: 3 + i })),
  }
}
const review = (item: string, date: string, grade: Review['grade'] = 'good', line = 1): Review => ({
  item,
  date,
  grade,
  line,
})
const entry = (next_due: string, reps: number) => ({ level: 1, next_due, reps })

describe('due items', () => {
  const notes = [note(['a', 'b', 'c', 'd'])]
  const state: State = {
    'deck#a': entry('2026-11-30', 2),
    'deck#b': entry('2026-11-28', 1),
    'deck#c': entry('2026-12-01', 1),
    'deck#d': entry('2026-11-28', 0),
  }

  it('lists items due on or before today, by next_due then id', () => {
    const due = dueItems({ notes, state, reviews: [], config: DEFAULT_CONFIG, today: '2026-11-30' })
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
    expect(dueItems({ notes, state, reviews: [], config, today: '2026-11-30' }).map(d => d.id)).toEqual([
      'deck#b',
      'deck#d',
      'deck#a',
    ])
    const firstReviewedToday = [review('deck#c', '2026-11-30')]
    expect(dueItems({ notes, state, reviews: firstReviewedToday, config, today: '2026-11-30' }).map(d => d.id)).toEqual(
      ['deck#b', 'deck#a'],
    )
  })

  it('honours reviewsPerDay, counting the items already practised today', () => {
    const config: Config = { ...DEFAULT_CONFIG, limits: { newPerDay: null, reviewsPerDay: 2 } }
    expect(dueItems({ notes, state, reviews: [], config, today: '2026-11-30' }).map(d => d.id)).toEqual([
      'deck#b',
      'deck#d',
    ])
    const oneDoneToday = [review('deck#c', '2026-11-20'), review('deck#c', '2026-11-30')]
    expect(dueItems({ notes, state, reviews: oneDoneToday, config, today: '2026-11-30' }).map(d => d.id)).toEqual([
      'deck#b',
    ])
  })

  it('marks an item failed leechThreshold times or more as a leech', () => {
    const fails = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'].map(d => review('deck#b', d, 'again'))
    const due = dueItems({ notes, state, reviews: fails, config: DEFAULT_CONFIG, today: '2026-11-30' })
    expect(due.find(d => d.id === 'deck#b')?.leech).toBe(true)
    expect(
      dueItems({ notes, state, reviews: fails.slice(1), config: DEFAULT_CONFIG, today: '2026-11-30' }).find(
        d => d.id === 'deck#b',
      )?.leech,
    ).toBe(false)
  })

  it('says when the next item falls due when nothing is', () => {
    expect(nextDueAfter(state, '2026-11-30')).toBe('2026-12-01')
    expect(nextDueAfter(state, '2026-12-01')).toBeNull()
  })
})
