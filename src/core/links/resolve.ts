import type { NoteModel, Reference } from '../types.js'
import { folderOf, joinInsideCorpus } from './paths.js'

/** What the corpus offers as targets: every file, and per `.adoc` file its ids and section titles. */
export interface TargetIndex {
  files: ReadonlySet<string>
  /** Every folder that holds a file of the corpus (`reference/examples`): a link may name one. */
  folders: ReadonlySet<string>
  /** Explicit ids, auto-generated section ids and item anchors of each scanned `.adoc` file. */
  ids: ReadonlyMap<string, ReadonlySet<string>>
  /** Section title (as written, `&amp;` read as `&`) -> section id, for natural xrefs (`<<Section Title>>`). */
  titles: ReadonlyMap<string, ReadonlyMap<string, string>>
  /**
   * What the listing saw but did not read (a named pipe, a link it does not follow), notes and
   * other files alike (Corpus.notRead): path -> why. A link there names something that exists.
   */
  notRead: ReadonlyMap<string, string>
}

export type Resolution =
  | { ok: true; file: string; anchor: string | null }
  | { ok: false; missing: 'file' | 'anchor'; file?: string; hint?: string; notRead?: string }
  | { external: true; url: string }
  /** An Antora resource id (`module:page.adoc`, `partial$x.adoc`): only a site generator knows
   *  its components and modules, so no plain AsciiDoc tool, Notekeeper included, can check it. */
  | { unverifiable: true; reason: string }

export function buildTargetIndex(
  files: readonly string[],
  notes: readonly NoteModel[],
  notRead: ReadonlyMap<string, string> = new Map(),
): TargetIndex {
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
      const key = titleKey(section.title)
      if (!noteTitles.has(key)) noteTitles.set(key, section.id)
    }
    ids.set(note.path, noteIds)
    titles.set(note.path, noteTitles)
  }
  const all = new Set([...files, ...notes.map(note => note.path)])
  const folders = new Set<string>()
  for (const file of all) {
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      const folder = file.slice(0, slash)
      if (folders.has(folder)) break
      folders.add(folder)
    }
  }
  return { files: all, folders, ids, titles, notRead }
}

/**
 * A title as a natural xref matches it: Asciidoctor compares both after its special characters
 * and replacements, where `&` and `&amp;` become one (`<<Rock & Roll>>` finds `== Rock &amp; Roll`).
 */
function titleKey(title: string): string {
  return title.includes('&amp;') ? title.replaceAll('&amp;', '&') : title
}

/** Why `file` is not read although the listing saw it, or a folder it lies in; null when nothing says so. */
function whyNotRead(file: string, index: TargetIndex): string | null {
  const own = index.notRead.get(file)
  if (own !== undefined) return own
  for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
    const folder = file.slice(0, slash)
    const reason = index.notRead.get(folder)
    if (reason !== undefined) return `${folder} is ${reason}`
  }
  return null
}

// A URL, as opposed to a path: `scheme://...` or one of the schemes written without slashes
// (`mailto:`, `irc:`, `view-source:`, ...). Deliberately narrower than "anything with a colon":
// `<<Note: Title>>` is a natural xref and `module:page.adoc` an Antora resource id.
const URL_PATTERN =
  /^(?:[a-z][a-z0-9+.-]*:\/\/|(?:mailto|data|tel|irc|ircs|urn|view-source|javascript|about|news|nntp|callto|sms|xmpp|magnet|geo|skype|slack|git|ssh|file|ftp):)/i

// Antora's resource ids: `[version@][[component:]module:][family$]path`. A family (`page$`,
// `partial$`, `example$`, `image$`, `attachment$`) or a `name:` coordinate before the path is
// what no folder-relative path holds; names are Antora's (letters, digits, `_`, `-`, `.`).
const ANTORA_NAME = String.raw`[\w][\w.-]*`
// `component:module:`, `component::` (the component's ROOT module) or `module:`.
const ANTORA_COORDINATES = `(?:${ANTORA_NAME}:(?:${ANTORA_NAME})?:|${ANTORA_NAME}:)`
const ANTORA_RESOURCE_ID = new RegExp(
  String.raw`^(?:${ANTORA_NAME}@)?(?:${ANTORA_COORDINATES}?(?:page|partial|example|image|attachment)\$[^\s$]+|${ANTORA_COORDINATES}[^\s:$/\\][^\s:$]*\.adoc(?:#\S*)?|${ANTORA_NAME}@${ANTORA_COORDINATES}?[^\s:$/\\][^\s:$]*\.adoc(?:#\S*)?)$`,
)

/** Whether a target is an Antora resource id rather than a path (SPEC 2.1). */
export function isAntoraResourceId(target: string): boolean {
  return (target.includes('$') || target.includes(':') || target.includes('@')) && ANTORA_RESOURCE_ID.test(target)
}

/**
 * Resolves one reference written in `from` the way Asciidoctor would (substitutors.js, xref
 * macros), then checks the result against the corpus. The two forms of an xref differ for a
 * target without `#`: `xref:other.adoc[]` is a document, `<<other.adoc>>` (and
 * `<<other.adoc,Other>>`) an id `other.adoc`, which Asciidoctor links to nothing.
 */
export function resolveReference(from: NoteModel, ref: Reference, index: TargetIndex): Resolution {
  const target = substituteAttributes(ref.target.trim(), from)
  if (isAntoraResourceId(target)) return { unverifiable: true, reason: 'an Antora resource id' }
  if (URL_PATTERN.test(target)) return { external: true, url: target }
  switch (ref.kind) {
    case 'xref':
      return ref.shorthand ? resolveShorthand(from, target, index) : resolveXref(from, target, index)
    case 'image': {
      const imagesdir = ref.imagesdir ?? substituteAttributes(attributeOf(from, 'imagesdir') ?? '', from)
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
      const resolved = resolveFile(from, decodePath(path), index)
      // A link to a folder (`link:examples/[]`) leads somewhere a browser or a file manager opens.
      if ('ok' in resolved && !resolved.ok && resolved.file !== undefined && index.folders.has(resolved.file))
        return { ok: true, file: resolved.file, anchor: null }
      return resolved
    }
  }
}

/** `<<target>>`: with a `#` as the macro; without one, always an id of this note (or its title). */
function resolveShorthand(from: NoteModel, target: string, index: TargetIndex): Resolution {
  if (target.includes('#')) return resolveXref(from, target, index)
  const resolved = resolveId(from.path, target, index, true)
  // The hint only where such a file exists: a dotted id (`<<settings.jndi.class>>`) is no file,
  // and the advice would make a link to nothing.
  if (
    'ok' in resolved &&
    !resolved.ok &&
    hasExtension(target) &&
    !target.includes(' ') &&
    isFile(from, target, index)
  ) {
    const hint = `<<${target}>> names an id, not a file: write xref:${target}[] or <<${target}#,text>>`
    return { ...resolved, hint }
  }
  return resolved
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
    const id = index.titles.get(file)?.get(titleKey(fragment))
    if (id !== undefined) return { ok: true, file, anchor: id }
  }
  return { ok: false, missing: 'anchor', file }
}

function isFile(from: NoteModel, relative: string, index: TargetIndex): boolean {
  const resolved = resolveFile(from, relative, index)
  return 'ok' in resolved && resolved.ok
}

function resolveFile(from: NoteModel, relative: string, index: TargetIndex): Resolution {
  const file = joinInsideCorpus(folderOf(from.path), relative)
  if (file === null) return { ok: false, missing: 'file' }
  if (index.files.has(file)) return { ok: true, file, anchor: null }
  const notRead = whyNotRead(file, index)
  return notRead === null ? { ok: false, missing: 'file', file } : { ok: false, missing: 'file', file, notRead }
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
