import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { triageView } from '../../src/core/triage/view.js'
import { fixture } from './helpers.js'

describe('triageView', () => {
  it('lists Track notes in path order, statuses in file order as titled, empty ones included', () => {
    const notes = [
      scanNote(
        'track/reading.adoc',
        fixture('reading.adoc').replace('* The Pragmatic Programmer\n** lent to Sam\n', ''),
      ),
      scanNote('reference/http.adoc', '= HTTP\n:intent: reference\n:source: RFC 9110\n\n== Now\n* not tracked\n'),
      scanNote('track/house.adoc', fixture('house.adoc')),
    ]
    expect(triageView(notes)).toEqual({
      notes: [
        {
          file: 'track/house.adoc',
          statuses: [
            {
              status: 'Now',
              items: [
                { line: 8, text: 'Renew the home insurance before 2026-12-15' },
                { line: 15, text: 'Book the boiler service' },
                { line: 19, text: 'Prune the apple tree' },
              ],
            },
            { status: 'Next', items: [{ line: 23, text: 'Replace the smoke detector batteries' }] },
            { status: 'Done', items: [{ line: 27, text: 'Fix the dripping kitchen tap' }] },
          ],
        },
        {
          file: 'track/reading.adoc',
          statuses: [
            { status: 'Now', items: [{ line: 5, text: 'Designing Data-Intensive Applications' }] },
            { status: 'Next', items: [] },
            { status: 'Done', items: [{ line: 10, text: 'Refactoring' }] },
          ],
        },
      ],
    })
  })

  it('keeps titles as written and lists a note without sections with no statuses', () => {
    const view = triageView([
      scanNote('track/a.adoc', '= A\n:intent: track\n\n== waiting ON Sam\n. one\n'),
      scanNote('track/b.adoc', '= B\n:intent: track\n\n* loose\n'),
    ])
    expect(view.notes).toEqual([
      { file: 'track/a.adoc', statuses: [{ status: 'waiting ON Sam', items: [{ line: 5, text: 'one' }] }] },
      { file: 'track/b.adoc', statuses: [] },
    ])
  })
})
