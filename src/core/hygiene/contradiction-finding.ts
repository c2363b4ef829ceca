import type { Finding } from '../types.js'

// The shape every contradiction finding shares: two places, the first on the finding, the
// second as `other`, and a message that leaves the judgement to the person.

export interface Place {
  file: string
  line: number
}

export function finding(first: Place, second: Place, reason: string, message: string): Finding {
  return {
    rule: 'contradiction',
    severity: 'warning',
    file: first.file,
    line: first.line,
    message: `possible contradiction, for you to judge: ${message}`,
    other: { file: second.file, line: second.line },
    reason,
  }
}

export function byPlace(a: Place, b: Place): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line
}

export function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= 80 ? flat : `${flat.slice(0, 77)}...`
}
