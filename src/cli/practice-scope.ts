import { whyNotRead } from '../app/note-read.js'
import type { Corpus } from '../core/corpus.js'
import { normalisePath, type PracticeScope } from '../core/practice.js'
import { type CommandContext, flagString, UsageError } from './context.js'

/**
 * `--note FILE` and `--folder DIR` of `practice` and `due`: paths from the corpus root. A note or
 * folder the corpus does not have is a usage error, not an empty session that looks like "nothing due".
 */
export function practiceScope(ctx: CommandContext, corpus: Corpus): PracticeScope | undefined {
  const note = flagString(ctx, 'note')
  const folder = flagString(ctx, 'folder')
  if (note === undefined && folder === undefined) return undefined
  const scope: PracticeScope = {}
  if (note !== undefined) {
    const path = normalisePath(note)
    if (!corpus.notes.some(n => n.path === path)) {
      // A file the load did not read as a note (a link, a pipe, over the size limit) is named with why.
      const why = whyNotRead(corpus.unreadable, path)
      throw new UsageError(
        `--note ${note}: ${why ?? 'no such note in the corpus (give its path from the corpus root)'}`,
      )
    }
    scope.note = path
  }
  if (folder !== undefined) {
    const path = normalisePath(folder)
    if (path !== '' && !corpus.files.some(f => f.startsWith(`${path}/`))) {
      const why = whyNotRead(corpus.unreadable, path)
      throw new UsageError(
        `--folder ${folder}: ${why ?? 'no such folder in the corpus (give its path from the corpus root)'}`,
      )
    }
    scope.folder = path
    // Both give the note's items or none: never an empty session that reads as "nothing due".
    if (scope.note !== undefined && path !== '' && !scope.note.startsWith(`${path}/`))
      throw new UsageError(`--note ${note} is not inside --folder ${folder}: give one of them`)
  }
  return scope
}
