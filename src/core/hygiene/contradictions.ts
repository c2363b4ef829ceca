import type { Finding, NoteModel } from '../types.js'
import { Clusters, fileCount } from './clusters.js'
import { byPlace, clip, clusterFinding, type Place } from './contradiction-finding.js'
import { forEachWord, proseOf, wordsOf } from './prose.js'
import { scanProse } from './prose-scan.js'
import { contradictionScore } from './rank.js'
import { SentenceFlips } from './sentence-flips.js'
import { type PlacedSentence, sentencesOf } from './sentences.js'
import { diceOnBigrams, normaliseLabel, singularLabel } from './similarity.js'
import { isProseTerm, proseOfBody, tabLines } from './terms.js'
import { Vocabulary } from './vocabulary.js'

export { SentenceFlips }

// Contradiction *candidates* (SPEC 2.2 `contradiction`): lexical heuristics that find places
// worth a person's look: negation, antonymy and numeric mismatch are the kinds lexical checks
// catch (de Marneffe, Rafferty and Manning, "Finding Contradictions in Text", ACL 2008), once
// structure says the places are about the same thing. They never claim that one of them is
// wrong, and the messages say so. One finding per cluster of places (clusters.ts).

/** Responses or definitions less alike than this (Dice on word bigrams) disagree. */
export const DISSIMILAR = 0.5
/**
 * A label with more entries than this is compared on its first ones only (in place order): a
 * term defined hundreds of times is a field name, and comparing it pairwise is quadratic.
 */
export const MAX_LABEL_ENTRIES = 200

export function contradictions(notes: readonly NoteModel[], texts: ReadonlyMap<string, string>): Finding[] {
  const vocabulary = new Vocabulary()
  for (const note of notes) {
    const hashes: number[] = []
    for (const line of proseOf(note, texts.get(note.path) ?? ''))
      forEachWord(line.text, (_lower, _start, _end, hash) => hashes.push(hash))
    vocabulary.add(note.path, hashes)
  }
  return [...labelContradictions(notes, texts, vocabulary), ...sentenceFlips(notes, texts, vocabulary)]
}

/** The contradictions found from items and definitions (same prompt, same term), without the sentence flips. */
export function labelContradictions(
  notes: readonly NoteModel[],
  texts: ReadonlyMap<string, string>,
  vocabulary: Vocabulary,
): Finding[] {
  return [...samePrompt(notes), ...sameTerm(notes, texts, vocabulary)]
}

interface LabelledEntry extends Place {
  label: string
  /** The words of the body's prose (its code blocks and markup lines left out). */
  words: string[]
  shown: string
}

function samePrompt(notes: readonly NoteModel[]): Finding[] {
  const entries = notes.flatMap(note =>
    note.items.map((item): LabelledEntry => {
      // A response is split into words only when its prompt is asked elsewhere too (only such
      // groups are compared): splitting all 30,000 of the bench's was most of this check.
      let words: string[] | undefined
      return {
        file: note.path,
        line: item.line,
        label: normaliseLabel(item.prompt),
        get words() {
          words ??= wordsOf(proseOfBody(item.response))
          return words
        },
        shown: item.prompt,
      }
    }),
  )
  return disagreeingClusters(entries, () => true).map(({ members, likeness }) => {
    const [first, second] = firstTwo(members)
    return clusterFinding(
      members,
      second,
      'same-prompt',
      `the prompt "${clip(first.shown)}" is also asked at ${second.file}:${second.line}${more(members)} with a different response: do both answers hold?`,
      contradictionScore('same-prompt', likeness, fileCount(members)),
    )
  })
}

/**
 * Terms of description lists, except those that are not prose a person defines: the tabs of a
 * `[tabs]` block (`Java::`, `Kotlin::` over a listing), a term without a word (`=>`, `*0*`)
 * and a term whose description has no prose (only a listing, an include, an image). Two notes
 * that share little of their vocabulary are about different things: their same term is a
 * homonym (`number` in Lua and in AsciiDoc), not two definitions to reconcile.
 */
function sameTerm(notes: readonly NoteModel[], texts: ReadonlyMap<string, string>, vocabulary: Vocabulary): Finding[] {
  const entries: LabelledEntry[] = []
  for (const note of notes) {
    if (note.dlistEntries.length === 0) continue
    const inTabs = tabLines(texts.get(note.path) ?? '')
    for (const entry of note.dlistEntries) {
      if (entry.style === 'qanda' || inTabs(entry.line) || !isProseTerm(entry.term)) continue
      const words = wordsOf(proseOfBody(entry.description))
      if (words.length === 0) continue
      entries.push({
        file: note.path,
        line: entry.line,
        label: singularLabel(normaliseLabel(entry.term)),
        words,
        shown: entry.term,
      })
    }
  }
  // Only across notes, and only notes about the same subject (vocabulary.ts).
  const comparable = (a: string, b: string) => a !== b && vocabulary.related(a, b)
  return disagreeingClusters(entries, comparable).map(({ members, likeness }) => {
    const [first, second] = firstTwo(members)
    return clusterFinding(
      members,
      second,
      'same-term',
      `"${clip(first.shown)}" is also defined at ${second.file}:${second.line}${more(members)}, differently: do the definitions agree?`,
      contradictionScore('same-term', likeness, fileCount(members)),
    )
  })
}

/** The first member and the first one in another file (the finding's `other`). */
function firstTwo(members: readonly LabelledEntry[]): [LabelledEntry, LabelledEntry] {
  const first = members[0] as LabelledEntry
  return [first, members.find(member => member.file !== first.file) ?? (members[1] as LabelledEntry)]
}

function more(members: readonly Place[]): string {
  const rest = members.length - 2
  return rest > 0 ? ` (and ${rest} other place${rest === 1 ? '' : 's'})` : ''
}

/**
 * Per label, the clusters of entries linked by dissimilar bodies, in place order; `likeness`
 * is 1 minus the lowest Dice of a pair in the cluster (how far apart the two bodies are).
 */
function disagreeingClusters(
  entries: LabelledEntry[],
  comparable: (firstFile: string, secondFile: string) => boolean,
): { members: LabelledEntry[]; likeness: number }[] {
  const groups = new Map<string, LabelledEntry[]>()
  for (const entry of entries) {
    if (entry.label === '') continue
    const group = groups.get(entry.label)
    if (group) group.push(entry)
    else groups.set(entry.label, [entry])
  }
  const found: { members: LabelledEntry[]; likeness: number }[] = []
  for (const all of groups.values()) {
    if (all.length < 2) continue
    const group = all.sort(byPlace).slice(0, MAX_LABEL_ENTRIES)
    const clusters = new Clusters(group.length)
    const lowest = new Float64Array(group.length).fill(1)
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const first = group[i] as LabelledEntry
        const second = group[j] as LabelledEntry
        if (!comparable(first.file, second.file)) continue
        const dice = diceOnBigrams(first.words, second.words)
        if (dice >= DISSIMILAR) continue
        const least = Math.min(dice, lowest[clusters.find(i)] as number, lowest[clusters.find(j)] as number)
        lowest[clusters.union(i, j)] = least
      }
    }
    for (const members of clusters.groups()) {
      const likeness = 1 - (lowest[clusters.find(members[0] as number)] as number)
      found.push({ members: members.map(k => group[k] as LabelledEntry), likeness })
    }
  }
  return found
}

/** Sentence flips (sentence-flips.ts) of notes read one by one. */
function sentenceFlips(
  notes: readonly NoteModel[],
  texts: ReadonlyMap<string, string>,
  vocabulary: Vocabulary,
): Finding[] {
  const flips = new SentenceFlips()
  const byPath = new Map(notes.map(note => [note.path, note]))
  for (const note of notes) {
    const text = texts.get(note.path)
    if (text === undefined) continue
    flips.startNote(note.path)
    scanProse(proseOf(note, text), flips)
  }
  return flips.findings(file => sentencesOfFile(byPath, texts, file), vocabulary)
}

/** The sentences of one note, to quote them in a finding. */
export function sentencesOfFile(
  notes: ReadonlyMap<string, NoteModel>,
  texts: ReadonlyMap<string, string>,
  file: string,
): PlacedSentence[] {
  const note = notes.get(file)
  const text = texts.get(file)
  return note && text !== undefined ? sentencesOf(proseOf(note, text)) : []
}
