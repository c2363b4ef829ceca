// The parts of a NoteModel both readings make the same way from what they found (scan.ts's full
// walker and simple-note.ts's simple path): sections with their ends, the track statuses,
// description list entries and the items among them, reference targets with their attributes.

import { itemId } from '../corpus.js'
import type { DlistEntry, Intent, NoteModel, PracticeItem, Reference, Section, TrackStatus } from '../types.js'
import { defaultAttributes, substituteReferences } from './document-attributes.js'
import type { RawDlistEntry, RawSection, Sink, TopLevelListItem } from './sink.js'
import { LEADING_INLINE_ANCHOR } from './syntax.js'

/** The file name without `.adoc`, as Asciidoctor's `docname`. */
export function docnameOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return name.endsWith('.adoc') ? name.slice(0, -5) : name
}

/** Sections with where each ends: before the next one at its level or above, else at the note's end. */
export function sectionsOf(raw: readonly RawSection[], lineCount: number): Section[] {
  return raw.map((section, index) => {
    let endLine = lineCount
    for (let later = index + 1; later < raw.length; later++) {
      const next = raw[later] as RawSection
      if (next.level <= section.level) {
        endLine = next.firstLine - 1
        break
      }
    }
    return {
      level: section.level,
      title: section.title,
      id: section.id,
      line: section.line,
      endLine: Math.max(endLine, section.line),
    }
  })
}

/** Every level-1 section with the top-level list items inside it (SPEC 1.3). */
export function trackOf(sections: readonly Section[], topLevelItems: readonly TopLevelListItem[]): TrackStatus[] {
  return sections
    .filter(section => section.level === 1)
    .map(section => ({
      status: section.title,
      line: section.line,
      endLine: section.endLine,
      items: topLevelItems
        .filter(item => item.line > section.line && item.line <= section.endLine)
        .map(item => ({
          line: item.line,
          endLine: item.endLine,
          text: item.text,
          marker: item.marker,
        })),
    }))
}

function termWithoutAnchor(term: string): string {
  const anchor = LEADING_INLINE_ANCHOR.exec(term)
  return (anchor ? term.slice(anchor[0].length) : term).trim()
}

/** The description list entries, and the practice items among them (`[qanda]` under internalise/, SPEC 1.2). */
export function entriesAndItems(
  path: string,
  folder: Intent | null,
  raw: readonly RawDlistEntry[],
): Pick<NoteModel, 'dlistEntries' | 'items' | 'itemsWithoutId'> {
  const items: PracticeItem[] = []
  const itemsWithoutId: NoteModel['itemsWithoutId'] = []
  // Each term once without its anchor: an item's prompt is its entry's term.
  const dlistEntries: DlistEntry[] = raw.map(entry => ({
    style: entry.style,
    term: termWithoutAnchor(entry.term),
    description: entry.description,
    line: entry.termLine,
    anchor: entry.anchor,
  }))
  raw.forEach((entry, index) => {
    if (folder !== 'internalise' || entry.style !== 'qanda') return
    const own = dlistEntries[index]
    if (own === undefined) return
    if (own.anchor === null) itemsWithoutId.push({ line: own.line, term: entry.term.trim() })
    // The entry's own strings: an item and its entry hold one copy of the term and description.
    else
      items.push({
        id: itemId(path, own.anchor),
        anchor: own.anchor,
        prompt: own.term,
        response: own.description,
        line: own.line,
      })
  })
  return { dlistEntries, items, itemsWithoutId }
}

/**
 * Reference targets with their `{name}` references substituted as Asciidoctor does, from the
 * attributes the note defines above the reference's line (header and body entries, built-ins);
 * an unknown one stays as written. `:d: sub` then `include::{d}/x.adoc[]` targets `sub/x.adoc`.
 */
export function substituteTargets(
  references: Reference[],
  attributeLog: Sink['attributeLog'],
  docname: string,
  headerAttributes: NoteModel['attributes'],
): Reference[] {
  // An image reads the `:imagesdir:` in force at its line, which the body may set again.
  const headerImagesdir = headerAttributes.find(attribute => attribute.name === 'imagesdir')?.value ?? ''
  const imagesdirMoves = attributeLog.some(entry => entry.name === 'imagesdir' && entry.value !== headerImagesdir)
  if (!imagesdirMoves && !references.some(ref => ref.target.includes('{'))) return references
  const attributes = defaultAttributes(docname)
  let applied = 0
  return references.map(ref => {
    for (let entry = attributeLog[applied]; entry && entry.line < ref.line; entry = attributeLog[++applied]) {
      if (entry.value === null) attributes.delete(entry.name)
      else attributes.set(entry.name, entry.value)
    }
    if (imagesdirMoves && ref.kind === 'image') {
      const imagesdir = attributes.get('imagesdir') ?? ''
      if (imagesdir !== headerImagesdir) ref = { ...ref, imagesdir }
    }
    if (!ref.target.includes('{')) return ref
    // A `{counter:x}` in a target counts on a copy: it must not move the note's counters.
    const own = ref.target.includes('{counter') ? new Map(attributes) : attributes
    const target = substituteReferences(ref.target, own, 'skip')
    return target === ref.target ? ref : { ...ref, target }
  })
}
