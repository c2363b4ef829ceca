import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { demote, promote, prune } from '../../src/core/triage/edit.js'
import { edited, lines, refusal, statusesOf } from './helpers.js'

const config = DEFAULT_CONFIG

// The scan drops directive lines, so an item's lines as the model has them stop before the
// `endif::[]` of a conditional the item opens (SPEC 1.3: nothing lost, other bytes untouched).
describe('an item that opens a conditional region', () => {
  const note = lines(
    '= T',
    ':intent: track',
    ':x:',
    '',
    '== Now',
    '* a',
    'ifdef::x[]',
    '** detail',
    'endif::[]',
    '* b',
    '',
    '== Next',
    '* c',
  )

  it('leaves with the endif::[] that closes it, not half the region', () => {
    expect(edited(note, (t, m) => demote(t, m, 6, config))).toBe(
      lines(
        '= T',
        ':intent: track',
        ':x:',
        '',
        '== Now',
        '* b',
        '',
        '== Next',
        '* c',
        '* a',
        'ifdef::x[]',
        '** detail',
        'endif::[]',
      ),
    )
  })

  it('is pruned with the endif::[] too, and the message counts it', () => {
    const text = edited(note, (t, m) => prune(t, m, 6, config))
    expect(text).not.toContain('endif')
    expect(statusesOf(text)).toEqual({ Now: ['b'], Next: ['c'] })
  })

  it('is refused, naming the directive that opens it, when its region runs past its section', () => {
    const past = lines(
      '= T',
      ':intent: track',
      ':x:',
      '',
      '== Now',
      '* a',
      'ifdef::x[]',
      '** d',
      '',
      '== Next',
      '* c',
      'endif::[]',
    )
    expect(refusal(past, (t, m) => demote(t, m, 6, config))).toBe(
      'track/note.adoc:6: "a" and the conditional directive on line 7 overlap (the item is not wholly inside or outside it); edit the note by hand',
    )
  })

  it('is refused, naming the directive, when it starts inside a region that closes within it', () => {
    const crossing = lines('= T', ':intent: track', '', '== Now', 'ifndef::x[]', '* a', 'endif::[]', '** more', '')
    expect(refusal(crossing, (t, m) => prune(t, m, 6, config))).toBe(
      'track/note.adoc:6: "a" and the conditional directive on line 7 overlap (the item is not wholly inside or outside it); edit the note by hand',
    )
  })
})

// The last item of the target inside `ifndef::x[]`: an item put before its `endif::[]` would be
// hidden whenever x is set.
describe('a section whose last item is inside a conditional region', () => {
  it('gets the arriving item after the endif::[], not inside the region', () => {
    const note = lines(
      '= T',
      ':intent: track',
      '',
      '== Now',
      '* a',
      'ifndef::x[]',
      '* b',
      'endif::[]',
      '',
      '== Next',
      '* c',
    )
    expect(edited(note, (t, m) => promote(t, m, 11, config))).toBe(
      lines('= T', ':intent: track', '', '== Now', '* a', 'ifndef::x[]', '* b', 'endif::[]', '* c', '', '== Next'),
    )
  })

  it('also when the endif::[] has trailing white space, which ends no line for the scan', () => {
    const note = lines(
      '= T',
      ':intent: track',
      '',
      '== Now',
      '* a',
      'ifndef::x[]',
      '* b',
      'endif::[] ',
      '',
      '== Next',
      '* c',
    )
    expect(edited(note, (t, m) => promote(t, m, 11, config))).toBe(
      lines('= T', ':intent: track', '', '== Now', '* a', 'ifndef::x[]', '* b', 'endif::[] ', '* c', '', '== Next'),
    )
  })

  it('and after the endif::[] of a region its last item opens', () => {
    const note = lines(
      '= T',
      ':intent: track',
      ':x:',
      '',
      '== Now',
      '* a',
      'ifdef::x[]',
      '** detail',
      'endif::[]',
      '',
      '== Next',
      '* c',
    )
    expect(edited(note, (t, m) => promote(t, m, 12, config))).toBe(
      lines(
        '= T',
        ':intent: track',
        ':x:',
        '',
        '== Now',
        '* a',
        'ifdef::x[]',
        '** detail',
        'endif::[]',
        '* c',
        '',
        '== Next',
      ),
    )
  })
})
