import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, parseConfig } from '../../src/core/config.js'
import { add, demote, move, promote, prune } from '../../src/core/triage/edit.js'
import type { Config } from '../../src/core/types.js'
import { edited, fixture, lines, refusal, statusesOf } from './helpers.js'

const config = DEFAULT_CONFIG

describe('a blank line under each title, checklists, attached blocks, a subsection', () => {
  const house = fixture('house.adoc')

  it('demote moves the item with its nested item and attached listing, verbatim', () => {
    expect(edited(house, (t, m) => demote(t, m, 8, config))).toBe(
      lines(
        '= House and admin',
        ':intent: track',
        '',
        '* Reminder: receipts go in the blue folder.',
        '',
        '== Now',
        '',
        '* [x] Book the boiler service',
        '',
        '=== Garden',
        '',
        '* [ ] Prune the apple tree',
        '',
        '== Next',
        '',
        '* [ ] Replace the smoke detector batteries',
        '* [ ] Renew the home insurance before 2026-12-15',
        '** compare two quotes at least',
        '+',
        '----',
        'quote A: 412',
        'quote B: 398',
        '----',
        '',
        '== Done',
        '',
        '* [x] Fix the dripping kitchen tap',
      ),
    )
  })

  it('an item promoted into a section with a subsection goes after its last item, in the subsection', () => {
    const promoted = edited(house, (t, m) => promote(t, m, 23, config))
    expect(promoted).toBe(
      house
        .replace(
          '* [ ] Prune the apple tree\n',
          '* [ ] Prune the apple tree\n* [ ] Replace the smoke detector batteries\n',
        )
        .replace('== Next\n\n* [ ] Replace the smoke detector batteries\n', '== Next\n\n'),
    )
    expect(statusesOf(promoted)['Now']).toEqual([
      'Renew the home insurance before 2026-12-15',
      'Book the boiler service',
      'Prune the apple tree',
      'Replace the smoke detector batteries',
    ])
  })

  it('promote then demote of the last item restores the file (the emptied section keeps its blank lines meanwhile)', () => {
    const promoted = edited(house, (t, m) => promote(t, m, 23, config))
    expect(promoted).toContain('== Next\n\n\n== Done')
    expect(edited(promoted, (t, m) => demote(t, m, 20, config))).toBe(house)
  })

  it('the preamble list is not tracked', () => {
    expect(refusal(house, (t, m) => promote(t, m, 4, config))).toMatch(/no tracked item starts on line 4/)
  })

  it('a created section follows the file: a blank line under its title; the emptied one keeps its blank lines', () => {
    expect(edited(house, (t, m) => demote(t, m, 23, config))).toBe(
      house.replace(
        '== Next\n\n* [ ] Replace the smoke detector batteries\n\n',
        '== Next\n\n\n== Later\n\n* [ ] Replace the smoke detector batteries\n\n',
      ),
    )
  })
})

describe('items separated by blank lines', () => {
  const spaced = fixture('spaced.adoc')

  it('promote then demote of the last item restores the file', () => {
    const demoted = edited(spaced, (t, m) => demote(t, m, 8, config))
    expect(demoted).toBe(
      lines(
        '= Talks to give',
        ':intent: track',
        '',
        '== Now',
        '',
        '* Notekeeper at the local meetup',
        '',
        '',
        '== Next',
        '',
        '* A history of AsciiDoc',
        '',
        '* Writing for engineers',
        '* Spaced repetition for engineers',
        '+',
        'Slides half done.',
      ),
    )
    expect(edited(demoted, (t, m) => promote(t, m, 14, config))).toBe(spaced)
  })

  it('the same round trip holds for the last item of the file', () => {
    const promoted = edited(spaced, (t, m) => promote(t, m, 16, config))
    expect(statusesOf(promoted)).toEqual({
      Now: ['Notekeeper at the local meetup', 'Spaced repetition for engineers', 'Writing for engineers'],
      Next: ['A history of AsciiDoc'],
    })
    expect(edited(promoted, (t, m) => demote(t, m, 11, config))).toBe(spaced)
  })
})

describe('what AsciiDoc would otherwise read differently', () => {
  const projects = fixture('projects.adoc')

  it('an item whose marker differs from the target list is kept apart by the `//-` list separator, so it does not nest', () => {
    const moved = edited(projects, (t, m) => promote(t, m, 8, config))
    expect(moved).toBe(
      projects
        .replace(
          '* Notekeeper: hygiene report once a month\n',
          '* Notekeeper: hygiene report once a month\n\n//-\n\n. Move the photo archive off the old NAS\n.. check the disk first\n',
        )
        .replace('. Move the photo archive off the old NAS\n.. check the disk first\n. Rewrite', '. Rewrite'),
    )
    expect(statusesOf(moved)['Now']).toEqual([
      'Notekeeper: hygiene report once a month',
      'Move the photo archive off the old NAS',
    ])
  })

  it('an item arriving after a paragraph gets a blank line, so that it is not read as part of the paragraph', () => {
    const moved = edited(projects, (t, m) => demote(t, m, 10, config))
    expect(moved).toContain(
      '== Later\nIdeas that need a free month.\n\n. Rewrite the invoice script in Python\n\n== Waiting\n',
    )
    expect(statusesOf(moved)['Later']).toEqual(['Rewrite the invoice script in Python'])
  })

  it('an item arriving in a section that holds only a description list is kept apart by `//-`, so that it is not nested in the last entry', () => {
    const note = lines('= T', ':intent: track', '', '== Now', 'term:: desc', '', '== Next', '* c')
    const moved = edited(note, (t, m) => promote(t, m, 8, config))
    expect(moved).toBe(lines('= T', ':intent: track', '', '== Now', 'term:: desc', '', '//-', '', '* c', '', '== Next'))
    expect(statusesOf(moved)).toEqual({ Now: ['c'], Next: [] })
  })

  it('an item arriving right before a section title gets a blank line, so that the title stays a title', () => {
    const moved = edited(projects, (t, m) => move(t, m, 5, config, 'Someday'))
    expect(moved).toContain(
      '* The garden shed plans\n\n== Someday\n* Notekeeper: hygiene report once a month\n\n== Done\n',
    )
    expect(Object.keys(statusesOf(moved))).toEqual(['Now', 'Next', 'Later', 'Waiting', 'Someday', 'Done'])
    expect(statusesOf(moved)['Someday']).toEqual(['Notekeeper: hygiene report once a month'])
    const atEnd = edited(projects, (t, m) => move(t, m, 5, config, 'Done'))
    expect(atEnd.endsWith('== Someday\n== Done\n* Notekeeper: hygiene report once a month\n')).toBe(true)
  })
})

describe('a custom ladder from config.json', () => {
  const parsed = parseConfig(JSON.stringify({ track: { ladder: ['Inbox', 'Doing', 'Review'], final: ['Shipped'] } }))
  if (!parsed.ok) throw new Error('fixture config must parse')
  const custom: Config = parsed.config
  const text = fixture('custom.adoc')

  it('demote from the first rung creates the next rung, titled as the ladder names it, before the first lower section', () => {
    expect(edited(text, (t, m) => demote(t, m, 5, custom))).toBe(
      lines(
        '= Release train',
        ':intent: track',
        '',
        '== Inbox',
        '',
        '== Doing',
        '* Dark mode',
        '',
        '== Review',
        '* Export to PDF',
        '',
        '== Now',
        '* Not a rung in this ladder',
      ),
    )
  })

  it('the bottom rung is the ladder’s last, and the default names are ordinary statuses', () => {
    expect(refusal(text, (t, m) => demote(t, m, 8, custom))).toMatch(
      /bottom rung of the ladder \(Inbox > Doing > Review\)/,
    )
    expect(refusal(text, (t, m) => promote(t, m, 11, custom))).toMatch(/Now, which is not on the ladder/)
  })

  it('a created final status goes to the end, after the unranked sections', () => {
    expect(edited(text, (t, m) => move(t, m, 8, custom, 'shipped'))).toBe(
      lines(
        '= Release train',
        ':intent: track',
        '',
        '== Inbox',
        '* Dark mode',
        '',
        '== Review',
        '',
        '== Now',
        '* Not a rung in this ladder',
        '',
        '== Shipped',
        '* Export to PDF',
      ),
    )
  })

  it('add uses the configured title when it creates a section', () => {
    expect(edited(text, (t, m) => add(t, m, 'DOING', 'Search', custom))).toContain(
      '== Inbox\n* Dark mode\n\n== Doing\n* Search\n\n== Review\n',
    )
  })
})

describe('line endings', () => {
  const reading = fixture('reading.adoc')
  const crlf = reading.replace(/\n/g, '\r\n')

  it('a CRLF file stays CRLF through promote, a created section and add', () => {
    expect(edited(crlf, (t, m) => promote(t, m, 8, config))).toBe(
      edited(reading, (t, m) => promote(t, m, 8, config)).replace(/\n/g, '\r\n'),
    )
    expect(edited(crlf, (t, m) => demote(t, m, 8, config))).toBe(
      edited(reading, (t, m) => demote(t, m, 8, config)).replace(/\n/g, '\r\n'),
    )
    expect(edited(crlf, (t, m) => add(t, m, 'Now', 'SICP', config))).toBe(
      edited(reading, (t, m) => add(t, m, 'Now', 'SICP', config)).replace(/\n/g, '\r\n'),
    )
  })

  it('promote then demote restores a CRLF file byte for byte', () => {
    const promoted = edited(crlf, (t, m) => promote(t, m, 8, config))
    expect(edited(promoted, (t, m) => demote(t, m, 6, config))).toBe(crlf)
  })

  it('a missing final newline stays missing when the last line moves away, and when an item arrives at the end', () => {
    const bare = crlf.slice(0, -2)
    expect(edited(bare, (t, m) => move(t, m, 12, config, 'Now'))).toBe(
      [
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
      ].join('\r\n'),
    )
    const back = edited(bare, (t, m) => move(t, m, 5, config, 'Done'))
    expect(back.endsWith('== Done\r\n* Refactoring\r\n* Designing Data-Intensive Applications')).toBe(true)
    const pruned = edited(bare, (t, m) => prune(t, m, 12, config))
    expect(pruned.endsWith('\r\n== Done')).toBe(true)
  })

  it('a mixed file keeps each line’s own ending', () => {
    const mixed = reading.replace('* The Pragmatic Programmer\n', '* The Pragmatic Programmer\r\n')
    const promoted = edited(mixed, (t, m) => promote(t, m, 8, config))
    expect(promoted).toContain(
      '* Designing Data-Intensive Applications\n* The Pragmatic Programmer\r\n** lent to Sam\n',
    )
  })
})
