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
import { PoolReader, u32At } from './byte-io.js'
import { ANCHOR_KINDS, REFERENCE_KINDS } from './model-codec.js'

// Reading one field of a model's bytes (model-codec.ts writes them; packed-model.ts asks).

/** The bytes of field `field` (its index in FIELDS; FIELDS.length: the rest) of a model's bytes. */
export function fieldReader(bytes: Uint8Array, field: number): PoolReader {
  return new PoolReader(bytes, u32At(bytes, 2 + 4 * field), u32At(bytes, 6 + 4 * field))
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
export const readItem = (path: string) => {
  const idPrefix = itemId(path, '')
  return (r: PoolReader): PracticeItem => {
    const own = r.u8() === 1 ? r.string() : null
    const anchor = r.string()
    return { id: own ?? idPrefix + anchor, anchor, prompt: r.string(), response: r.string(), line: r.uint() }
  }
}
export const readWithoutId = (r: PoolReader): { line: number; term: string } => ({ line: r.uint(), term: r.string() })
export const readEntry =
  (items: () => PracticeItem[]) =>
  (r: PoolReader): DlistEntry => {
    if (r.u8() === 0) {
      const item = items()[r.uint()] as PracticeItem
      return { style: 'qanda', term: item.prompt, description: item.response, line: item.line, anchor: item.anchor }
    }
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
  const kind = REFERENCE_KINDS[tag >> 1] ?? 'link'
  return tag & 1
    ? { kind, target: r.string(), line: r.uint(), shorthand: true }
    : { kind, target: r.string(), line: r.uint() }
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
