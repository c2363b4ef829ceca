import type { Finding, NoteModel } from '../types.js'

// `item-empty-response` (SPEC 2.2): a practice item whose response is empty. Asciidoctor reads
// a block after a term without a `+` line before it as a block of its own, after the list, so
// the item asks its prompt and shows nothing: the person who wrote it meant the block as the
// response (five such items in the real corpora of issue 9).

export function emptyResponses(notes: readonly NoteModel[]): Finding[] {
  const findings: Finding[] = []
  for (const note of notes) {
    for (const item of note.items) {
      if (item.response.trim() !== '') continue
      findings.push({
        rule: 'item-empty-response',
        severity: 'warning',
        file: note.path,
        line: item.line,
        message: `the item ${item.id} has an empty response: a block meant as its response needs a line with only + between the term and the block`,
        item: item.id,
      })
    }
  }
  return findings
}
