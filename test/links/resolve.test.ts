import { describe, expect, it } from 'vitest'
import { packScanned, plainModel } from '../../src/app/packed-model.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { buildTargetIndex, type Resolution, resolveReference } from '../../src/core/links/resolve.js'
import type { NoteModel, Reference } from '../../src/core/types.js'

const OTHER = scanNote(
  'reference/other.adoc',
  '= Other\n:intent: reference\n:source: x\n\n== Part One\n\n[[part]]\nText.\n',
)
const HOME = scanNote(
  'reference/home.adoc',
  '= Home\n:intent: reference\n:source: x\n:imagesdir: pics\n\n[#intro]\n== Getting Started\n\n[[anchor-here]]\nText.\n',
)
const DEEP = scanNote('reference/sub/deep.adoc', '= Deep\n:intent: reference\n:source: x\n')
const FILES = [
  'reference/other.adoc',
  'reference/home.adoc',
  'reference/sub/deep.adoc',
  'reference/pics/a.png',
  'reference/b.png',
  'docs/adr/0001-x.adoc',
  'reference/data/t.csv',
]
const index = buildTargetIndex(FILES, [OTHER, HOME, DEEP])

function resolve(kind: Reference['kind'], target: string, from: NoteModel = HOME): Resolution {
  return resolveReference(from, { kind, target, line: 1 }, index)
}

describe('resolveReference, as Asciidoctor resolves', () => {
  it('finds another note relative to the note, with or without .adoc, with or without a fragment', () => {
    expect(resolve('xref', 'other.adoc')).toEqual({ ok: true, file: 'reference/other.adoc', anchor: null })
    expect(resolve('xref', 'other#part')).toEqual({ ok: true, file: 'reference/other.adoc', anchor: 'part' })
    expect(resolve('xref', 'other.adoc#_part_one')).toEqual({
      ok: true,
      file: 'reference/other.adoc',
      anchor: '_part_one',
    })
    expect(resolve('xref', 'other#')).toEqual({ ok: true, file: 'reference/other.adoc', anchor: null })
    expect(resolve('xref', 'sub/deep.adoc')).toEqual({ ok: true, file: 'reference/sub/deep.adoc', anchor: null })
    expect(resolve('xref', '../home.adoc#intro', DEEP)).toEqual({
      ok: true,
      file: 'reference/home.adoc',
      anchor: 'intro',
    })
    expect(resolve('xref', '../docs/adr/0001-x.adoc')).toEqual({ ok: true, file: 'docs/adr/0001-x.adoc', anchor: null })
  })

  it('says whether the file or the anchor is missing', () => {
    expect(resolve('xref', 'nope.adoc#x')).toEqual({ ok: false, missing: 'file', file: 'reference/nope.adoc' })
    expect(resolve('xref', 'other#nope')).toEqual({ ok: false, missing: 'anchor', file: 'reference/other.adoc' })
    // Across documents a section title is not an id (Asciidoctor would link to other.html#Part One).
    expect(resolve('xref', 'other#Part One')).toEqual({ ok: false, missing: 'anchor', file: 'reference/other.adoc' })
  })

  it('reads a target without # and without an extension as an id of the note itself', () => {
    expect(resolve('xref', 'anchor-here')).toEqual({ ok: true, file: 'reference/home.adoc', anchor: 'anchor-here' })
    expect(resolve('xref', '#intro')).toEqual({ ok: true, file: 'reference/home.adoc', anchor: 'intro' })
    expect(resolve('xref', 'other')).toEqual({ ok: false, missing: 'anchor', file: 'reference/home.adoc' })
  })

  it('accepts a section title as a natural xref within the note', () => {
    expect(resolve('xref', 'Getting Started')).toEqual({ ok: true, file: 'reference/home.adoc', anchor: 'intro' })
    expect(resolve('xref', 'Getting started')).toEqual({ ok: false, missing: 'anchor', file: 'reference/home.adoc' })
  })

  it('finds images under :imagesdir:, includes and links relative to the note', () => {
    expect(resolve('image', 'a.png')).toEqual({ ok: true, file: 'reference/pics/a.png', anchor: null })
    expect(resolve('image', 'b.png')).toEqual({ ok: false, missing: 'file', file: 'reference/pics/b.png' })
    expect(resolve('image', '../b.png', DEEP)).toEqual({ ok: true, file: 'reference/b.png', anchor: null })
    expect(resolve('include', 'data/t.csv')).toEqual({ ok: true, file: 'reference/data/t.csv', anchor: null })
    expect(resolve('link', 'data/t.csv?raw=1#row2')).toEqual({ ok: true, file: 'reference/data/t.csv', anchor: null })
    expect(resolve('link', 'data/missing%20file.csv')).toEqual({
      ok: false,
      missing: 'file',
      file: 'reference/data/missing file.csv',
    })
  })

  it('treats a target outside the corpus folder as missing, without naming a file to read', () => {
    expect(resolve('include', '../../../etc/passwd')).toEqual({ ok: false, missing: 'file' })
    expect(resolve('xref', '../../x.adoc')).toEqual({ ok: false, missing: 'file' })
    expect(resolve('image', '/etc/hosts')).toEqual({ ok: false, missing: 'file' })
  })

  it('leaves URLs to the online check', () => {
    expect(resolve('link', 'https://example.com/a#b')).toEqual({ external: true, url: 'https://example.com/a#b' })
    expect(resolve('link', 'mailto:me@example.com')).toEqual({ external: true, url: 'mailto:me@example.com' })
    expect(resolve('image', 'http://example.com/x.png')).toEqual({ external: true, url: 'http://example.com/x.png' })
  })

  it('substitutes header attributes in a target', () => {
    const note = scanNote(
      'reference/attr.adoc',
      '= A\n:intent: reference\n:source: x\n:base: https://example.org\n:dir: pics\n',
    )
    expect(resolveReference(note, { kind: 'link', target: '{base}/page', line: 6 }, index)).toEqual({
      external: true,
      url: 'https://example.org/page',
    })
    expect(resolveReference(note, { kind: 'image', target: '{dir}/a.png', line: 6 }, index)).toEqual({
      ok: true,
      file: 'reference/pics/a.png',
      anchor: null,
    })
  })
})

describe('references resolved as Asciidoctor resolves them on real text (issue 9)', () => {
  const resolvedIn = (text: string, files: string[] = []): [string, Resolution][] => {
    const note = scanNote('reference/note.adoc', text)
    const targets = buildTargetIndex([...FILES, ...files], [OTHER, HOME, DEEP, note])
    return note.references.map(ref => [ref.target, resolveReference(note, ref, targets)])
  }

  it('R1: an xref in a // comment line of a table is no reference', () => {
    const text = '= N\n\n|===\n| a | <<home.adoc#intro,Home>>\n// | b | <<gone.adoc#x,Gone>>\n|===\n'
    expect(resolvedIn(text).map(([target]) => target)).toEqual(['home.adoc#intro'])
  })

  it('R2: <<other.adoc,Other>> is an id, unresolved, with a hint; xref:other.adoc[] is the file', () => {
    const [[, shorthand], [, macro]] = resolvedIn('= N\n\nSee <<other.adoc,Other>> and xref:other.adoc[Other].\n') as [
      [string, Resolution],
      [string, Resolution],
    ]
    expect(shorthand).toMatchObject({ ok: false, missing: 'anchor', file: 'reference/note.adoc' })
    expect((shorthand as { hint: string }).hint).toContain('xref:other.adoc[]')
    expect(macro).toEqual({ ok: true, file: 'reference/other.adoc', anchor: null })
    // A dotted id is no file: no advice to link to a file that is not there (QA, hibernate's ids).
    const [[, dotted]] = resolvedIn('= N\n\nSee <<settings-hibernate.jndi.class>>.\n') as [[string, Resolution]]
    expect(dotted).toEqual({ ok: false, missing: 'anchor', file: 'reference/note.adoc' })
  })

  it('a natural xref finds a title written with &amp; or &, either way, as Asciidoctor does (QA)', () => {
    const text =
      '= N\n\n== Rock &amp; Roll\n\n== Salt & Pepper\n\n<<Rock & Roll>> <<Salt &amp; Pepper>> <<Rock &amp; Roll>>\n'
    expect(resolvedIn(text).map(([target, resolution]) => [target, 'ok' in resolution && resolution.ok])).toEqual([
      ['Rock & Roll', true],
      ['Salt &amp; Pepper', true],
      ['Rock &amp; Roll', true],
    ])
  })

  it('an image reads the :imagesdir: in force at its line, which the body may set again or unset (QA)', () => {
    const text = [
      '= N',
      ':imagesdir: nowhere',
      '',
      ':imagesdir: pics',
      '',
      'image::a.png[]',
      '',
      ':imagesdir: https://cdn.example.com/img',
      '',
      'image::logo.png[]',
      '',
      ':imagesdir!:',
      '',
      'image::b.png[]',
      '',
    ].join('\n')
    expect(resolvedIn(text)).toEqual([
      ['a.png', { ok: true, file: 'reference/pics/a.png', anchor: null }],
      ['logo.png', { external: true, url: 'https://cdn.example.com/img/logo.png' }],
      ['b.png', { ok: true, file: 'reference/b.png', anchor: null }],
    ])
    // Kept through the packed form the cache stores and a load holds.
    const note = scanNote('reference/note.adoc', text)
    expect(note.references.map(r => r.imagesdir)).toEqual(['pics', 'https://cdn.example.com/img', ''])
    expect(plainModel(packScanned(note)).references).toEqual(note.references)
  })

  it('R3: attribute references in targets come from the attributes defined above, in the header or the body', () => {
    const text =
      '= N\n:d: sub\n\ninclude::{d}/deep.adoc[]\n\n:d: pics\n\nimage::{d}/a.png[A]\n\nxref:{missing}/x.adoc[X]\n'
    expect(resolvedIn(text)).toEqual([
      ['sub/deep.adoc', { ok: true, file: 'reference/sub/deep.adoc', anchor: null }],
      ['pics/a.png', { ok: true, file: 'reference/pics/a.png', anchor: null }],
      ['{missing}/x.adoc', { ok: false, missing: 'file', file: 'reference/{missing}/x.adoc' }],
    ])
  })

  it('non-file schemes are URLs, never files', () => {
    for (const target of ['view-source:https://example.org/x', 'irc://irc.libera.chat/x', 'mailto:me@example.org']) {
      expect(resolve('link', target)).toEqual({ external: true, url: target })
    }
  })

  it('Antora resource ids are unverifiable, not dead; plain paths and natural xrefs are not taken for them', () => {
    for (const target of [
      'module:page.adoc',
      'component:module:page.adoc#frag',
      'asciidoctor::index.adoc',
      'component::partial$x.adoc',
      '2.0@component:module:page.adoc',
      'partial$snippet.adoc',
      'example$code.java',
      'ROOT:attachment$file.zip',
    ]) {
      expect(resolve('xref', target), target).toEqual({ unverifiable: true, reason: 'an Antora resource id' })
    }
    expect(resolve('include', 'partial$x.adoc')).toEqual({ unverifiable: true, reason: 'an Antora resource id' })
    expect(resolve('xref', 'other.adoc')).toMatchObject({ ok: true })
    expect(resolve('xref', 'Note: Getting Started')).toMatchObject({ ok: false, missing: 'anchor' })
    expect(resolve('link', 'https://example.org/a.adoc')).toMatchObject({ external: true })
  })
})
