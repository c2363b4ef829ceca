// Where the scanner and Asciidoctor 4.1 disagree on one file, as a list of kinds with a detail each.
// The real-corpus differential test counts files with no disagreement; unlike differential.test.ts
// (fixtures, every fact must agree) it compares what the index is built from: the header (title and
// attributes), the ids, the sections and the items (description list entries and Track items).

import { scanNote } from '../../src/core/asciidoc/scan.js'
import type { NoteModel, TrackStatus } from '../../src/core/types.js'
import type { AsciidoctorView } from './asciidoctor-view.js'

export type DisagreementKind = 'title' | 'attributes' | 'sections' | 'ids' | 'dlist-entries' | 'track-items'

export interface Disagreement {
  kind: DisagreementKind
  detail: string
}

const decode = (value: string): string =>
  value.replace(/&(amp|lt|gt);/g, (_m, entity: string) => ({ amp: '&', lt: '<', gt: '>' })[entity] ?? '')

/** The first element that differs between two lists, for a readable detail. */
function firstDifference<T>(a: readonly T[], b: readonly T[], show: (x: T | undefined) => string): string | null {
  const length = Math.max(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const left = show(a[i])
    const right = show(b[i])
    if (left !== right) return `scanner ${left}, Asciidoctor ${right}`
  }
  return null
}

/**
 * Attributes Asciidoctor derives from others or stores transformed, which the scanner does not
 * model because nothing in the index reads them: author and e-mail lists from the author line,
 * backend/doctype flags, the table of contents switch (`:toc: macro` is stored as `toc` = "" and
 * `toc-placement` = "macro", `toc-class`, `toc2`), the manpage names taken from its title, the
 * backend (set by the API, not the note), and the two that Asciidoctor.js 4.1 never stores from a
 * note in secure mode (`:icons: font` and `:source-highlighter: x` leave them unset).
 */
const DERIVED =
  /^(?:(?:author|email|firstname|middlename|lastname|authorinitials)_\d+|backend.*|basebackend.*|doctype-.*|filetype.*|outfilesuffix|htmlsyntax|toc|toc2|toc-placement|toc-position|toc-class|icons|iconsdir|source-highlighter|man(?:volnum|name|purpose|source|manual)|mantitle|reftext|role)$/
export const isDerivedAttribute = (name: string): boolean => DERIVED.test(name)

/** Values built from the clock or the author line, which a pure core does not know. */
const FROM_CLOCK_OR_AUTHOR =
  /\{(?:local|doc)(?:date|time|datetime|year)\}|\{(?:author|email|firstname|lastname|revnumber|revdate)\}/

function attributeDisagreement(model: NoteModel, view: AsciidoctorView): string | null {
  const scanned = new Map(model.attributes.map(a => [a.name, a.value]))
  for (const [name, value] of scanned) {
    if (DERIVED.test(name) || FROM_CLOCK_OR_AUTHOR.test(value)) continue
    const theirs = view.allAttributes[name]
    if (theirs === undefined || decode(theirs) !== value)
      return `${name}: scanner ${JSON.stringify(value)}, Asciidoctor ${JSON.stringify(theirs)}`
  }
  for (const [name, value] of Object.entries(view.attributes)) {
    if (DERIVED.test(name) || scanned.has(name)) continue
    return `${name}: scanner unset, Asciidoctor ${JSON.stringify(value)}`
  }
  return null
}

/**
 * Asciidoctor.js 4.1 misnumbers lines after some preprocessor directives (see DIFFERENCES in
 * differential.test.ts): a kept single-line `ifdef::x[text]` counts one line too many for the
 * rest of the file, and a list item followed by an excluded region is numbered after that region.
 * So, in a note with directives, a line is taken as agreeing when Asciidoctor's is later by a
 * shift that never shrinks down the file, or when the source lines between the two hold a
 * directive; every other fact (level, title, id, style, anchor) must still be equal.
 */
function sameLines(scanner: number[], theirs: number[], source: string[]): boolean {
  if (scanner.length !== theirs.length) return false
  const hasDirectives = source.some(line => DIRECTIVE.test(line))
  let shift = 0
  for (let i = 0; i < scanner.length; i++) {
    const ours = scanner[i] as number
    const delta = (theirs[i] as number) - ours
    if (delta === shift) continue
    if (!hasDirectives || delta < 0) return false
    if (source.slice(ours, ours + delta).some(line => DIRECTIVE.test(line))) continue
    if (delta < shift) return false
    shift = delta
  }
  return true
}

const DIRECTIVE = /^(?:ifn?def|ifeval|endif)::/

/**
 * The model's track sections, as the scanner reads them for a note under `track/`: the scanner
 * fills `track` for those notes only, and the comparison with Asciidoctor checks them on every
 * note, so another note's text is scanned once more under a `track/` path (same file name, so
 * the same `docname`).
 */
export function trackOf(model: NoteModel, text: string): TrackStatus[] {
  return model.folder === 'track' ? model.track : scanNote(`track/${model.path}`, text).track
}

export function disagreements(model: NoteModel, view: AsciidoctorView, text: string): Disagreement[] {
  const found: Disagreement[] = []
  const source = text.split(/\r?\n/)
  if (model.title !== view.title)
    found.push({
      kind: 'title',
      detail: `scanner ${JSON.stringify(model.title)}, Asciidoctor ${JSON.stringify(view.title)}`,
    })

  const attributes = attributeDisagreement(model, view)
  if (attributes !== null) found.push({ kind: 'attributes', detail: attributes })

  const showSection = (s: { level: number; title: string; id: string; line?: number } | undefined): string =>
    s === undefined ? 'none' : `${s.level}:${s.id}:${JSON.stringify(s.title)}`
  const sectionFacts = firstDifference(model.sections, view.sections, showSection)
  const sectionLines = sameLines(
    model.sections.map(s => s.line),
    view.sections.map(s => s.line),
    source,
  )
  if (sectionFacts !== null) found.push({ kind: 'sections', detail: sectionFacts })
  else if (!sectionLines)
    found.push({
      kind: 'sections',
      detail:
        `lines: scanner ${model.sections.map(s => s.line).join(',')}, Asciidoctor ${view.sections.map(s => s.line).join(',')}`.slice(
          0,
          300,
        ),
    })

  const scannedIds = new Set(model.anchors.map(a => a.id))
  const viewIds = new Set(view.refs.keys())
  const extra = [...scannedIds].filter(id => !viewIds.has(id))
  const missing = [...viewIds].filter(id => !scannedIds.has(id))
  const show = (ids: string[]): string =>
    ids
      .slice(0, 3)
      .map(id => JSON.stringify(id))
      .join(', ')
  if (extra.length > 0 || missing.length > 0)
    found.push({ kind: 'ids', detail: `scanner only [${show(extra)}], Asciidoctor only [${show(missing)}]` })

  const byLine = (a: { termLine: number }, b: { termLine: number }): number => a.termLine - b.termLine
  const ours = model.dlistEntries.map(e => ({ style: e.style, termLine: e.line, anchor: e.anchor })).sort(byLine)
  const theirs = [...view.dlistEntries].sort(byLine)
  const entries = firstDifference(ours, theirs, e => (e === undefined ? 'none' : `${e.style}:${e.anchor}`))
  if (entries !== null) found.push({ kind: 'dlist-entries', detail: entries })
  else if (
    !sameLines(
      ours.map(e => e.termLine),
      theirs.map(e => e.termLine),
      source,
    )
  )
    found.push({ kind: 'dlist-entries', detail: firstDifference(ours, theirs, e => String(e?.termLine)) ?? 'lines' })

  const tracked = trackOf(model, text)
    .flatMap(status => status.items.map(item => item.line))
    .sort((a, b) => a - b)
  const trackedView = [...view.trackedItemLines].sort((a, b) => a - b)
  if (!sameLines(tracked, trackedView, source))
    found.push({
      kind: 'track-items',
      detail: firstDifference(tracked, trackedView, line => String(line ?? 'none')) ?? '',
    })
  return found
}
