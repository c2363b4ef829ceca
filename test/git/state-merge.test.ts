import { describe, expect, it } from 'vitest'
import { mergedRegistrations, mergeStatesByEntry } from '../../src/core/merge/state.js'
import type { State } from '../../src/core/types.js'

// SPEC 1.5 "New items" and 4.2: when both sides registered an item, the earlier registration wins.

const fresh = (next_due: string) => ({ level: 1, next_due, reps: 0 })
const reviewed = (next_due: string, reps: number) => ({ level: 2, next_due, reps })

describe('registrations of two devices', () => {
  it('keeps the earlier registration, whichever side holds it', () => {
    const ours: State = { 'a#1': fresh('2026-12-05'), 'a#2': fresh('2026-12-02') }
    const theirs: State = { 'a#1': fresh('2026-12-02'), 'a#2': fresh('2026-12-07') }
    expect(mergedRegistrations({}, ours, theirs)).toEqual({ 'a#1': fresh('2026-12-02'), 'a#2': fresh('2026-12-02') })
    expect(mergedRegistrations({}, theirs, ours)).toEqual(mergedRegistrations({}, ours, theirs))
  })

  it('takes a registration over a reviewed entry (the reviews are replayed over it) and keeps items only one side has', () => {
    const merged = mergedRegistrations(
      {},
      { 'a#1': reviewed('2027-01-01', 1) },
      { 'a#1': fresh('2026-12-03'), 'b#1': fresh('2026-12-09') },
    )
    expect(merged).toEqual({ 'a#1': fresh('2026-12-03'), 'b#1': fresh('2026-12-09') })
  })
})

describe('the entry-by-entry fallback', () => {
  const base: State = { 'a#1': fresh('2026-12-02'), 'a#2': fresh('2026-12-02'), gone: fresh('2026-12-02') }
  it('takes the side that changed an entry, the earlier of two registrations, and drops what one side dropped', () => {
    const ours: State = { 'a#1': reviewed('2026-12-10', 1), 'a#2': fresh('2026-12-02'), 'n#1': fresh('2026-12-06') }
    const theirs: State = {
      'a#1': fresh('2026-12-02'),
      'a#2': reviewed('2026-12-12', 2),
      gone: fresh('2026-12-02'),
      'n#1': fresh('2026-12-04'),
    }
    expect(mergeStatesByEntry(base, ours, theirs)).toEqual({
      'a#1': reviewed('2026-12-10', 1),
      'a#2': reviewed('2026-12-12', 2),
      'n#1': fresh('2026-12-04'),
    })
  })
})
