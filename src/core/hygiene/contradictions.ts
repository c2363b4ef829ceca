import type { Finding, NoteModel } from '../types.js'
import { byPlace, clip, finding, type Place } from './contradiction-finding.js'
import { type ProseLine, proseLines, wordsOf } from './prose.js'
import { scanProse } from './prose-scan.js'
import { SentenceFlips } from './sentence-flips.js'
import { sentencesOf } from './sentences.js'
import { diceOnBigrams, normaliseLabel, singularLabel } from './similarity.js'

export { SentenceFlips }

// Contradiction *candidates* (SPEC 2.2 `contradiction`): lexical heuristics that find two
// places worth a person's look: negation, antonymy and numeric mismatch are the kinds lexical
// checks catch (de Marneffe, Rafferty and Manning, "Finding Contradictions in Text", ACL 2008),
// once structure says both places are about the same thing. They never claim that one of them is
// wrong, and the messages say so.

/** Responses or definitions less alike than this (Dice on word bigrams) disagree. */
export const DISSIMILAR = 0.5

/** `prose`: each note's prose lines when the caller has them already (they are costly to find). */
export function contradictions(
  notes: readonly NoteModel[],
  texts: ReadonlyMap<string, string>,
  prose?: ReadonlyMap<string, readonly ProseLine[]>,
): Finding[] {
  return [...labelContradictions(notes), ...sentenceFlips(notes, texts, prose)]
}

/** The contradictions found from items and definitions (same prompt, same term), without the sentence flips. */
export function labelContradictions(notes: readonly NoteModel[]): Finding[] {
  return [...samePrompt(notes), ...sameTerm(notes)]
}

function samePrompt(notes: readonly NoteModel[]): Finding[] {
  const entries = notes.flatMap(note =>
    note.items.map(item => ({
      file: note.path,
      line: item.line,
      label: normaliseLabel(item.prompt),
      body: item.response,
      shown: item.prompt,
    })),
  )
  return disagreeingPairs(entries, false).map(([first, second]) =>
    finding(
      first,
      second,
      'same-prompt',
      `the prompt "${clip(first.shown)}" is also asked at ${second.file}:${second.line} with a different response: do both answers hold?`,
    ),
  )
}

function sameTerm(notes: readonly NoteModel[]): Finding[] {
  const entries = notes.flatMap(note =>
    note.dlistEntries
      .filter(entry => entry.style !== 'qanda' && entry.description.trim() !== '')
      .map(entry => ({
        file: note.path,
        line: entry.line,
        label: singularLabel(normaliseLabel(entry.term)),
        body: entry.description,
        shown: entry.term,
      })),
  )
  return disagreeingPairs(entries, true).map(([first, second]) =>
    finding(
      first,
      second,
      'same-term',
      `"${clip(first.shown)}" is also defined at ${second.file}:${second.line}, differently: do the definitions agree?`,
    ),
  )
}

interface LabelledEntry extends Place {
  label: string
  body: string
  shown: string
}

/** Pairs with the same label whose bodies are dissimilar, in file then line order. */
function disagreeingPairs(entries: LabelledEntry[], acrossNotesOnly: boolean): [LabelledEntry, LabelledEntry][] {
  const groups = new Map<string, LabelledEntry[]>()
  for (const entry of entries) {
    if (entry.label === '') continue
    const group = groups.get(entry.label)
    if (group) group.push(entry)
    else groups.set(entry.label, [entry])
  }
  const pairs: [LabelledEntry, LabelledEntry][] = []
  for (const group of groups.values()) {
    group.sort(byPlace)
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const first = group[i] as LabelledEntry
        const second = group[j] as LabelledEntry
        if (acrossNotesOnly && first.file === second.file) continue
        if (diceOnBigrams(wordsOf(first.body), wordsOf(second.body)) < DISSIMILAR) pairs.push([first, second])
      }
    }
  }
  return pairs
}

/** Sentence flips (sentence-flips.ts) of notes read one by one. */
function sentenceFlips(
  notes: readonly NoteModel[],
  texts: ReadonlyMap<string, string>,
  prose?: ReadonlyMap<string, readonly ProseLine[]>,
): Finding[] {
  const flips = new SentenceFlips()
  for (const note of notes) {
    const text = texts.get(note.path)
    if (text === undefined) continue
    flips.startNote(note.path)
    scanProse(prose?.get(note.path) ?? proseLines(text), flips)
  }
  return flips.findings(file => sentencesOf(texts.get(file) ?? '', prose?.get(file)))
}
