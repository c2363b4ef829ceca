import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { add, demote, move, promote, prune } from '../../src/core/triage/edit.js'
import { edited, fixture, lines, refusal, statusesOf } from './helpers.js'

const config = DEFAULT_CONFIG
const reading = fixture('reading.adoc')

describe('promote and demote on the SPEC example', () => {
  it('promote puts the item, nested lines included, last in the rung above', () => {
    expect(edited(reading, (t, m) => promote(t, m, 8, config))).toBe(
      lines(
        '= Reading list',
        ':intent: track',
        '',
        '== Now',
        '* Designing Data-Intensive Applications',
        '* The Pragmatic Programmer',
        '** lent to Sam',
        '',
        '== Next',
        '',
        '== Done',
        '* Refactoring',
      ),
    )
  })

  it('promote then demote of the last item gives back the same bytes', () => {
    const promoted = edited(reading, (t, m) => promote(t, m, 8, config))
    expect(edited(promoted, (t, m) => demote(t, m, 6, config))).toBe(reading)
  })

  it('demote into a missing rung creates it, titled as the ladder names it, before the first lower section', () => {
    expect(edited(reading, (t, m) => demote(t, m, 8, config))).toBe(
      lines(
        '= Reading list',
        ':intent: track',
        '',
        '== Now',
        '* Designing Data-Intensive Applications',
        '',
        '== Next',
        '',
        '== Later',
        '* The Pragmatic Programmer',
        '** lent to Sam',
        '',
        '== Done',
        '* Refactoring',
      ),
    )
  })

  it('refuses promote at the top rung, naming the file and line', () => {
    expect(refusal(reading, (t, m) => promote(t, m, 5, config))).toMatch(/^track\/note\.adoc:5: .*Now.*top rung/)
  })

  it('refuses demote at the bottom rung', () => {
    const someday = lines('= R', ':intent: track', '', '== Someday', '* Learn the cello')
    expect(refusal(someday, (t, m) => demote(t, m, 5, config))).toMatch(/bottom rung/)
  })

  it('refuses promote and demote of an item in a final status', () => {
    expect(refusal(reading, (t, m) => promote(t, m, 12, config))).toMatch(/Done, a final status/)
    expect(refusal(reading, (t, m) => demote(t, m, 12, config))).toMatch(/Done, a final status/)
  })

  it('refuses promote and demote of an item in a status outside the ladder', () => {
    const projects = fixture('projects.adoc')
    expect(refusal(projects, (t, m) => promote(t, m, 16, config))).toMatch(/Waiting, which is not on the ladder/)
    expect(refusal(projects, (t, m) => demote(t, m, 16, config))).toMatch(/not on the ladder/)
  })

  it('refuses a line that is not the first line of an item', () => {
    expect(refusal(reading, (t, m) => promote(t, m, 9, config))).toMatch(
      /line 9 is inside the item that starts on line 8/,
    )
    expect(refusal(reading, (t, m) => promote(t, m, 4, config))).toMatch(/no tracked item starts on line 4/)
    expect(refusal(reading, (t, m) => prune(t, m, 99, config))).toMatch(/no tracked item starts on line 99/)
  })

  it('matches titles case-insensitively', () => {
    const lower = reading.replace('== Now', '== now')
    const promoted = edited(lower, (t, m) => promote(t, m, 8, config))
    expect(statusesOf(promoted)).toEqual({
      now: ['Designing Data-Intensive Applications', 'The Pragmatic Programmer'],
      Next: [],
      Done: ['Refactoring'],
    })
  })
})

describe('move', () => {
  it('moves out of a final status into any status, case-insensitively', () => {
    expect(edited(reading, (t, m) => move(t, m, 12, config, 'now'))).toBe(
      lines(
        '= Reading list',
        ':intent: track',
        '',
        '== Now',
        '* Designing Data-Intensive Applications',
        '* Refactoring',
        '',
        '== Next',
        '* The Pragmatic Programmer',
        '** lent to Sam',
        '',
        '== Done',
      ),
    )
  })

  it('creates a missing final status at the end of the file when nothing ranks lower', () => {
    expect(edited(reading, (t, m) => move(t, m, 8, config, 'dropped'))).toBe(
      lines(
        '= Reading list',
        ':intent: track',
        '',
        '== Now',
        '* Designing Data-Intensive Applications',
        '',
        '== Next',
        '',
        '== Done',
        '* Refactoring',
        '',
        '== Dropped',
        '* The Pragmatic Programmer',
        '** lent to Sam',
      ),
    )
  })

  it('creates a status outside the ladder at the end, titled as written', () => {
    const moved = edited(reading, (t, m) => move(t, m, 5, config, 'Waiting on Sam'))
    expect(
      moved.endsWith(lines('* Refactoring', '', '== Waiting on Sam', '* Designing Data-Intensive Applications')),
    ).toBe(true)
  })

  it('moves a middle item to the end of its own section, and leaves the last one where it is', () => {
    const two = lines('= R', ':intent: track', '', '== Now', '* A', '* B', '', '== Next')
    expect(edited(two, (t, m) => move(t, m, 5, config, 'Now'))).toBe(
      lines('= R', ':intent: track', '', '== Now', '* B', '* A', '', '== Next'),
    )
    expect(edited(two, (t, m) => move(t, m, 6, config, 'Now'))).toBe(two)
  })

  it('refuses a multi-line or empty status', () => {
    expect(refusal(reading, (t, m) => move(t, m, 5, config, 'Next\n== Evil'))).toMatch(/single line/)
    expect(refusal(reading, (t, m) => move(t, m, 5, config, '  '))).toMatch(/empty/)
  })
})

describe('prune', () => {
  it('removes exactly the item lines, nested content included', () => {
    expect(edited(reading, (t, m) => prune(t, m, 8, config))).toBe(
      reading.replace('* The Pragmatic Programmer\n** lent to Sam\n', ''),
    )
  })

  it('removes an item with attached blocks and keeps the file without a final newline', () => {
    const house = fixture('house.adoc')
    const pruned = edited(house, (t, m) => prune(t, m, 8, config))
    expect(pruned).toBe(
      house
        .split('\n')
        .filter((_, i) => i + 1 < 8 || i + 1 > 14)
        .join('\n'),
    )
    const noNewline = reading.slice(0, -1)
    expect(edited(noNewline, (t, m) => prune(t, m, 12, config))).toBe(noNewline.slice(0, -'\n* Refactoring'.length))
  })
})

describe('add', () => {
  it('appends a new item with the section marker, after its last item', () => {
    expect(edited(reading, (t, m) => add(t, m, 'Now', 'Thinking, Fast and Slow', config))).toBe(
      reading.replace(
        '* Designing Data-Intensive Applications\n',
        '* Designing Data-Intensive Applications\n* Thinking, Fast and Slow\n',
      ),
    )
  })

  it('copies a checklist marker unchecked, and checked in a final status', () => {
    const house = fixture('house.adoc')
    const added = edited(house, (t, m) => add(t, m, 'Now', 'Call the roofer', config))
    expect(added).toBe(
      house.replace('* [ ] Prune the apple tree\n', '* [ ] Prune the apple tree\n* [ ] Call the roofer\n'),
    )
    const done = edited(house, (t, m) => add(t, m, 'done', 'Bleed the radiators', config))
    expect(done).toBe(`${house}* [x] Bleed the radiators\n`)
  })

  it('copies an ordered marker and the next explicit number', () => {
    const ordered = lines('= R', ':intent: track', '', '== Now', '1. first', '2. second', '', '== Next', '. one')
    expect(edited(ordered, (t, m) => add(t, m, 'Now', 'third', config))).toBe(
      ordered.replace('2. second\n', '2. second\n3. third\n'),
    )
    expect(edited(ordered, (t, m) => add(t, m, 'Next', 'two', config))).toBe(`${ordered}. two\n`)
  })

  it('uses `*` in a section without items, and creates a missing section', () => {
    const prunedNext = edited(reading, (t, m) => prune(t, m, 8, config))
    expect(edited(prunedNext, (t, m) => add(t, m, 'next', 'SICP', config))).toBe(
      reading.replace('* The Pragmatic Programmer\n** lent to Sam\n', '* SICP\n'),
    )
    expect(edited(reading, (t, m) => add(t, m, 'someday', 'Gödel, Escher, Bach', config))).toBe(
      reading.replace('== Done\n', '== Someday\n* Gödel, Escher, Bach\n\n== Done\n'),
    )
  })

  it('refuses text with a newline, and empty text', () => {
    expect(refusal(reading, (t, m) => add(t, m, 'Now', 'one\n== Two', config))).toMatch(/single line/)
    expect(refusal(reading, (t, m) => add(t, m, 'Now', 'one\r\ntwo', config))).toMatch(/single line/)
    expect(refusal(reading, (t, m) => add(t, m, 'Now', '   ', config))).toMatch(/empty/)
  })
})

describe('add to a new section', () => {
  it('writes the item like the nearest item before where the section is created, not like the note’s last (SPEC 1.3)', () => {
    const note = lines('= T', ':intent: track', '', '== Now', '. one', '', '== Done', '* [x] fin')
    const added = edited(note, (t, m) => add(t, m, 'Later', 'L', config))
    expect(added).toBe(
      lines('= T', ':intent: track', '', '== Now', '. one', '', '== Later', '. L', '', '== Done', '* [x] fin'),
    )
  })
})

describe('what a move says', () => {
  const twoNexts = lines(
    '= T',
    ':intent: track',
    '',
    '== Next',
    '',
    '* one',
    '* two',
    '',
    '== Now',
    '',
    '* three',
    '',
    '== Next',
    '',
    '* four',
  )
  const message = (text: string, line: number, status: string): string => {
    const result = move(text, scanNote('track/t.adoc', text), line, config, status)
    if (!result.ok) throw new Error(result.message)
    return result.message
  }

  it('within its own section: to the end of it, not "from Next to Next"', () => {
    expect(message(twoNexts, 6, 'Next')).toBe('track/t.adoc:6: moved "one" to the end of Next; it now starts on line 7')
  })

  it('between two sections of one status: each named by the line of its title', () => {
    expect(message(twoNexts, 15, 'next')).toBe(
      'track/t.adoc:15: moved "four" from Next (line 13) to Next (line 4); it now starts on line 8',
    )
  })

  it('between two sections whose titles differ in case only: each named by its line too', () => {
    const cased = twoNexts.replace('== Next\n\n* four', '== next\n\n* four')
    expect(message(cased, 15, 'Next')).toBe(
      'track/t.adoc:15: moved "four" from next (line 13) to Next (line 4); it now starts on line 8',
    )
  })

  it('between two statuses: from one to the other, as before', () => {
    expect(message(twoNexts, 11, 'Next')).toBe(
      'track/t.adoc:11: moved "three" from Now to Next; it now starts on line 8',
    )
  })
})
