import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'

// A synthetic corpus for the benchmark: notes that look like the real thing to the scanner
// (headers, sections, [qanda] items with attached blocks, xrefs with anchors, nested lists,
// checklists, listing blocks) at about 3 KB each, and a large review log. Every byte comes
// from a seeded PRNG, so two runs measure the same corpus.

/** mulberry32: small, fast, and its arithmetic stays in 32 bits through Math.imul. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
const between = (random: Random, low: number, high: number): number => low + Math.floor(random() * (high - low + 1))

// ---------------------------------------------------------------- words

const FUNCTION_WORDS = [
  'the',
  'of',
  'and',
  'to',
  'a',
  'in',
  'is',
  'that',
  'for',
  'it',
  'with',
  'as',
  'on',
  'be',
  'by',
  'this',
  'are',
  'or',
  'not',
  'from',
]
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'sta',
  'vu',
  'tor',
  'el',
  'qui',
  'dan',
  'por',
  'sel',
  'ix',
  'nu',
  'bra',
  'che',
  'gal',
  'os',
  'fen',
  'tri',
  'mon',
  'za',
  'ul',
  'per',
]

/** A vocabulary large enough that unrelated notes share few word triples, as real prose does. */
const VOCABULARY: readonly string[] = (() => {
  const random = prng(7)
  const words = new Set<string>()
  while (words.size < 20_000) {
    let word = ''
    for (let i = between(random, 2, 4); i > 0; i--) word += pick(random, SYLLABLES)
    words.add(word)
  }
  return [...words]
})()

/**
 * Function words often, then content words by Zipf's law (a log-uniform rank: the word of rank
 * r has frequency ~ 1/r), as in real prose: a few common words and a long tail of rare ones.
 */
function word(random: Random): string {
  if (random() < 0.3) return pick(random, FUNCTION_WORDS)
  return VOCABULARY[Math.floor(Math.exp(random() * Math.log(VOCABULARY.length))) - 1] as string
}

function words(random: Random, count: number): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(word(random))
  return out.join(' ')
}

function sentence(random: Random): string {
  const text = words(random, between(random, 6, 16))
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

const title = (random: Random): string => {
  const text = words(random, between(random, 2, 5))
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

// ---------------------------------------------------------------- the layout of the corpus

export type Intent = 'internalise' | 'reference' | 'track'

export interface CorpusPlan {
  notes: number
  items: number
}

export interface PlannedNote {
  index: number
  intent: Intent
  /** Relative to the corpus root. */
  path: string
  /** Practice items this note declares (Internalise only). */
  items: number
}

const NOTES_PER_FOLDER = 100

/** Letters only (0 -> "a", 26 -> "ba"): numbers in file names would read as numbers in the prose checks. */
function letters(n: number, width: number): string {
  let out = ''
  for (let i = 0; i < width; i++) {
    out = String.fromCharCode(97 + (n % 26)) + out
    n = Math.floor(n / 26)
  }
  return out
}

/** One note in three of each intent; the items spread evenly over the Internalise notes. */
export function planCorpus({ notes, items }: CorpusPlan): PlannedNote[] {
  const intents: Intent[] = ['internalise', 'reference', 'track']
  const byIntent = new Map<Intent, number>(intents.map(intent => [intent, 0]))
  const planned: PlannedNote[] = []
  for (let index = 0; index < notes; index++) {
    const intent = intents[index % 3] as Intent
    const ordinal = byIntent.get(intent) ?? 0
    byIntent.set(intent, ordinal + 1)
    const folder = `part-${letters(Math.floor(ordinal / NOTES_PER_FOLDER), 2)}`
    planned.push({ index, intent, path: `${intent}/${folder}/note-${letters(index, 4)}.adoc`, items: 0 })
  }
  const internalise = planned.filter(note => note.intent === 'internalise')
  internalise.forEach((note, k) => {
    note.items = Math.floor(((k + 1) * items) / internalise.length) - Math.floor((k * items) / internalise.length)
  })
  return planned
}

/** The item ids a planned Internalise note declares (SPEC 1.2: path under internalise/ without .adoc, #, anchor). */
export function itemIdsOf(note: PlannedNote): string[] {
  const base = note.path.replace(/^internalise\//, '').replace(/\.adoc$/, '')
  return Array.from({ length: note.items }, (_, k) => `${base}#q${k + 1}`)
}

/** A relative path from `from`'s folder to `to` (both corpus-relative, same depth layout). */
function relativeLink(from: string, to: string): string {
  const fromParts = from.split('/').slice(0, -1)
  const toParts = to.split('/')
  let shared = 0
  while (shared < fromParts.length && fromParts[shared] === toParts[shared]) shared++
  return [...fromParts.slice(shared).map(() => '..'), ...toParts.slice(shared)].join('/')
}

const date = (random: Random, fromYear: number): string =>
  `${between(random, fromYear, 2026)}-${String(between(random, 1, 11)).padStart(2, '0')}-${String(between(random, 1, 28)).padStart(2, '0')}`

// ---------------------------------------------------------------- note texts

export function noteText(note: PlannedNote, plan: readonly PlannedNote[], seed: number): string {
  const random = prng(seed ^ Math.imul(note.index + 1, 0x9e3779b1))
  const target = between(random, 2600, 3400)
  const lines = [`= ${title(random)}`, `:intent: ${note.intent}`]
  if (note.intent === 'reference') lines.push(`:source: https://example.org/${words(random, 2).replace(/ /g, '/')}`)
  lines.push(`:created: ${date(random, 2023)}`, `:updated: ${date(random, 2025)}`)
  if (random() < 0.1) lines.push(`:review_by: ${date(random, 2026)}`)
  lines.push('', `${sentence(random)} ${sentence(random)}`, '')
  const other = (): string => relativeLink(note.path, pick(random, plan).path)
  // Track notes have no [#s1] anchor; anchored xrefs point at the other two kinds.
  const anchored = (): string => {
    const target = pick(random, plan)
    return relativeLink(
      note.path,
      (target.intent === 'track' ? (plan[target.index - 1] ?? plan[0]) : target)?.path ?? note.path,
    )
  }
  const size = (): number => lines.reduce((sum, line) => sum + line.length + 1, 0)

  if (note.intent === 'internalise') {
    let item = 1
    while (item <= note.items) {
      lines.push(`[#s${item}]`, `== ${title(random)}`, '', sentence(random), '', '[qanda]')
      const last = Math.min(note.items, item + between(random, 2, 4))
      for (; item <= last; item++) {
        lines.push(`[[q${item}]]${sentence(random).slice(0, -1)}?:: ${sentence(random)} ${sentence(random)}`)
        if (random() < 0.25) lines.push('+', '----', `${words(random, 4)} --${pick(random, VOCABULARY)}`, '----')
      }
      lines.push('')
    }
    while (size() < target)
      lines.push(
        `${sentence(random)} ${title(random)} is in xref:${other()}[${words(random, 2)}], ${words(random, 4)}.`,
        '',
      )
  } else if (note.intent === 'reference') {
    let section = 1
    while (size() < target) {
      lines.push(`[#s${section}]`, `== ${title(random)}`, '')
      lines.push(
        `${sentence(random)} ${sentence(random)} ${title(random)} xref:${anchored()}#s1[${words(random, 2)}] ${words(random, 3)}.`,
        '',
      )
      lines.push(`* ${sentence(random)}`, `** ${sentence(random)}`, `* ${sentence(random)} <<s1>>`, '')
      if (random() < 0.4) lines.push('[source,shell]', '----', `${words(random, 3)} <<not-a-link>>`, '----', '')
      lines.push(`${sentence(random)} ${sentence(random)} ${sentence(random)}`, '')
      section++
    }
  } else {
    const statuses = ['Now', 'Next', 'Later', 'Someday', 'Done', 'Dropped', 'Waiting']
    for (const status of statuses) {
      lines.push(`== ${status}`, '')
      for (let i = between(random, 1, 4); i > 0; i--) {
        const marker = status === 'Done' ? '* [x]' : random() < 0.3 ? '* [ ]' : '*'
        lines.push(`${marker} ${sentence(random)}`)
        if (random() < 0.5) lines.push(`** ${sentence(random)}`)
      }
      lines.push('')
      if (size() > target) break
    }
    while (size() < target)
      lines.push(
        `* ${sentence(random).slice(0, -1)}, xref:${other()}[${words(random, 2)}]`,
        `** ${sentence(random)}`,
        '',
      )
  }
  return lines.join('\n')
}

// ---------------------------------------------------------------- writing the corpus and the log

export interface GeneratedCorpus {
  notes: number
  items: string[]
  bytes: number
}

export function writeCorpus(dir: string, plan: CorpusPlan, seed: number): GeneratedCorpus {
  const planned = planCorpus(plan)
  const items: string[] = []
  let bytes = 0
  const made = new Set<string>()
  for (const note of planned) {
    const folder = join(dir, note.path.split('/').slice(0, -1).join('/'))
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true })
      made.add(folder)
    }
    const text = noteText(note, planned, seed)
    writeFileSync(join(dir, note.path), text)
    bytes += Buffer.byteLength(text)
    items.push(...itemIdsOf(note))
  }
  return { notes: planned.length, items, bytes }
}

const GRADE_WEIGHTS: readonly [string, number][] = [
  ['again', 0.12],
  ['hard', 0.15],
  ['good', 0.58],
  ['easy', 0.15],
]

function grade(random: Random): string {
  let r = random()
  for (const [name, weight] of GRADE_WEIGHTS) if ((r -= weight) < 0) return name
  return 'good'
}

/** `count` reviews of random declared items, in date order, spread over the days up to `lastDay`. */
export function writeLog(
  file: string,
  items: readonly string[],
  count: number,
  lastDay: string,
  days: number,
  seed: number,
): number {
  const random = prng(seed)
  const end = Date.UTC(+lastDay.slice(0, 4), +lastDay.slice(5, 7) - 1, +lastDay.slice(8, 10))
  const dates = Array.from({ length: days }, (_, k) =>
    new Date(end - (days - 1 - k) * 86_400_000).toISOString().slice(0, 10),
  )
  const fd = openSync(file, 'w')
  let bytes = 0
  let chunk: string[] = []
  for (let i = 0; i < count; i++) {
    const day = dates[Math.floor((i * days) / count)] as string
    chunk.push(`{"item":${JSON.stringify(pick(random, items))},"date":"${day}","grade":"${grade(random)}"}\n`)
    if (chunk.length === 10_000 || i === count - 1) {
      const text = chunk.join('')
      bytes += writeSync(fd, text)
      chunk = []
    }
  }
  closeSync(fd)
  return bytes
}

// ---------------------------------------------------------------- near-copies, for the near-duplicate step

/**
 * The text with about `fraction` of the words of its prose replaced by other words: lines that
 * are not headers, attributes or block markup; only plain word tokens, so links stay intact.
 */
export function nearCopy(text: string, fraction: number, seed: number): string {
  const random = prng(seed)
  const replace = (token: string): string => {
    const match = /^([a-z]+)([.?,]?)$/.exec(token)
    return match && random() < fraction ? `${word(random)}${match[2] ?? ''}` : token
  }
  return text
    .split('\n')
    .map(line => (/^[=:[\-+/|]/.test(line) ? line : line.split(' ').map(replace).join(' ')))
    .join('\n')
}
