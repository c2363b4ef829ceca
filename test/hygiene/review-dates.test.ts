import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { reviewOverdue, stale } from '../../src/core/hygiene/review-dates.js'

const note = (path: string, header: string) =>
  scanNote(path, `= Note\n:intent: ${path.split('/')[0]}\n${header}\nBody.\n`)

describe('review-overdue', () => {
  it('lists a :review_by: before today, not today or later, at the attribute’s line', () => {
    const notes = [
      note('reference/past.adoc', ':source: x\n:review_by: 2026-11-29\n'),
      note('reference/today.adoc', ':source: x\n:review_by: 2026-11-30\n'),
      note('reference/future.adoc', ':source: x\n:review_by: 2027-01-01\n'),
      note('reference/invalid.adoc', ':source: x\n:review_by: 2026-02-30\n'),
    ]
    expect(reviewOverdue(notes, '2026-11-30')).toEqual([
      {
        rule: 'review-overdue',
        severity: 'warning',
        file: 'reference/past.adoc',
        line: 4,
        message: 'to be re-read by 2026-11-29, 1 day ago',
        review_by: '2026-11-29',
      },
    ])
  })
})

describe('stale', () => {
  it('lists :updated: older than staleDays (today − date > staleDays) and a missing one, with its value or null', () => {
    const notes = [
      note('track/exactly.adoc', ':updated: 2025-11-30\n'), // 365 days: not older
      note('track/older.adoc', ':updated: 2025-11-29\n'), // 366 days
      note('track/missing.adoc', ''),
      note('track/fresh.adoc', ':updated: 2026-11-01\n'),
    ]
    const found = stale(notes, '2026-11-30', 365).map(({ file, line, updated, severity }) => ({
      file,
      line,
      updated,
      severity,
    }))
    expect(found).toEqual([
      { file: 'track/older.adoc', line: 3, updated: '2025-11-29', severity: 'info' },
      { file: 'track/missing.adoc', line: 1, updated: null, severity: 'info' },
    ])
  })

  it('counts days across a leap day and a year end exactly', () => {
    expect(stale([note('track/a.adoc', ':updated: 2024-02-28\n')], '2024-03-01', 1)).toHaveLength(1)
    expect(stale([note('track/a.adoc', ':updated: 2024-02-29\n')], '2024-03-01', 1)).toHaveLength(0)
    expect(stale([note('track/a.adoc', ':updated: 2025-12-31\n')], '2026-01-02', 1)).toHaveLength(1)
  })

  it('leaves README and ADRs alone: they are not notes', () => {
    expect(
      stale(
        [scanNote('README.adoc', '= Readme\n\nText.\n'), scanNote('docs/adr/0001-a.adoc', '= A\n\nText.\n')],
        '2026-11-30',
        365,
      ),
    ).toEqual([])
  })
})
