import { itemId } from '../core/corpus.js'
import type {
  Anchor,
  DlistEntry,
  HeaderAttribute,
  PracticeItem,
  Reference,
  Section,
  TrackItem,
  TrackStatus,
} from '../core/types.js'
import { ByteReader, u32At } from './byte-io.js'
import { PoolReader } from './byte-pool.js'
import { ANCHOR_KINDS, REFERENCE_KINDS } from './model-codec.js'

// Reading one field of a model's bytes (model-codec.ts writes them; packed-model.ts asks).

/** The bytes of field `field` (its index in FIELDS; FIELDS.length: the rest) of a model's bytes. */
export function fieldReader(bytes: Uint8Array, field: number): PoolReader {
  return new PoolReader(bytes, u32At(bytes, 2 + 4 * field), u32At(bytes, 6 + 4 * field))
}

/**
 * Whether field `field` of a model's bytes is an empty list: an empty pool, mode 0, no rows
 * (three zero bytes). Most list fields of most notes are (a Reference note has no items), and
 * answering so without a reader keeps 10,000 readers out of a load that reads every note's items.
 */
export function isEmptyList(bytes: Uint8Array, field: number): boolean {
  const start = u32At(bytes, 2 + 4 * field)
  return (
    u32At(bytes, 6 + 4 * field) - start === 3 && bytes[start] === 0 && bytes[start + 1] === 0 && bytes[start + 2] === 0
  )
}

/** A list in mode 0 read with `row`; in mode 1 its JSON. */
export function readList<T>(r: PoolReader, row: (r: PoolReader, index: number) => T): T[] {
  if (r.u8() === 1) return JSON.parse(r.string()) as T[]
  const count = r.uint()
  const rows = new Array<T>(count)
  for (let i = 0; i < count; i++) rows[i] = row(r, i)
  return rows
}

export const readTitle = (r: PoolReader): string | null => {
  const tag = r.u8()
  return tag === 0 ? null : tag === 1 ? r.string() : (JSON.parse(r.string()) as string | null)
}
export const readAttribute = (r: PoolReader): HeaderAttribute => ({
  name: r.string(),
  value: r.string(),
  line: r.uint(),
})
export const readAnchor = (r: PoolReader): Anchor => ({
  id: r.string(),
  line: r.uint(),
  kind: ANCHOR_KINDS[r.u8()] ?? 'inline',
})
export const readSection = (r: PoolReader): Section => ({
  level: r.uint(),
  title: r.string(),
  id: r.string(),
  line: r.uint(),
  endLine: r.uint(),
})
/**
 * Where the prompts and responses of one packed model's items are: after the items' rows, each
 * item's prompt then its response. Found when the first item's text is asked for, in one walk
 * over them, not while the items are read: a replay or a count of due items never asks.
 */
class ItemTexts {
  /** Where the first prompt starts: set once the rows before it are read. */
  at = 0
  #starts: number[] | null = null
  constructor(
    readonly bytes: Uint8Array,
    readonly count: number,
  ) {}
  /** Where item `index`'s prompt starts (its response follows it). */
  start(index: number): number {
    if (this.#starts === null) {
      const starts = new Array<number>(this.count)
      const r = new ByteReader(this.bytes, this.at)
      for (let i = 0; i < this.count; i++) {
        starts[i] = r.at
        r.skip(Math.floor(r.uint() / 2))
        r.skip(Math.floor(r.uint() / 2))
      }
      this.#starts = starts
    }
    return this.#starts[index] as number
  }
}

/**
 * A practice item of a packed model: its id, anchor and line as read, its prompt and response
 * read from the model's bytes when first asked for (a replay or a count of due items never asks:
 * the texts are most of a model's bytes). Reads as a plain PracticeItem; `JSON.stringify` sees one.
 */
export class PackedItem implements PracticeItem {
  readonly id: string
  readonly anchor: string
  readonly line: number
  readonly #texts: ItemTexts
  readonly #index: number
  #prompt: string | undefined
  #response: string | undefined
  constructor(id: string, anchor: string, line: number, texts: ItemTexts, index: number) {
    this.id = id
    this.anchor = anchor
    this.line = line
    this.#texts = texts
    this.#index = index
  }
  get prompt(): string {
    this.#prompt ??= new ByteReader(this.#texts.bytes, this.#texts.start(this.#index)).string()
    return this.#prompt
  }
  set prompt(value: string) {
    this.#prompt = value
  }
  get response(): string {
    if (this.#response === undefined) {
      const r = new ByteReader(this.#texts.bytes, this.#texts.start(this.#index))
      r.skip(Math.floor(r.uint() / 2)) // the prompt's string
      this.#response = r.string()
    }
    return this.#response
  }
  set response(value: string) {
    this.#response = value
  }
  toJSON(): PracticeItem {
    return { id: this.id, anchor: this.anchor, prompt: this.prompt, response: this.response, line: this.line }
  }
}

/**
 * The items field: rows (id, anchor, line), then each item's prompt and response. One pass over
 * the rows, an item made from each: where the texts are is worked out only when one is asked for
 * (ItemTexts). Every load of a practice or a replay reads every note's items, so this is on the
 * warm index's path: the two passes and three arrays per note it made before were a third of it.
 */
export function readItems(r: PoolReader, path: string): PracticeItem[] {
  if (r.u8() === 1) return JSON.parse(r.string()) as PracticeItem[]
  const count = r.uint()
  const items = new Array<PracticeItem>(count)
  if (count === 0) return items
  const idPrefix = itemId(path, '')
  // The rows end where the texts begin; every item of this model shares one locator.
  const texts = new ItemTexts(r.bytes, count)
  for (let i = 0; i < count; i++) {
    const own = r.u8() === 1 ? r.string() : null
    const anchor = r.string()
    items[i] = new PackedItem(own ?? idPrefix + anchor, anchor, r.uint(), texts, i)
  }
  texts.at = r.at
  return items
}

export const readWithoutId = (r: PoolReader): { line: number; term: string } => ({ line: r.uint(), term: r.string() })
/**
 * A `[qanda]` entry of a packed model: its term and description are its item's prompt and
 * response, read from the item when asked for. The checks that read every note's entries
 * (link targets, validate, the sweep's same-term check) want their anchors and styles only, and
 * decoding 30,000 prompts and responses for them was a tenth of a sweep.
 */
export class PackedQandaEntry implements DlistEntry {
  readonly style = 'qanda'
  readonly line: number
  readonly anchor: string
  readonly #item: PracticeItem
  #term: string | undefined
  #description: string | undefined
  constructor(item: PracticeItem) {
    this.#item = item
    this.line = item.line
    this.anchor = item.anchor
  }
  get term(): string {
    return this.#term ?? this.#item.prompt
  }
  set term(value: string) {
    this.#term = value
  }
  get description(): string {
    return this.#description ?? this.#item.response
  }
  set description(value: string) {
    this.#description = value
  }
  toJSON(): DlistEntry {
    return { style: this.style, term: this.term, description: this.description, line: this.line, anchor: this.anchor }
  }
}

export const readEntry =
  (items: () => PracticeItem[]) =>
  (r: PoolReader): DlistEntry => {
    if (r.u8() === 0) return new PackedQandaEntry(items()[r.uint()] as PracticeItem)
    return {
      style: r.stringOrNull(),
      term: r.string(),
      description: r.string(),
      line: r.uint(),
      anchor: r.stringOrNull(),
    }
  }
export const readReference = (r: PoolReader): Reference => {
  const tag = r.u8()
  const kind = REFERENCE_KINDS[(tag & 7) >> 1] ?? 'link'
  const reference: Reference = { kind, target: r.string(), line: r.uint() }
  if (tag & 1) {
    if (kind === 'include') reference.optional = true
    else reference.shorthand = true
  }
  if (tag & 8) reference.imagesdir = r.string()
  return reference
}
export const readTrack =
  (sections: () => Section[]) =>
  (r: PoolReader): TrackStatus => {
    let head: Omit<TrackStatus, 'items'>
    if (r.u8() === 0) {
      const s = sections()[r.uint()] as Section
      head = { status: s.title, line: s.line, endLine: s.endLine }
    } else head = { status: r.string(), line: r.uint(), endLine: r.uint() }
    const count = r.uint()
    const items = new Array<TrackItem>(count)
    for (let i = 0; i < count; i++)
      items[i] = { line: r.uint(), endLine: r.uint(), text: r.string(), marker: r.string() }
    return { ...head, items }
  }
export const readProblem = (r: PoolReader): { line: number; message: string } => ({
  line: r.uint(),
  message: r.string(),
})
export function readLineClasses(r: PoolReader): Uint8Array {
  if (r.u8() === 1) return JSON.parse(r.string()) as Uint8Array
  const bytes = new Uint8Array(r.uint())
  for (let at = 0; at < bytes.length; ) {
    const count = r.uint()
    if (at + count > bytes.length) throw new RangeError('line classes past their length')
    bytes.fill(r.u8(), at, at + count)
    at += count
  }
  return bytes
}
