import { describe, expect, it } from 'vitest'
import type { DueItem } from '../../src/core/practice.js'
import { PracticeSession, summaryLine } from '../../src/core/practice-session.js'

const item = (id: string): DueItem => ({
  id,
  prompt: `${id}?`,
  response: `${id}.`,
  next_due: '2026-12-01',
  leech: false,
  file: 'internalise/x.adoc',
  line: 1,
})
const ids = (s: PracticeSession) => {
  const seen: string[] = []
  for (let item = s.current(); item !== null; item = s.current()) {
    seen.push(item.id)
    s.grade('good')
  }
  return seen
}

describe('a practice session', () => {
  it('brings an item graded again back after three others, or at the end', () => {
    const s = new PracticeSession(['a', 'b', 'c', 'd', 'e'].map(item), { relearn: true })
    s.grade('again')
    expect(ids(s)).toEqual(['b', 'c', 'd', 'a', 'e'])
    const short = new PracticeSession(['a', 'b'].map(item), { relearn: true })
    short.grade('again')
    expect(ids(short)).toEqual(['b', 'a'])
  })

  it('shows each item once when relearning is off', () => {
    const s = new PracticeSession(['a', 'b'].map(item), { relearn: false })
    s.grade('again')
    expect(ids(s)).toEqual(['b'])
  })

  it('counts items, not lines, in its summary', () => {
    const s = new PracticeSession(['a', 'b'].map(item), { relearn: true })
    s.grade('again')
    s.grade('good')
    s.grade('hard')
    const summary = s.summary()
    expect(summary).toMatchObject({ items: 2, relearned: 1, retention: 0.5, left: 0 })
    expect(summaryLine(summary)).toBe('Practised 2 of 2 items: 1 again, 1 hard, 1 good, 0 easy (3 grades; 1 relearned)')
  })

  it('undo puts the last graded item back in front and forgets its grade', () => {
    const s = new PracticeSession(['a', 'b', 'c'].map(item), { relearn: true })
    s.grade('again')
    expect(s.current()?.id).toBe('b')
    expect(s.undo()).toMatchObject({ item: { id: 'a' }, grade: 'again' })
    expect(s.current()?.id).toBe('a')
    expect(s.summary().items).toBe(0)
    s.grade('good')
    expect(ids(s)).toEqual(['b', 'c'])
    expect(s.summary()).toMatchObject({ items: 3, relearned: 0 })
  })

  it('skip moves an item to the end once; a second skip leaves it for another day', () => {
    const s = new PracticeSession(['a', 'b'].map(item), { relearn: true })
    s.skip()
    expect(s.current()?.id).toBe('b')
    s.grade('good')
    expect(s.current()?.id).toBe('a')
    s.skip()
    expect(s.current()).toBeNull()
    expect(s.summary()).toMatchObject({ items: 1, skipped: 1, left: 0 })
  })

  it('reports what is left when the session ends early', () => {
    const s = new PracticeSession(['a', 'b', 'c'].map(item), { relearn: true })
    s.grade('good')
    expect(s.summary()).toMatchObject({ items: 1, left: 2 })
    expect(s.progress()).toEqual({ done: 1, total: 3 })
  })
})
