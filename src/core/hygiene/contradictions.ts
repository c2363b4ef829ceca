import type { Finding, NoteModel } from '../types.js'
import { wordsOf } from './prose.js'
import { sentencesOf } from './sentences.js'
import { diceOnBigrams, jaccardOfSets, normaliseLabel, singularLabel } from './similarity.js'

// Contradiction *candidates* (SPEC 2.2 `contradiction`): lexical heuristics that find two
// places worth a person's look (research/asciidoc.md §4). They never claim that one of them is
// wrong, and the messages say so.

/** Responses or definitions less alike than this (Dice on word bigrams) disagree. */
export const DISSIMILAR = 0.5
/** Sentences at least this alike (Jaccard on word sets) say "the same thing". */
export const SIMILAR_SENTENCES = 0.6
const MIN_SENTENCE_WORDS = 5
const NEGATION_CUES = new Set(['not', 'no', 'never', 'none', 'nothing', 'neither', 'nor', 'cannot', 'avoid', 'incorrect', 'without'])

interface Place {
  file: string
  line: number
}

export function contradictions(notes: readonly NoteModel[], texts: ReadonlyMap<string, string>): Finding[] {
  return [...samePrompt(notes), ...sameTerm(notes), ...sentenceFlips(notes, texts)]
}

function samePrompt(notes: readonly NoteModel[]): Finding[] {
  const entries = notes.flatMap((note) =>
    note.items.map((item) => ({ file: note.path, line: item.line, label: normaliseLabel(item.prompt), body: item.response, shown: item.prompt })),
  )
  return disagreeingPairs(entries, false).map(([first, second]) =>
    finding(first, second, 'same-prompt', `the prompt "${clip(first.shown)}" is also asked at ${second.file}:${second.line} with a different response: do both answers hold?`),
  )
}

function sameTerm(notes: readonly NoteModel[]): Finding[] {
  const entries = notes.flatMap((note) =>
    note.dlistEntries
      .filter((entry) => entry.style !== 'qanda' && entry.description.trim() !== '')
      .map((entry) => ({ file: note.path, line: entry.line, label: singularLabel(normaliseLabel(entry.term)), body: entry.description, shown: entry.term })),
  )
  return disagreeingPairs(entries, true).map(([first, second]) =>
    finding(first, second, 'same-term', `"${clip(first.shown)}" is also defined at ${second.file}:${second.line}, differently: do the definitions agree?`),
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

interface Sentence extends Place {
  text: string
  words: Set<string>
}

/**
 * Near-identical sentences in two notes that differ in a date, a number or a negation. The
 * pairs with Jaccard >= 0.6 come from prefix filtering (rarest words first): two sets that
 * similar must share a word among the first |s| - ceil(0.6 |s|) + 1 of each, so only sentences
 * sharing a rare word are ever compared.
 */
function sentenceFlips(notes: readonly NoteModel[], texts: ReadonlyMap<string, string>): Finding[] {
  const sentences: Sentence[] = []
  for (const note of notes) {
    const text = texts.get(note.path)
    if (text === undefined) continue
    for (const sentence of sentencesOf(text)) {
      const words = new Set(wordsOf(sentence.text))
      if (words.size >= MIN_SENTENCE_WORDS) sentences.push({ file: note.path, line: sentence.line, text: sentence.text, words })
    }
  }
  const frequency = new Map<string, number>()
  for (const sentence of sentences) for (const word of sentence.words) frequency.set(word, (frequency.get(word) ?? 0) + 1)
  const index = new Map<string, number[]>()
  const findings = new Map<string, Finding>()
  sentences.forEach((sentence, k) => {
    const ordered = [...sentence.words].sort((x, y) => (frequency.get(x) ?? 0) - (frequency.get(y) ?? 0) || (x < y ? -1 : 1))
    const prefix = ordered.slice(0, ordered.length - Math.ceil(SIMILAR_SENTENCES * ordered.length) + 1)
    const seen = new Set<number>()
    for (const word of prefix) {
      for (const earlier of index.get(word) ?? []) {
        if (seen.has(earlier)) continue
        seen.add(earlier)
        const other = sentences[earlier] as Sentence
        if (other.file === sentence.file) continue
        const reason = flipBetween(other, sentence)
        if (reason === null) continue
        const [first, second] = [other, sentence].sort(byPlace) as [Sentence, Sentence]
        const key = `${first.file}:${first.line}:${second.file}:${second.line}`
        if (!findings.has(key)) findings.set(key, finding(first, second, reason, flipMessage(reason, second)))
      }
      const postings = index.get(word)
      if (postings) postings.push(k)
      else index.set(word, [k])
    }
  })
  return [...findings.values()]
}

type Flip = 'date' | 'number' | 'negation'

function flipBetween(a: Sentence, b: Sentence): Flip | null {
  const similarity = jaccardOfSets(a.words, b.words)
  if (similarity < SIMILAR_SENTENCES || similarity === 1) return null
  const dates = (s: Sentence) => [...s.words].filter((w) => /^\d{4}-\d{2}-\d{2}$/.test(w)).sort().join(' ')
  const numbers = (s: Sentence) => [...s.words].filter((w) => /^\d+(?:[.,]\d+)*$/.test(w)).sort().join(' ')
  const negated = (s: Sentence) => [...s.words].some((w) => NEGATION_CUES.has(w) || /n't$/.test(w))
  if (dates(a) !== dates(b)) return 'date'
  if (numbers(a) !== numbers(b)) return 'number'
  if (negated(a) !== negated(b)) return 'negation'
  return null
}

function flipMessage(reason: Flip, second: Sentence): string {
  const what = reason === 'date' ? 'a different date' : reason === 'number' ? 'a different number' : 'the opposite polarity (a negation)'
  return `an almost identical sentence at ${second.file}:${second.line} has ${what}: "${clip(second.text)}"; is one of them out of date?`
}

function finding(first: Place, second: Place, reason: string, message: string): Finding {
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

function byPlace(a: Place, b: Place): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= 80 ? flat : `${flat.slice(0, 77)}...`
}
