import { isNotePath } from '../corpus.js'
import { daysBetween, isIsoDate } from '../dates.js'
import type { Finding, IsoDate, NoteModel } from '../types.js'

// `review-overdue` and `stale`, from header attributes only. A value that is not a calendar
// date is validate's `date-invalid`, not a hygiene finding: it is skipped here, except that a
// note without any usable `:updated:` is still stale (there is nothing to say it is fresh).

export function reviewOverdue(notes: readonly NoteModel[], today: IsoDate): Finding[] {
  const findings: Finding[] = []
  for (const note of notes) {
    if (!isNotePath(note.path)) continue
    const attribute = note.attributes.find(a => a.name === 'review_by')
    if (!attribute || !isIsoDate(attribute.value.trim())) continue
    const reviewBy = attribute.value.trim()
    const late = daysBetween(reviewBy, today)
    if (late <= 0) continue
    findings.push({
      rule: 'review-overdue',
      severity: 'warning',
      file: note.path,
      line: attribute.line,
      message: `to be re-read by ${reviewBy}, ${late} day${late === 1 ? '' : 's'} ago`,
      review_by: reviewBy,
    })
  }
  return findings
}

export function stale(notes: readonly NoteModel[], today: IsoDate, staleDays: number): Finding[] {
  const findings: Finding[] = []
  for (const note of notes) {
    if (!isNotePath(note.path)) continue
    const attribute = note.attributes.find(a => a.name === 'updated')
    const value = attribute?.value.trim()
    if (attribute === undefined || value === undefined || value === '') {
      findings.push({
        rule: 'stale',
        severity: 'info',
        file: note.path,
        line: 1,
        message: 'no :updated: date: when was this last checked?',
        updated: null,
      })
      continue
    }
    if (!isIsoDate(value)) continue
    const age = daysBetween(value, today)
    if (age <= staleDays) continue
    findings.push({
      rule: 'stale',
      severity: 'info',
      file: note.path,
      line: attribute.line,
      message: `last updated ${value}, ${age} days ago (more than ${staleDays})`,
      updated: value,
    })
  }
  return findings
}
