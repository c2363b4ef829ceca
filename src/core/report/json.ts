import type { Summary } from '../findings.js'
import type { Finding } from '../types.js'

// `--json` for findings (SPEC 3), in pieces: the text `JSON.stringify({findings, summary},
// null, 2)` would make, byte for byte, but never as one string, so that no number of findings
// can reach the engine's string length limit (a million findings crashed with "Invalid string
// length", issue 9). Each piece ends with a newline and holds whole findings.

/**
 * About this many characters per piece: each far below any limit, and small enough to die young
 * (a string of up to 64 KB is an ordinary young object; a 1 MB piece was a large object, kept
 * with every other piece until a full collection: 52 MB of JSON peaked over 100 MB higher,
 * docs/perf.md (22)).
 */
const PIECE = 1 << 15

export function* findingsJson(findings: readonly Finding[], summary: Summary): Generator<string> {
  if (findings.length === 0) {
    yield `{\n  "findings": [],\n  "summary": ${indent(JSON.stringify(summary, null, 2))}\n}\n`
    return
  }
  let piece = '{\n  "findings": [\n'
  for (let index = 0; index < findings.length; index++) {
    const comma = index + 1 < findings.length ? ',' : ''
    // Indented twice in one pass (the inserted spaces hold no newline): one string less a finding.
    piece += `    ${JSON.stringify(findings[index], null, 2).replace(NEWLINES, '\n    ')}${comma}\n`
    if (piece.length >= PIECE) {
      yield piece
      piece = ''
    }
  }
  yield `${piece}  ],\n  "summary": ${indent(JSON.stringify(summary, null, 2))}\n}\n`
}

const NEWLINES = /\n/g

function indent(json: string): string {
  return json.replace(NEWLINES, '\n  ')
}
