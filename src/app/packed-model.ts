import type {
  Anchor,
  DlistEntry,
  HeaderAttribute,
  Intent,
  NoteModel,
  PracticeItem,
  Reference,
  Section,
  TrackStatus,
} from '../core/types.js'
import type { PoolReader } from './byte-pool.js'
import { encodeModel, FIELDS, FOLDERS, HAS_REST } from './model-codec.js'
import {
  fieldReader,
  isEmptyList,
  PackedItem,
  PackedQandaEntry,
  readAnchor,
  readAttribute,
  readEntry,
  readItems,
  readLineClasses,
  readList,
  readProblem,
  readReference,
  readSection,
  readTitle,
  readTrack,
  readWithoutId,
} from './model-decode.js'

type Problem = NoteModel['problems'][number]
type WithoutId = NoteModel['itemsWithoutId'][number]

/**
 * A note model held as its bytes (model-codec.ts), each field decoded the first time it is
 * asked for and kept from then on (docs/adr/0026). Loading 10,000 notes from the scan cache
 * then costs a view of the file's bytes per note, not 300,000 objects; a command that reads only
 * items (practice, replay) never builds the sections, references, anchors or Track entries.
 * Every field reads as the scanned model's (NoteModel); what differs is that the fields are
 * accessors, not own properties: `plainModel` gives the plain object (tests, debugging), and
 * `JSON.stringify` sees that one.
 */
export class PackedNote implements NoteModel {
  readonly path: string
  readonly folder: Intent | null
  /** The model's stored form: what the scan cache writes, and all this object holds until a field is read. */
  readonly bytes: Uint8Array
  #title: string | null | undefined
  #attributes: HeaderAttribute[] | undefined
  #anchors: Anchor[] | undefined
  #sections: Section[] | undefined
  #items: PracticeItem[] | undefined
  #itemsWithoutId: WithoutId[] | undefined
  #dlistEntries: DlistEntry[] | undefined
  #references: Reference[] | undefined
  #track: TrackStatus[] | undefined
  #problems: Problem[] | undefined
  #lineClasses: Uint8Array | undefined

  constructor(path: string, bytes: Uint8Array) {
    this.path = path
    this.bytes = bytes
    this.folder = FOLDERS[bytes[0] ?? 0] ?? null
    // Fields the codec does not know (a newer scanner) are own properties, as the scanner made them.
    if ((bytes[1] ?? 0) & HAS_REST) Object.assign(this, JSON.parse(this.#reader(FIELDS.length).string()))
  }

  #reader(field: number): PoolReader {
    return fieldReader(this.bytes, field)
  }

  /** List field `field`, its rows read by `row`; an empty one without a reader (isEmptyList). */
  #list<T>(field: number, row: (r: PoolReader, index: number) => T): T[] {
    return isEmptyList(this.bytes, field) ? [] : readList(this.#reader(field), row)
  }

  get title(): string | null {
    if (this.#title === undefined) this.#title = readTitle(this.#reader(0))
    return this.#title
  }
  set title(value: string | null) {
    this.#title = value
  }
  get attributes(): HeaderAttribute[] {
    this.#attributes ??= this.#list(1, readAttribute)
    return this.#attributes
  }
  set attributes(value: HeaderAttribute[]) {
    this.#attributes = value
  }
  get anchors(): Anchor[] {
    this.#anchors ??= this.#list(2, readAnchor)
    return this.#anchors
  }
  set anchors(value: Anchor[]) {
    this.#anchors = value
  }
  get sections(): Section[] {
    this.#sections ??= this.#list(3, readSection)
    return this.#sections
  }
  set sections(value: Section[]) {
    this.#sections = value
  }
  get items(): PracticeItem[] {
    this.#items ??= isEmptyList(this.bytes, 4) ? [] : readItems(this.#reader(4), this.path)
    return this.#items
  }
  set items(value: PracticeItem[]) {
    this.#items = value
  }
  get itemsWithoutId(): WithoutId[] {
    this.#itemsWithoutId ??= this.#list(5, readWithoutId)
    return this.#itemsWithoutId
  }
  set itemsWithoutId(value: WithoutId[]) {
    this.#itemsWithoutId = value
  }
  get dlistEntries(): DlistEntry[] {
    this.#dlistEntries ??= this.#list(
      6,
      readEntry(() => this.items),
    )
    return this.#dlistEntries
  }
  set dlistEntries(value: DlistEntry[]) {
    this.#dlistEntries = value
  }
  get references(): Reference[] {
    this.#references ??= this.#list(7, readReference)
    return this.#references
  }
  set references(value: Reference[]) {
    this.#references = value
  }
  get track(): TrackStatus[] {
    this.#track ??= this.#list(
      8,
      readTrack(() => this.sections),
    )
    return this.#track
  }
  set track(value: TrackStatus[]) {
    this.#track = value
  }
  get problems(): Problem[] {
    this.#problems ??= this.#list(9, readProblem)
    return this.#problems
  }
  set problems(value: Problem[]) {
    this.#problems = value
  }
  get lineClasses(): Uint8Array {
    this.#lineClasses ??= readLineClasses(this.#reader(10))
    return this.#lineClasses
  }
  set lineClasses(value: Uint8Array) {
    this.#lineClasses = value
  }

  toJSON(): NoteModel {
    return plainModel(this)
  }
}

/** `model` packed: its bytes, and nothing else until a field is read. */
export function packModel(model: NoteModel): PackedNote {
  return model instanceof PackedNote ? model : new PackedNote(model.path, encodeModel(model))
}

/**
 * A model straight from `scanNote`, packed without checking each row's shape (model-codec.ts,
 * `RowChecks`): what every load does with each note it scans, with a cache or without one.
 */
export function packScanned(model: NoteModel): PackedNote {
  return new PackedNote(model.path, encodeModel(model, 'scanned'))
}

/** The model as a plain object, every field read: what a scan returns. */
export function plainModel(model: NoteModel): NoteModel {
  if (!(model instanceof PackedNote)) return model
  const plain: NoteModel = {
    path: model.path,
    folder: model.folder,
    title: model.title,
    attributes: model.attributes,
    anchors: model.anchors,
    sections: model.sections,
    items: model.items.map(item => (item instanceof PackedItem ? item.toJSON() : item)),
    itemsWithoutId: model.itemsWithoutId,
    dlistEntries: model.dlistEntries.map(entry => (entry instanceof PackedQandaEntry ? entry.toJSON() : entry)),
    references: model.references,
    track: model.track,
    problems: model.problems,
    lineClasses: model.lineClasses,
  }
  for (const key of Object.keys(model))
    if (key !== 'bytes' && !(key in plain))
      Object.assign(plain, { [key]: (model as unknown as Record<string, unknown>)[key] })
  return plain
}
