// The ladder of statuses (SPEC 1.3): `config.track.ladder` from highest to lowest, then the final
// statuses, which rank below every rung. Any other title is a status outside the ladder and has
// no rank. Titles match case-insensitively (and ignore surrounding spaces).

import type { Config, NoteModel, TrackStatus } from '../types.js'

export type Standing =
  | { kind: 'rung'; index: number; name: string }
  | { kind: 'final'; index: number; name: string }
  | { kind: 'unranked' }

export function sameStatus(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

export function standingOf(title: string, config: Config): Standing {
  const { ladder, final } = config.track
  const rung = ladder.findIndex(name => sameStatus(name, title))
  if (rung >= 0) return { kind: 'rung', index: rung, name: ladder[rung]! }
  const end = final.findIndex(name => sameStatus(name, title))
  if (end >= 0) return { kind: 'final', index: end, name: final[end]! }
  return { kind: 'unranked' }
}

/** Rungs first, then the final statuses in the order config lists them; null when outside both. */
export function rankOf(title: string, config: Config): number | null {
  const standing = standingOf(title, config)
  if (standing.kind === 'rung') return standing.index
  if (standing.kind === 'final') return config.track.ladder.length + standing.index
  return null
}

/** The title a new section gets: as the ladder or the final list names it, else as the user wrote it. */
export function canonicalTitle(status: string, config: Config): string {
  const standing = standingOf(status, config)
  return standing.kind === 'unranked' ? status.trim() : standing.name
}

/** The first section of the note with this status (a note may, by mistake, repeat a title). */
export function findStatus(model: NoteModel, status: string): TrackStatus | undefined {
  return model.track.find(section => sameStatus(section.status, status))
}

/** The first section that ranks lower than `status`: where a missing section for it is created. */
export function firstLowerSection(model: NoteModel, status: string, config: Config): TrackStatus | undefined {
  const rank = rankOf(status, config)
  if (rank === null) return undefined
  return model.track.find(section => {
    const other = rankOf(section.status, config)
    return other !== null && other > rank
  })
}
