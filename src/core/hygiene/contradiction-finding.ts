import type { Finding } from '../types.js'
import { distinctPlaces } from './clusters.js'

// The shape every contradiction finding shares: a cluster of places, the first on the
// finding, the second as `other`, all of them as `members`, a `score` to rank it (rank.ts),
// and a message that leaves the judgement to the person.

export interface Place {
  file: string
  line: number
}

/** `members`: at least two places; the finding sits on the first in place order, `other` is one of the rest. */
export function clusterFinding(
  members: readonly Place[],
  other: Place,
  reason: string,
  message: string,
  score: number,
): Finding {
  const places = distinctPlaces(members)
  const first = places[0] as Place
  return {
    rule: 'contradiction',
    severity: 'warning',
    file: first.file,
    line: first.line,
    message: `possible contradiction, for you to judge: ${message}`,
    other: { file: other.file, line: other.line },
    members: places.map(({ file, line }) => ({ file, line })),
    reason,
    score,
  }
}

export function byPlace(a: Place, b: Place): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line
}

export function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= 80 ? flat : `${flat.slice(0, 77)}...`
}
