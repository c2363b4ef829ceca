import type { Finding } from '../types.js'
import { Clusters, distinctPlaces, fileCount } from './clusters.js'
import { byPlace, clip, clusterFinding, type Place } from './contradiction-finding.js'
import { hashRange, hashString } from './hashing.js'
import type { ProseVisitor } from './prose-scan.js'
import { contradictionScore } from './rank.js'
import { HashSets, jaccardBetween, oneWordApartPairs } from './sentence-pairs.js'
import type { PlacedSentence } from './sentences.js'
import { isStatedNumber } from './stated-numbers.js'
import type { Vocabulary } from './vocabulary.js'

// Sentence flips, the contradiction candidates with reason `date`, `number` or `negation`
// (SPEC 2.2; the same-prompt and same-term ones are in contradictions.ts).

/** Sentences at least this alike (Jaccard on word sets) say "the same thing". */
export const SIMILAR_SENTENCES = 0.6
const MIN_SENTENCE_WORDS = 5
const NEGATION_CUES = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'neither',
  'nor',
  'cannot',
  'avoid',
  'incorrect',
  'without',
])

interface Sentence extends Place {
  text: string
}

/** What a flip can change in a sentence. */
interface FlipTokens {
  dates: string
  numbers: string
  negated: boolean
}

const NO_FLIP_TOKENS: FlipTokens = { dates: '', numbers: '', negated: false }

const DATE = /^\d{4}-\d{2}-\d{2}$/
const NEGATION_HASHES = new Set([...NEGATION_CUES].map(cue => hashRange(cue, 0, cue.length) | 0))
// A bit per low 16 bits of the cue hashes: nearly every word is turned away here without a Set look-up.
const NEGATION_FILTER = new Uint8Array(1 << 13)
for (const hash of NEGATION_HASHES)
  NEGATION_FILTER[(hash & 0xffff) >>> 3] = (NEGATION_FILTER[(hash & 0xffff) >>> 3] as number) | (1 << (hash & 7))
const mayBeCue = (hash: number): boolean =>
  ((NEGATION_FILTER[(hash & 0xffff) >>> 3] as number) & (1 << (hash & 7))) !== 0
const isDigit = (code: number): boolean => code >= 48 && code <= 57

/** A cue word, or a word ending in n't (or n’t); the hash spares a string for every other word. */
function isNegationCue(lower: string, start: number, end: number, hash: number): boolean {
  if (mayBeCue(hash) && NEGATION_HASHES.has(hash) && NEGATION_CUES.has(lower.slice(start, end))) return true
  const apostrophe = lower.charCodeAt(end - 2)
  return (
    end - start >= 3 &&
    lower.charCodeAt(end - 1) === 116 &&
    (apostrophe === 39 || apostrophe === 0x2019) &&
    lower.charCodeAt(end - 3) === 110
  )
}

/**
 * Near-identical sentences in two notes that differ in a date, a number or a negation.
 * Only a sentence with a date, a number or a negation cue can be one side of a flip, so only
 * those probe for partners. Candidates are sentences whose words, flip tokens aside, are the
 * same or one word apart (sentence-pairs.ts); the exact Jaccard of all their words decides.
 *
 * Notes are fed one at a time through `scanProse` (the sweep feeds the same pass to the
 * near-duplicate shingles), so that no note's prose or sentences outlive its scan: a sentence
 * is kept as hashes in `HashSets` and its place, and a finding finds its text again.
 */
export class SentenceFlips implements ProseVisitor {
  // Hundreds of thousands of sentences: parallel arrays, not an object each.
  private readonly files: string[] = []
  private readonly lines: number[] = []
  /** Index in `sentencesOf` of the note, to quote the sentence in a finding. */
  private readonly ordinals: number[] = []
  private readonly tokens: FlipTokens[] = []
  // A probe's words are kept apart from its skeleton; any other sentence's skeleton is all its words.
  private readonly probeWords = new HashSets()
  private readonly wordsAt: number[] = []
  private readonly skeletons = new HashSets()
  private readonly kinds: number[] = []
  // Scratch state of the sentence being read.
  private file = ''
  // Word hashes of the sentence: all of them, and those of its skeleton (growing scratch buffers).
  private all = new Int32Array(256)
  private allCount = 0
  private plain = new Int32Array(256)
  private plainCount = 0
  private dates: string[] | null = null
  private numbers: string[] | null = null
  private negated = false

  /** The sentences that follow are from note `file`. */
  startNote(file: string): void {
    this.file = file
  }

  word(lower: string, start: number, end: number, wordHash: number, inSentence: boolean): void {
    if (!inSentence) return
    const hash = wordHash | 0
    if (this.allCount === this.all.length) this.all = grown(this.all)
    this.all[this.allCount++] = hash
    // Words start with a letter unless they are numbers or dates (prose.ts WORD). A number in
    // a URL or a macro target, its repeat in the link text, a version (stated-numbers.ts) is
    // part of a name, not a value the sentence states: it is an ordinary word.
    if (isDigit(lower.charCodeAt(start)) && isStatedNumber(lower, start, end)) {
      const word = lower.slice(start, end)
      if (DATE.test(word)) (this.dates ??= []).push(word)
      else (this.numbers ??= []).push(word)
    } else if (isNegationCue(lower, start, end, hash)) this.negated = true
    else {
      if (this.plainCount === this.plain.length) this.plain = grown(this.plain)
      this.plain[this.plainCount++] = hash
    }
  }

  sentenceEnd(line: number, ordinal: number): void {
    const { dates, numbers, negated } = this
    const probe = dates !== null || numbers !== null || negated
    if (this.allCount >= MIN_SENTENCE_WORDS) this.keep(line, ordinal, probe, dates, numbers, negated)
    this.dates = null
    this.numbers = null
    this.negated = false
    this.allCount = 0
    this.plainCount = 0
  }

  private keep(
    line: number,
    ordinal: number,
    probe: boolean,
    dates: string[] | null,
    numbers: string[] | null,
    negated: boolean,
  ): void {
    const distinct = (probe ? this.probeWords : this.skeletons).add(this.all, this.allCount)
    if (distinct < MIN_SENTENCE_WORDS) {
      if (probe) this.probeWords.pop()
      else this.skeletons.pop()
      return
    }
    this.files.push(this.file)
    this.lines.push(line)
    this.ordinals.push(ordinal)
    if (probe) {
      this.skeletons.add(this.plain, this.plainCount)
      const flip: FlipTokens = { dates: distinctSorted(dates), numbers: distinctSorted(numbers), negated }
      this.tokens.push(flip)
      this.wordsAt.push(this.probeWords.count - 1)
      this.kinds.push(hashString(`${flip.dates}|${flip.numbers}|${flip.negated}`) | 1)
    } else {
      this.tokens.push(NO_FLIP_TOKENS)
      this.wordsAt.push(-1)
      this.kinds.push(0)
    }
  }

  /**
   * The flips among the sentences fed, one finding per cluster of sentences linked by flips
   * (the same sentence in four notes with two different numbers is one finding); `sentences(file)`
   * gives a note's `sentencesOf` again, to quote them. Nothing is kept per pair: a pair joins
   * two clusters, and the cluster keeps its best pair (the most alike) for its message.
   */
  findings(sentences: (file: string) => readonly PlacedSentence[], vocabulary?: Vocabulary): Finding[] {
    const { files, lines, tokens, wordsAt, probeWords, skeletons } = this
    const words = (k: number): [HashSets, number] =>
      (wordsAt[k] as number) >= 0 ? [probeWords, wordsAt[k] as number] : [skeletons, k]
    // A note's sentences are found again once however many clusters quote it.
    const quoted = new Map<string, readonly PlacedSentence[]>()
    const sentence = (k: number): Sentence => {
      const file = files[k] as string
      let ofNote = quoted.get(file)
      if (ofNote === undefined) {
        ofNote = sentences(file)
        quoted.set(file, ofNote)
      }
      const text = (ofNote[this.ordinals[k] as number] as PlacedSentence).text
      return { file, line: lines[k] as number, text }
    }
    const clusters = new Clusters(files.length)
    const best = new Map<number, BestPair>()
    oneWordApartPairs(skeletons, Int32Array.from(this.kinds), (x, y) => {
      if (files[x] === files[y]) return
      // Notes about different subjects (vocabulary.ts) share template sentences, not facts.
      if (vocabulary !== undefined && !vocabulary.related(files[x] as string, files[y] as string)) return
      const reason = flipBetween(tokens[x] as FlipTokens, tokens[y] as FlipTokens)
      if (reason === null) return
      const similarity = jaccardBetween(...words(x), ...words(y))
      if (similarity < SIMILAR_SENTENCES || similarity === 1) return
      const candidates = [best.get(clusters.find(x)), best.get(clusters.find(y)), { x, y, reason, similarity }]
      best.delete(clusters.find(x))
      best.delete(clusters.find(y))
      const kept = candidates.reduce<BestPair | undefined>(
        (most, pair) => (pair !== undefined && (most === undefined || pair.similarity > most.similarity) ? pair : most),
        undefined,
      ) as BestPair
      best.set(clusters.union(x, y), kept)
    })
    const found: { first: Place; finding: Finding }[] = []
    for (const group of clusters.groups()) {
      const pair = best.get(clusters.find(group[0] as number)) as BestPair
      const members = group.map(k => ({ file: files[k] as string, line: lines[k] as number }))
      const [first, second] = [sentence(pair.x), sentence(pair.y)].sort(byPlace) as [Sentence, Sentence]
      const places = distinctPlaces(members)
      const head = places[0] as Place
      // The finding sits on the cluster's first place; its message quotes the best pair's other side.
      const shown = second.file !== head.file ? second : first
      found.push({
        first: head,
        finding: clusterFinding(
          places,
          shown,
          pair.reason,
          flipMessage(pair.reason, shown, places.length),
          contradictionScore(pair.reason, pair.similarity, fileCount(places)),
        ),
      })
    }
    return found.sort((p, q) => byPlace(p.first, q.first)).map(f => f.finding)
  }
}

interface BestPair {
  x: number
  y: number
  reason: Flip
  similarity: number
}

function grown(buffer: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(buffer.length * 2)
  bigger.set(buffer)
  return bigger
}

function distinctSorted(words: string[] | null): string {
  if (words === null) return ''
  // Most probes have a single date or number: no Set, sort and join for them.
  return words.length === 1 ? (words[0] as string) : [...new Set(words)].sort().join(' ')
}

type Flip = 'date' | 'number' | 'negation'

function flipBetween(a: FlipTokens, b: FlipTokens): Flip | null {
  return differ(a.dates, b.dates)
    ? 'date'
    : differ(a.numbers, b.numbers)
      ? 'number'
      : a.negated !== b.negated
        ? 'negation'
        : null
}

/**
 * Whether two sentences state different values: each has one the other lacks. A number (or
 * date) on one side only, or one more on one side, is not "a different number": the other
 * sentence leaves it out and states nothing against it. On the real corpora those were all
 * formatting, not facts (a version added after a link, a `1.` list marker against `1)`, a
 * table's row number), so they are not reported; a negation flip between them still is.
 */
function differ(a: string, b: string): boolean {
  if (a === b) return false
  if (a === '' || b === '') return false
  const first = a.split(' ')
  const second = new Set(b.split(' '))
  const onlyFirst = first.some(value => !second.has(value))
  const onlySecond = second.size > first.filter(value => second.has(value)).length
  return onlyFirst && onlySecond
}

function flipMessage(reason: Flip, second: Sentence, places: number): string {
  const what =
    reason === 'date'
      ? 'a different date'
      : reason === 'number'
        ? 'a different number'
        : 'the opposite polarity (a negation)'
  const rest = places - 2
  const more = rest > 0 ? ` (and ${rest} other place${rest === 1 ? '' : 's'} with the same sentence)` : ''
  return `an almost identical sentence at ${second.file}:${second.line} has ${what}: "${clip(second.text)}"${more}; is one of them out of date?`
}
