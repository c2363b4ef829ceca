import type { NoteModel, Reference } from '../types.js'
import { folderOf, joinInsideCorpus } from './paths.js'

/** What the corpus offers as targets: every file, and per `.adoc` file its ids and section titles. */
export interface TargetIndex {
  files: ReadonlySet<string>
  /** Explicit ids, auto-generated section ids and item anchors of each scanned `.adoc` file. */
  ids: ReadonlyMap<string, ReadonlySet<string>>
  /** Section title as written -> section id, for natural xrefs (`<<Section Title>>`). */
  titles: ReadonlyMap<string, ReadonlyMap<string, string>>
}

export type Resolution =
  | { ok: true; file: string; anchor: string | null }
  | { ok: false; missing: 'file' | 'anchor'; file?: string }
  | { external: true; url: string }

export function buildTargetIndex(files: readonly string[], notes: readonly NoteModel[]): TargetIndex {
  const ids = new Map<string, Set<string>>()
  const titles = new Map<string, Map<string, string>>()
  for (const note of notes) {
    const noteIds = new Set<string>()
    for (const anchor of note.anchors) noteIds.add(anchor.id)
    for (const item of note.items) noteIds.add(item.anchor)
    for (const entry of note.dlistEntries) if (entry.anchor !== null) noteIds.add(entry.anchor)
    const noteTitles = new Map<string, string>()
    for (const section of note.sections) {
      noteIds.add(section.id)
      // The first section with a title wins, as in Asciidoctor's reftext map.
      if (!noteTitles.has(section.title)) noteTitles.set(section.title, section.id)
    }
    ids.set(note.path, noteIds)
    titles.set(note.path, noteTitles)
  }
  return { files: new Set([...files, ...notes.map(note => note.path)]), ids, titles }
}

// A URL, as opposed to a path: `scheme://...` or one of the schemes written without slashes.
// Deliberately narrower than "anything with a colon": `<<Note: Title>>` is a natural xref.
const URL_PATTERN = /^(?:[a-z][a-z0-9+.-]*:\/\/|(?:mailto|data|tel|irc|urn):)/i

/**
 * Resolves one reference written in `from` the way Asciidoctor would (substitutors.js, xref
 * macros), then checks the result against the corpus. The reference does not tell whether
 * an xref was written as a macro or in the `<<...>>` form; the two only differ for a target
 * without `#` that names a file (`<<other.adoc>>` is an id for Asciidoctor, `xref:other.adoc[]`
 * a document), and we follow the macro reading, the one a writer means.
 */
export function resolveReference(from: NoteModel, ref: Reference, index: TargetIndex): Resolution {
  const target = substituteAttributes(ref.target.trim(), from)
  if (URL_PATTERN.test(target)) return { external: true, url: target }
  switch (ref.kind) {
    case 'xref':
      return resolveXref(from, target, index)
    case 'image': {
      const imagesdir = substituteAttributes(attributeOf(from, 'imagesdir') ?? '', from)
      if (URL_PATTERN.test(imagesdir)) return { external: true, url: `${imagesdir.replace(/\/$/, '')}/${target}` }
      // An absolute target ignores :imagesdir:, as in Asciidoctor (and is then outside the corpus).
      const absolute = /^([\\/]|[A-Za-z]:[\\/])/.test(target)
      return resolveFile(from, imagesdir === '' || absolute ? target : `${imagesdir}/${target}`, index)
    }
    case 'include':
      return resolveFile(from, target, index)
    case 'link': {
      const hash = target.indexOf('#')
      const path = (hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, '')
      const fragment = hash < 0 ? '' : target.slice(hash + 1)
      if (path === '')
        return fragment === ''
          ? { ok: true, file: from.path, anchor: null }
          : resolveId(from.path, fragment, index, false)
      return resolveFile(from, decodePath(path), index)
    }
  }
}

function resolveXref(from: NoteModel, target: string, index: TargetIndex): Resolution {
  const hash = target.indexOf('#')
  if (hash === 0) return resolveId(from.path, target.slice(1), index, true)
  if (hash > 0 && target[hash - 1] !== '&') {
    const path = target.slice(0, hash)
    const fragment = target.slice(hash + 1)
    const file = hasExtension(path) ? path : `${path}.adoc`
    const resolved = resolveFile(from, file, index)
    if (!('ok' in resolved) || !resolved.ok || fragment === '') return resolved
    // Only AsciiDoc documents have ids we know; a fragment into another kind of file is trusted.
    if (!index.ids.has(resolved.file)) return resolved
    return resolveId(resolved.file, fragment, index, false)
  }
  if (target.endsWith('.adoc') || (hasExtension(target) && !target.includes(' ')))
    return resolveFile(from, target, index)
  return resolveId(from.path, target, index, true)
}

/**
 * An id of `file`. Inside the note itself Asciidoctor also accepts a section title when the
 * text has a space or a capital letter (its natural xrefs); across documents it never does.
 */
function resolveId(file: string, fragment: string, index: TargetIndex, natural: boolean): Resolution {
  if (index.ids.get(file)?.has(fragment)) return { ok: true, file, anchor: fragment }
  if (natural && (fragment.includes(' ') || fragment.toLowerCase() !== fragment)) {
    const id = index.titles.get(file)?.get(fragment)
    if (id !== undefined) return { ok: true, file, anchor: id }
  }
  return { ok: false, missing: 'anchor', file }
}

function resolveFile(from: NoteModel, relative: string, index: TargetIndex): Resolution {
  const file = joinInsideCorpus(folderOf(from.path), relative)
  if (file === null) return { ok: false, missing: 'file' }
  return index.files.has(file) ? { ok: true, file, anchor: null } : { ok: false, missing: 'file', file }
}

/** Asciidoctor's `isExtname`: a dot in the last segment. `other` means `other.adoc`, `a.pdf` stays. */
function hasExtension(path: string): boolean {
  const dot = path.lastIndexOf('.')
  return dot >= 0 && path.indexOf('/', dot) < 0
}

function attributeOf(note: NoteModel, name: string): string | undefined {
  return note.attributes.find(attribute => attribute.name === name)?.value
}

/** `{name}` references to the note's header attributes; unknown ones stay as written. */
function substituteAttributes(text: string, note: NoteModel): string {
  if (!text.includes('{')) return text
  return text.replace(/\{([\w-]+)\}/g, (whole, name: string) => attributeOf(note, name) ?? whole)
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
