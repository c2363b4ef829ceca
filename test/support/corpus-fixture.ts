import type { Corpus } from '../../src/core/corpus.js'
import { reviewLogOf } from '../../src/core/log/review-log.js'
import type { Config, NoteModel, Review, State } from '../../src/core/types.js'

/**
 * A note model as the scanner would give it for an `internalise/` note that declares one item per
 * anchor (prompt `Q <anchor>`, response `R <anchor>`, from line 3), with nothing else in it.
 */
export function itemNote(path: string, anchors: readonly string[], overrides: Partial<NoteModel> = {}): NoteModel {
  const base = path.replace(/^internalise\//, '').replace(/\.adoc$/, '')
  return {
    path,
    folder: 'internalise',
    title: null,
    attributes: [],
    anchors: [],
    sections: [],
    itemsWithoutId: [],
    dlistEntries: [],
    references: [],
    track: [],
    problems: [],
    lineClasses: new Uint8Array(),
    items: anchors.map((a, i) => ({
      id: `${base}#${a}`,
      anchor: a,
      prompt: `Q ${a}`,
      response: `R ${a}`,
      line: 3 + i,
    })),
    ...overrides,
  }
}

/** A corpus of these notes and reviews (file order), its state on disk `state`, nothing unreadable. */
export function corpusOf(notes: NoteModel[], reviews: Review[], config: Config, state: State | null = null): Corpus {
  return {
    files: notes.map(n => n.path),
    notes,
    unreadable: [],
    config,
    configFinding: null,
    log: reviewLogOf(reviews, { aliases: config.aliases }),
    state,
    stateError: null,
    stateInvalid: [],
  }
}
