// The scanner against Asciidoctor 4.1 itself, on every fixture and on every note of examples/corpus
// (picked up whenever that folder exists). Where the scanner deliberately reads differently, the
// difference is listed below with its reason; anything else that differs fails the test.

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { classifyLines } from '../../src/core/asciidoc/verbatim.js'
import type { NoteModel } from '../../src/core/types.js'
import { isDerivedAttribute, trackOf } from './agreement.js'
import { type AsciidoctorView, asciidoctorView } from './asciidoctor-view.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const fixtures = join(root, 'test/fixtures/asciidoc')
const corpus = join(root, 'examples/corpus')

function adocFiles(folder: string): string[] {
  if (!existsSync(folder)) return []
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter(name => name.endsWith('.adoc'))
    .map(name => join(folder, name))
    .sort()
}

/**
 * Deliberate differences for one file, each with its reason: `extraIds` are anchors the scanner
 * reports and Asciidoctor does not register; `missingXrefs` are xrefs Asciidoctor converts and the
 * scanner does not report. None are needed for the fixtures or examples/corpus today. Differences
 * that hold for every file are written where they are compared, with their reason:
 *   - attribute values: Asciidoctor stores `&`, `<`, `>` as `&amp;`, `&lt;`, `&gt;`, the scanner
 *     keeps the characters (the value is text for the index), so the view's values are decoded;
 *   - a block anchor's line: the scanner gives the `[[id]]` line, Asciidoctor the block's line;
 *   - an inline anchor's line: Asciidoctor only knows the line its paragraph or term starts on.
 */
interface Difference {
  extraIds?: string[]
  missingXrefs?: string[]
  /** Maps a line number Asciidoctor reports to the source line it stands for. */
  viewLine?: (line: number) => number
  reason: string
}
const DIFFERENCES: Record<string, Difference[]> = {
  'test/fixtures/asciidoc/conditionals.adoc': [
    {
      viewLine: line => (line === 128 ? 125 : line),
      reason:
        'Asciidoctor.js numbers a list item once its lines are read, so `* one` (line 125), followed by an ' +
        'excluded region, is reported on line 128; the scanner gives the line the item is written on',
    },
  ],
  'test/fixtures/asciidoc/conditionals-single-line.adoc': [
    {
      // Lines 5, 7 and 11 hold single-line directives whose text is kept.
      viewLine: line => line - [5, 7, 11].filter((directive, index) => directive + index < line).length,
      reason:
        'Asciidoctor.js counts one line too many for each single-line `ifdef::name[text]` it keeps (it pushes ' +
        'a stand-in line), so everything from that line on is reported one line later; the scanner keeps source lines',
    },
  ],
}

/**
 * The refid Asciidoctor builds for an xref target as written (`other.adoc#x` -> `other#x`); a
 * target that names a section by its title (`<<Section title>>`) resolves to the section's id.
 */
function refidOf(target: string, docname: string, model: NoteModel, shorthand: boolean): string {
  const byTitle = model.sections.find(section => section.title === target)
  if (byTitle && !model.anchors.some(anchor => anchor.id === target)) return byTitle.id
  const hash = target.indexOf('#')
  let path = hash < 0 ? target : target.slice(0, hash)
  const fragment = hash < 0 ? null : target.slice(hash + 1)
  // `<<other.adoc>>` is the id `other.adoc`; only the macro reads a file without `#`.
  const isPath = hash >= 0 || (!shorthand && (path.endsWith('.adoc') || path.includes('/')))
  if (!isPath) return target
  path = path.replace(/\.adoc$/, '')
  if (path === '' || path === docname) return fragment ?? ''
  return fragment === null ? path : `${path}#${fragment}`
}

const sorted = (values: string[]): string[] => [...values].sort()

/** Lines Asciidoctor skips between a `[[id]]` and the block it names. */
function onlyMetadataBetween(lines: string[], from: number, to: number): boolean {
  const classes = classifyLines(lines)
  for (let line = from + 1; line < to; line++) {
    const cls = classes[line - 1]
    const isTitle = (lines[line - 1] ?? '').startsWith('.')
    if (!(cls === 'markup' || cls === 'comment' || cls === 'blank' || cls === 'attribute-entry' || isTitle))
      return false
  }
  return true
}

/** The view with its line numbers mapped to source lines where a known difference says how. */
function withSourceLines(view: AsciidoctorView, known: Difference[]): AsciidoctorView {
  const fix = (line: number): number => known.reduce((at, k) => (k.viewLine ? k.viewLine(at) : at), line)
  if (!known.some(k => k.viewLine)) return view
  return {
    ...view,
    refs: new Map(
      [...view.refs].map(([id, ref]) => [id, { ...ref, line: ref.line === undefined ? undefined : fix(ref.line) }]),
    ),
    sections: view.sections.map(section => ({ ...section, line: fix(section.line) })),
    dlistEntries: view.dlistEntries.map(entry => ({ ...entry, termLine: fix(entry.termLine) })),
    trackedItemLines: view.trackedItemLines.map(fix),
  }
}

function compare(file: string, text: string, model: NoteModel, rawView: AsciidoctorView, docname: string): void {
  const name = relative(root, file)
  const known = DIFFERENCES[name] ?? []
  const view = withSourceLines(rawView, known)
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)

  expect(model.title, `${name}: title`).toBe(view.title)

  const scannedAttributes = Object.fromEntries(model.attributes.map(a => [a.name, a.value]))
  const decode = (value: string): string =>
    value.replace(/&(amp|lt|gt);/g, (_m, entity: string) => ({ amp: '&', lt: '<', gt: '>' })[entity] ?? '')
  // Attributes Asciidoctor derives (the doctype's backend flags, a manpage's names) are not
  // modelled by the scanner; see agreement.ts.
  const viewAttributes = Object.fromEntries(
    Object.entries(view.attributes)
      .filter(([key]) => key in scannedAttributes || !isDerivedAttribute(key))
      .map(([key, value]) => [key, decode(value)]),
  )
  expect(scannedAttributes, `${name}: header attributes`).toEqual(viewAttributes)

  expect(
    model.sections.map(s => ({ level: s.level, title: s.title, id: s.id, line: s.line })),
    `${name}: sections`,
  ).toEqual(view.sections)

  const extraIds = new Set(known.flatMap(k => k.extraIds ?? []))
  const scannedIds = [...new Set(model.anchors.map(a => a.id))].filter(id => !extraIds.has(id))
  expect(sorted(scannedIds), `${name}: anchor ids`).toEqual(sorted([...view.refs.keys()]))
  for (const [id, ref] of view.refs) {
    const candidates = model.anchors.filter(a => a.id === id)
    const agrees = candidates.some(anchor => {
      if (ref.line === undefined) return true
      if (anchor.kind === 'section') return anchor.line === ref.line
      if (anchor.kind === 'block') return ref.line >= anchor.line && onlyMetadataBetween(lines, anchor.line, ref.line)
      // An inline anchor: Asciidoctor knows only the line its paragraph or list item starts on.
      return ref.line <= anchor.line
    })
    expect(
      agrees,
      `${name}: line of anchor ${id} (Asciidoctor: ${ref.line}, scanner: ${candidates.map(c => `${c.kind}@${c.line}`).join(', ')})`,
    ).toBe(true)
  }

  const scannedEntries = model.dlistEntries.map(e => ({ style: e.style, termLine: e.line, anchor: e.anchor }))
  const byLine = (a: { termLine: number }, b: { termLine: number }): number => a.termLine - b.termLine
  expect(scannedEntries.sort(byLine), `${name}: description list entries`).toEqual([...view.dlistEntries].sort(byLine))

  const missingXrefs = new Set(known.flatMap(k => k.missingXrefs ?? []))
  const xrefs = model.references
    .filter(r => r.kind === 'xref')
    .map(r => refidOf(r.target, docname, model, r.shorthand === true))
  expect(sorted(xrefs), `${name}: xref targets`).toEqual(sorted(view.xrefs.filter(x => !missingXrefs.has(x))))
  expect(sorted(model.references.filter(r => r.kind === 'link').map(r => r.target)), `${name}: links`).toEqual(
    sorted(view.links),
  )
  expect(sorted(model.references.filter(r => r.kind === 'image').map(r => r.target)), `${name}: images`).toEqual(
    sorted(view.images),
  )
  expect(sorted(model.references.filter(r => r.kind === 'include').map(r => r.target)), `${name}: includes`).toEqual(
    sorted(view.includes),
  )

  const tracked = trackOf(model, text).flatMap(status => status.items.map(item => item.line))
  expect(
    tracked.sort((a, b) => a - b),
    `${name}: tracked list items`,
  ).toEqual([...view.trackedItemLines].sort((a, b) => a - b))

  const unterminated = view.warnings.filter(
    w => w.startsWith('unterminated') || w.startsWith('detected unterminated preprocessor conditional directive'),
  )
  expect(sorted(model.problems.map(p => p.message)), `${name}: problems`).toEqual(sorted(unterminated))
}

const files = [...adocFiles(fixtures), ...adocFiles(corpus)]

describe('the scanner agrees with Asciidoctor 4.1', () => {
  it('has fixtures to compare', () => {
    expect(adocFiles(fixtures).length).toBeGreaterThanOrEqual(8)
  })
  for (const file of files) {
    it(relative(root, file), async () => {
      const text = readFileSync(file, 'utf8')
      const docname = file.replace(/^.*\//, '').replace(/\.adoc$/, '')
      const notePath = file.startsWith(corpus) ? relative(corpus, file) : `internalise/${docname}.adoc`
      const view = await asciidoctorView(text, docname)
      compare(file, text, scanNote(notePath, text), view, docname)
    })
  }
})
