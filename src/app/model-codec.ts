import { itemId } from '../core/corpus.js'
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
import { ByteWriter, isCount } from './byte-io.js'
import { PoolWriter } from './byte-pool.js'

// A note model as bytes (docs/adr/0026), the form the scan cache stores and a packed model
// (packed-model.ts) keeps in memory. `[folder, flags]`, a table of where each field starts, then
// the fields, so that one field is read without the others. A list is a mode byte, then either
// (0) its count and one tuple per row, or (1) its JSON as written: a row with a key this codec
// does not know, or a value not of its type, is kept, never dropped. What a model says twice is
// written once: a practice item's description-list entry (the item's index), a level-1 section's
// Track status (the section's index), an item id made from its path and anchor (no id).
// `decode(encode(m))` equals `m` (test/app/model-codec.test.ts, and on real AsciiDoc).

export const FIELDS = [
  'title',
  'attributes',
  'anchors',
  'sections',
  'items',
  'itemsWithoutId',
  'dlistEntries',
  'references',
  'track',
  'problems',
  'lineClasses',
] as const
export type Field = (typeof FIELDS)[number]

const KNOWN = new Set<string>(['path', 'folder', ...FIELDS])
export const FOLDERS: readonly (Intent | null)[] = [null, 'internalise', 'reference', 'track']
export const ANCHOR_KINDS: readonly Anchor['kind'][] = ['inline', 'block', 'section']
export const REFERENCE_KINDS: readonly Reference['kind'][] = ['xref', 'link', 'image', 'include']
/** Bit 0 of the flags byte: the model has fields this codec does not know, stored as JSON after the known ones. */
export const HAS_REST = 1

type Row = Record<string, unknown>
const keyCount = (row: object): number => {
  let count = 0
  for (const key in row) if (Object.hasOwn(row, key)) count++
  return count
}
const isText = (value: unknown): value is string => typeof value === 'string'
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string'

// One writer for every model (an encoding never waits, so two never overlap): a load's 10,000
// encodings then make no garbage but the models' own bytes.
const OUT = new ByteWriter()

/**
 * Where the models' bytes go: views of shared blocks of SLAB_BYTES, not an array each. 10,000
 * arrays of 2 KB were 10,000 allocations outside the heap, each with its own bookkeeping, mixed
 * with the reads' short-lived buffers; a block is one allocation, kept while a model in it lives.
 * A model is encoded straight into the block (`start`, then `keep`), not copied there: the copy
 * was a fifth of an encoding.
 */
const SLAB_BYTES = 256 * 1024
/** Less room than this left in a block, and a model starts in a new one (most models are 1-4 KB). */
const SLAB_ROOM = 8 * 1024
class Slab {
  private block = new Uint8Array(0)
  private at = 0
  /** Points `out` at the room left in the current block (a new block when little is left); returns where the model starts. */
  start(out: ByteWriter): number {
    if (this.block.length - this.at < SLAB_ROOM) {
      this.block = new Uint8Array(SLAB_BYTES)
      this.at = 0
    }
    out.over(this.block, this.at)
    return this.at
  }
  /** The model `out` wrote from `base` on, as a view kept in its block. */
  keep(out: ByteWriter, base: number): Uint8Array {
    const end = out.at
    if (out.bytes !== this.block) {
      // The model ran past its block's end, so the writer went on in a larger copy: a large
      // model keeps an array of its own (a block never wastes more than a quarter), another
      // goes into a new block.
      const length = end - base
      if (length > SLAB_BYTES / 4) return out.bytes.slice(base, end)
      this.block = new Uint8Array(SLAB_BYTES)
      this.block.set(out.bytes.subarray(base, end))
      this.at = (length + 7) & ~7
      return this.block.subarray(0, length)
    }
    // Each view starts on a multiple of 8, as an array of its own would.
    this.at = Math.min((end + 7) & ~7, this.block.length)
    return this.block.subarray(base, end)
  }
}
const SLAB = new Slab()
const field = new PoolWriter(new ByteWriter())

/**
 * How far `encodeModel` checks each row's shape: `checked`, every row (a model from anywhere: a
 * row that does not fit goes as JSON); `scanned`, none, for a model straight from `scanNote`,
 * whose rows have the types' shapes by construction. The row checks are half the cost of an
 * encoding, and every load encodes every note it scans; test/app/model-codec.test.ts and the
 * real-corpus round trip (test/app/scan-cache.test.ts) fail if a scanned row stops fitting.
 */
export type RowChecks = 'checked' | 'scanned'

export function encodeModel(model: NoteModel, rowChecks: RowChecks = 'checked'): Uint8Array {
  const trusted = rowChecks === 'scanned'
  const out = OUT
  const base = SLAB.start(out)
  field.parts.length = 0
  field.rows.at = 0
  const rest: Row = {}
  for (const key of Object.keys(model)) if (!KNOWN.has(key)) rest[key] = (model as unknown as Row)[key]
  const hasRest = Object.keys(rest).length > 0
  const folder = FOLDERS.indexOf(model.folder)
  out.u8(Math.max(folder, 0))
  out.u8(hasRest || folder < 0 ? HAS_REST : 0)
  if (folder < 0) rest['folder'] = model.folder
  const { items, sections } = model
  // Where each field starts (then where the rest starts, and the end), as 32-bit offsets after
  // the two leading bytes, so that a packed model finds a field without reading the others.
  const table = out.at
  for (let i = 0; i < 4 * (FIELDS.length + 2); i++) out.u8(0)
  let next = 0
  const put = (write: (w: PoolWriter) => void): void => {
    out.setU32(table + 4 * next++, out.at - base)
    write(field)
    field.flush(out)
  }
  put(w => {
    if (isTextOrNull(model.title)) w.stringOrNull(model.title)
    else {
      w.u8(2)
      w.string(JSON.stringify(model.title))
    }
  })
  put(w =>
    list(
      trusted,
      w,
      model.attributes,
      3,
      a => isText(a.name) && isText(a.value) && isCount(a.line),
      (a: HeaderAttribute) => {
        w.string(a.name)
        w.string(a.value)
        w.uint(a.line)
      },
    ),
  )
  put(w =>
    list(
      trusted,
      w,
      model.anchors,
      3,
      a => isText(a.id) && isCount(a.line) && ANCHOR_KINDS.includes(a.kind),
      (a: Anchor) => {
        w.string(a.id)
        w.uint(a.line)
        w.u8(ANCHOR_KINDS.indexOf(a.kind))
      },
    ),
  )
  put(w =>
    list(trusted, w, sections, 5, isPlainSection, (s: Section) => {
      w.uint(s.level)
      w.string(s.title)
      w.string(s.id)
      w.uint(s.line)
      w.uint(s.endLine)
    }),
  )
  const itemAt = new Map<number, number>()
  // An id is most often the note's prefix and its anchor (core/corpus.ts itemId): then not stored.
  const idPrefix = itemId(model.path, '')
  put(w =>
    list(
      trusted,
      w,
      items,
      5,
      i => isText(i.id) && isText(i.anchor) && isText(i.prompt) && isText(i.response) && isCount(i.line),
      (i: PracticeItem, index) => {
        itemAt.set(i.line, index)
        const derived = i.id === idPrefix + i.anchor
        w.u8(derived ? 0 : 1)
        if (!derived) w.string(i.id)
        w.string(i.anchor)
        w.uint(i.line)
      },
      // Prompts and responses after the rows, each a string of its own, not in the pool: a
      // packed item reads its text when it is asked for (model-decode.ts, PackedItem).
      () => {
        for (const i of items) {
          w.rows.string(i.prompt)
          w.rows.string(i.response)
        }
      },
    ),
  )
  put(w =>
    list(
      trusted,
      w,
      model.itemsWithoutId,
      2,
      e => isCount(e.line) && isText(e.term),
      e => {
        w.uint(e.line)
        w.string(e.term)
      },
    ),
  )
  put(w =>
    list(trusted, w, model.dlistEntries, 5, isPlainEntry, (e: DlistEntry) => {
      const index = itemAt.get(e.line)
      const item = index === undefined ? undefined : items[index]
      if (item && index !== undefined && e.style === 'qanda' && e.anchor === item.anchor)
        if (e.term === item.prompt && e.description === item.response) {
          w.u8(0)
          w.uint(index)
          return
        }
      w.u8(1)
      w.stringOrNull(e.style)
      w.string(e.term)
      w.string(e.description)
      w.uint(e.line)
      w.stringOrNull(e.anchor)
    }),
  )
  put(w =>
    list(trusted, w, model.references, -1, isPlainReference, (r: Reference) => {
      // The low bit: `<<target>>` for an xref, `opts=optional` for an include (one is never the
      // other); bit 3: an image's own `:imagesdir:`, written after the line.
      const flag = r.shorthand === true || r.optional === true ? 1 : 0
      w.u8(REFERENCE_KINDS.indexOf(r.kind) * 2 + flag + (r.imagesdir === undefined ? 0 : 8))
      w.string(r.target)
      w.uint(r.line)
      if (r.imagesdir !== undefined) w.string(r.imagesdir)
    }),
  )
  put(w =>
    list(trusted, w, model.track, 4, isPlainTrack, (t: TrackStatus) => {
      const section = sections.findIndex(
        s => s.level === 1 && s.line === t.line && s.title === t.status && s.endLine === t.endLine,
      )
      if (section >= 0) {
        w.u8(0)
        w.uint(section)
      } else {
        w.u8(1)
        w.string(t.status)
        w.uint(t.line)
        w.uint(t.endLine)
      }
      w.uint(t.items.length)
      for (const e of t.items) {
        w.uint(e.line)
        w.uint(e.endLine)
        w.string(e.text)
        w.string(e.marker)
      }
    }),
  )
  put(w =>
    list(
      trusted,
      w,
      model.problems,
      2,
      p => isCount(p.line) && isText(p.message),
      p => {
        w.uint(p.line)
        w.string(p.message)
      },
    ),
  )
  put(w => lineClasses(w, model.lineClasses))
  put(w => {
    if (hasRest || folder < 0) w.string(JSON.stringify(rest))
  })
  out.setU32(table + 4 * next, out.at - base)
  return SLAB.keep(out, base)
}

/** Mode 0 and one tuple per row when every row has exactly `keys` keys of the right types (-1: any count `fits` allows); else mode 1, JSON. */
function list<T extends object>(
  trusted: boolean,
  w: PoolWriter,
  rows: readonly T[],
  keys: number,
  fits: (row: T) => boolean,
  write: (row: T, index: number) => void,
  after?: () => void,
): void {
  // The types say what a scanner makes; the checks are for what it may make one day.
  const fitting = (row: unknown): boolean => isObject(row) && (keys < 0 || keyCount(row) === keys) && fits(row as T)
  if (trusted || (Array.isArray(rows) && rows.every(fitting))) {
    w.u8(0)
    w.uint(rows.length)
    rows.forEach(write)
    after?.()
  } else {
    w.u8(1)
    w.string(JSON.stringify(rows))
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

const isPlainSection = (s: Section): boolean =>
  isCount(s.level) && isText(s.title) && isText(s.id) && isCount(s.line) && isCount(s.endLine)
const isPlainEntry = (e: DlistEntry): boolean =>
  isTextOrNull(e.style) && isText(e.term) && isText(e.description) && isCount(e.line) && isTextOrNull(e.anchor)
const isPlainReference = (r: Reference): boolean =>
  keyCount(r) === 3 + (r.shorthand === true || r.optional === true ? 1 : 0) + (r.imagesdir === undefined ? 0 : 1) &&
  (r.imagesdir === undefined ? !('imagesdir' in r) : r.kind === 'image' && isText(r.imagesdir)) &&
  (r.shorthand === true ? r.kind === 'xref' : !('shorthand' in r)) &&
  (r.optional === true ? r.kind === 'include' : !('optional' in r)) &&
  REFERENCE_KINDS.includes(r.kind) &&
  isText(r.target) &&
  isCount(r.line)
const isPlainTrack = (t: TrackStatus): boolean =>
  isText(t.status) &&
  isCount(t.line) &&
  isCount(t.endLine) &&
  Array.isArray(t.items) &&
  t.items.every(
    e =>
      isObject(e) && keyCount(e) === 4 && isCount(e.line) && isCount(e.endLine) && isText(e.text) && isText(e.marker),
  )

/** Line classes as runs (`count, value`): most lines come in long runs of one class (text, a listing). */
function lineClasses(w: PoolWriter, bytes: unknown): void {
  if (!(bytes instanceof Uint8Array) || bytes.constructor !== Uint8Array) {
    w.u8(1)
    w.string(JSON.stringify(bytes))
    return
  }
  w.u8(0)
  w.uint(bytes.length)
  for (let i = 0; i < bytes.length; ) {
    const value = bytes[i] as number
    let end = i + 1
    while (end < bytes.length && bytes[end] === value) end++
    w.uint(end - i)
    w.u8(value)
    i = end
  }
}
