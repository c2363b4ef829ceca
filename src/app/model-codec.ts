import { itemId } from '../core/corpus.js'
import type {
  Anchor,
  DlistEntry,
  HeaderAttribute,
  NoteModel,
  PracticeItem,
  Reference,
  Section,
  TrackItem,
  TrackStatus,
} from '../core/types.js'

// How the scan cache stores a note model: lists of small objects as lists of tuples (no key
// repeated 30,000 times), and what a model already says written once where it says it twice:
// the description-list entry of a practice item (the item's prompt and response again), the
// Track status of a level-1 section (its title and lines again), an item id made from the path.
// The stored form of 10,000 notes is about half the JSON of the models, and JSON.parse's time
// with it (docs/adr/0022). Each object is checked to have exactly the keys its tuple holds; one
// that has more (a scanner change not yet known here) is stored as written, and so are fields
// of the model this codec does not know, so a model always comes back whole:
// `decodeModel(path, encodeModel(m))` equals `m` (test/app/scan-cache.test.ts, on real AsciiDoc).

/**
 * `[folder, title, attributes, anchors, sections, items, itemsWithoutId, dlistEntries, references,
 * track, problems, lineClasses, rest]`; line classes as runs (`[class, count, class, count, …]`).
 */
export type StoredModel = unknown[]

type Row = Record<string, unknown>

const KNOWN = new Set([
  'path',
  'folder',
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
])

const keyCount = (row: object): number => {
  let count = 0
  for (const key in row) if (Object.hasOwn(row, key)) count++
  return count
}

export function encodeModel(model: NoteModel): StoredModel {
  const { path, items, sections } = model
  const firstLines = new Map<number, number>()
  items.forEach((item, index) => {
    firstLines.set(item.line, index)
  })
  const rest: Row = {}
  for (const [key, value] of Object.entries(model)) if (!KNOWN.has(key)) rest[key] = value
  return [
    model.folder,
    model.title,
    model.attributes.map(a => (keyCount(a) === 3 ? [a.name, a.value, a.line] : a)),
    model.anchors.map(a => (keyCount(a) === 3 ? [a.id, a.line, a.kind] : a)),
    sections.map(s => (keyCount(s) === 5 ? [s.level, s.title, s.id, s.line, s.endLine] : s)),
    items.map(i =>
      keyCount(i) === 5 ? [i.id === itemId(path, i.anchor) ? 0 : i.id, i.anchor, i.prompt, i.response, i.line] : i,
    ),
    model.itemsWithoutId.map(e => (keyCount(e) === 2 ? [e.line, e.term] : e)),
    model.dlistEntries.map(e => {
      const index = firstLines.get(e.line)
      const item = index === undefined ? undefined : items[index]
      if (item && keyCount(e) === 5 && e.style === 'qanda' && e.anchor === item.anchor)
        if (e.term === item.prompt && e.description === item.response) return index
      return keyCount(e) === 5 ? [e.style, e.term, e.description, e.line, e.anchor] : e
    }),
    model.references.map(r => {
      const count = keyCount(r)
      if (count === 3 && r.shorthand === undefined) return [r.kind, r.target, r.line]
      return count === 4 && r.shorthand === true ? [r.kind, r.target, r.line, 1] : r
    }),
    model.track.map(t => {
      if (keyCount(t) !== 4) return t
      const entries = t.items.map(e => (keyCount(e) === 4 ? [e.line, e.endLine, e.text, e.marker] : e))
      const section = sections.findIndex(
        s => s.level === 1 && s.line === t.line && s.title === t.status && s.endLine === t.endLine,
      )
      return section >= 0 ? [section, entries] : [t.status, t.line, t.endLine, entries]
    }),
    model.problems.map(p => (keyCount(p) === 2 ? [p.line, p.message] : p)),
    runsOf(model.lineClasses),
    rest,
  ]
}

const isTuple = Array.isArray

export function decodeModel(path: string, stored: StoredModel): NoteModel {
  const [
    folder,
    title,
    attributes,
    anchors,
    sections,
    items,
    withoutId,
    dlist,
    references,
    track,
    problems,
    runs,
    rest,
  ] = stored as [NoteModel['folder'], string | null, ...unknown[][], Row]
  const sectionList = (sections as unknown[]).map((s): Section => {
    if (!isTuple(s)) return s as Section
    return { level: s[0], title: s[1], id: s[2], line: s[3], endLine: s[4] }
  })
  const itemList = (items as unknown[]).map((i): PracticeItem => {
    if (!isTuple(i)) return i as PracticeItem
    return { id: i[0] === 0 ? itemId(path, i[1]) : i[0], anchor: i[1], prompt: i[2], response: i[3], line: i[4] }
  })
  const model: NoteModel = {
    path,
    folder,
    title,
    attributes: (attributes as unknown[]).map((a): HeaderAttribute => {
      if (!isTuple(a)) return a as HeaderAttribute
      return { name: a[0], value: a[1], line: a[2] }
    }),
    anchors: (anchors as unknown[]).map(
      (a): Anchor => (isTuple(a) ? { id: a[0], line: a[1], kind: a[2] } : (a as Anchor)),
    ),
    sections: sectionList,
    items: itemList,
    itemsWithoutId: (withoutId as unknown[]).map(e =>
      isTuple(e) ? { line: e[0], term: e[1] } : (e as NoteModel['itemsWithoutId'][number]),
    ),
    dlistEntries: (dlist as unknown[]).map((e): DlistEntry => {
      if (typeof e === 'number') {
        const item = itemList[e] as PracticeItem
        return { style: 'qanda', term: item.prompt, description: item.response, line: item.line, anchor: item.anchor }
      }
      if (!isTuple(e)) return e as DlistEntry
      return { style: e[0], term: e[1], description: e[2], line: e[3], anchor: e[4] }
    }),
    references: (references as unknown[]).map((r): Reference => {
      if (!isTuple(r)) return r as Reference
      return r.length === 4
        ? { kind: r[0], target: r[1], line: r[2], shorthand: true }
        : { kind: r[0], target: r[1], line: r[2] }
    }),
    track: (track as unknown[]).map((t): TrackStatus => {
      if (!isTuple(t)) return t as TrackStatus
      const entries = (t[t.length - 1] as unknown[]).map(
        (e): TrackItem => (isTuple(e) ? { line: e[0], endLine: e[1], text: e[2], marker: e[3] } : (e as TrackItem)),
      )
      if (t.length === 2) {
        const section = sectionList[t[0]] as Section
        return { status: section.title, line: section.line, endLine: section.endLine, items: entries }
      }
      return { status: t[0], line: t[1], endLine: t[2], items: entries }
    }),
    problems: (problems as unknown[]).map(p =>
      isTuple(p) ? { line: p[0], message: p[1] } : (p as NoteModel['problems'][number]),
    ),
    lineClasses: bytesOf(runs as number[]),
  }
  return rest === undefined || Object.keys(rest).length === 0 ? model : Object.assign(model, rest)
}

/** A note's line classes as runs: most lines come in long runs of one class (text, a listing). */
function runsOf(bytes: Uint8Array): number[] {
  const runs: number[] = []
  for (let i = 0; i < bytes.length; ) {
    const value = bytes[i] as number
    let end = i + 1
    while (end < bytes.length && bytes[end] === value) end++
    runs.push(value, end - i)
    i = end
  }
  return runs
}

function bytesOf(runs: readonly number[]): Uint8Array {
  let length = 0
  for (let i = 1; i < runs.length; i += 2) length += runs[i] as number
  const bytes = new Uint8Array(length)
  for (let i = 0, at = 0; i < runs.length; i += 2) {
    const count = runs[i + 1] as number
    bytes.fill(runs[i] as number, at, at + count)
    at += count
  }
  return bytes
}
