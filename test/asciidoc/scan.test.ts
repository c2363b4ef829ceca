import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { asciidoctorView } from './asciidoctor-view.js'

const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../fixtures/asciidoc/${name}`, import.meta.url)), 'utf8')

describe('scanNote: the header', () => {
  it('reads the title and the attributes of the header only, lower-casing names as Asciidoctor does', () => {
    const note = scanNote('internalise/english.adoc', fixture('header.adoc'))
    expect(note.title).toBe('English: verb patterns')
    expect(note.attributes).toEqual([
      { name: 'intent', value: 'Internalise', line: 5 },
      { name: 'review_by', value: '2026-09-01', line: 7 },
      { name: 'source', value: 'Swan, Practical English Usage, 4th edition', line: 8 },
      { name: 'updated', value: '2026-05-30', line: 10 },
    ])
  })

  it('takes attributes at the top of a note without a title, up to the first line that is not one', () => {
    const note = scanNote('reference/mdn.adoc', fixture('header-no-title.adoc'))
    expect(note.title).toBeNull()
    expect(note.attributes.map(a => [a.name, a.value, a.line])).toEqual([
      ['intent', 'reference', 1],
      ['source', 'https://developer.mozilla.org/', 3],
      ['updated', '2026-02-01', 5],
    ])
  })

  it('knows the folder of the note', () => {
    expect(scanNote('track/x.adoc', '= X\n').folder).toBe('track')
    expect(scanNote('docs/adr/0001-x.adoc', '= X\n').folder).toBeNull()
  })
})

describe('scanNote: sections and anchors', () => {
  it('gives each section the id Asciidoctor gives it, numbering repeated titles', () => {
    const note = scanNote('reference/s.adoc', fixture('sections.adoc'))
    expect(note.sections.map(s => [s.level, s.id, s.line])).toEqual([
      [1, '_intro_stuff_code_bold', 3],
      [1, 'custom-id', 6],
      [1, 'shorthand-id', 9],
      [1, 'inline-sec', 11],
      [1, '_intro_stuff_code_bold_2', 13],
      [1, '_intro_stuff_code_bold_3', 15],
      [2, '_café_naïve_quoteddash', 17],
      [3, '_dont_stop_go_ab', 19],
      [1, '_emphasis_and_more_and_the_label', 28],
      [1, '_last_section', 30],
    ])
    expect(note.sections[3]?.title).toBe('Inline anchor at the end')
  })

  it('follows :idprefix: and :idseparator:, expands header attributes in titles, and reads setext titles', () => {
    const note = scanNote('reference/ids.adoc', fixture('ids-settings.adoc'))
    expect(note.sections.map(s => [s.level, s.id, s.line])).toEqual([
      [1, 'using-notekeeper-daily', 6],
      [1, 'a-spaced-title', 8],
      [1, 'setext-title', 10],
      // ' -- ' becomes an em dash with its spaces, so the words join, as in Asciidoctor
      [2, 'tabs-spacesand-dots', 15],
    ])
  })

  it('ends a section before the metadata of the next one, and a parent after its subsections', () => {
    const note = scanNote('reference/s.adoc', fixture('sections.adoc'))
    const byId = new Map(note.sections.map(s => [s.id, s]))
    expect(byId.get('_intro_stuff_code_bold')?.endLine).toBe(4)
    expect(byId.get('_intro_stuff_code_bold_3')?.endLine).toBe(27)
    expect(byId.get('_last_section')?.endLine).toBe(30)
  })

  it('keeps a discrete heading and a heading inside a block out of the sections', () => {
    const note = scanNote('reference/s.adoc', fixture('sections.adoc'))
    expect(note.sections.some(s => s.title.includes('discrete'))).toBe(false)
    expect(note.sections.some(s => s.title.includes('Not a section'))).toBe(false)
    expect(note.anchors).toContainEqual({ id: '_a_discrete_heading', line: 22, kind: 'block' })
  })

  it('finds anchors where Asciidoctor registers them, and nowhere else', () => {
    const note = scanNote('reference/a.adoc', fixture('anchors.adoc'))
    expect(note.anchors).toEqual([
      { id: 'block-anchor', line: 3, kind: 'block' },
      { id: 'inline-one', line: 4, kind: 'inline' },
      { id: 'macro-anchor', line: 4, kind: 'inline' },
      { id: 'with-reftext', line: 6, kind: 'block' },
      { id: 'short-block', line: 9, kind: 'block' },
      { id: 'second-of-two', line: 13, kind: 'block' },
      { id: 'list-leading', line: 16, kind: 'inline' },
      { id: 'term-leading', line: 20, kind: 'inline' },
    ])
  })
})

describe('scanNote: practice items', () => {
  const note = scanNote('internalise/lang/english.adoc', fixture('qanda.adoc'))

  it('makes an item of each [qanda] entry whose term begins with [[id]], across blank lines', () => {
    expect(note.items.map(i => [i.id, i.line])).toEqual([
      ['lang/english#need-action', 7],
      ['lang/english#few-little', 8],
      ['lang/english#across-blank', 16],
      ['lang/english#with-reftext', 18],
      ['lang/english#need-action', 20],
      ['lang/english#multi-line', 21],
      ['lang/english#second-list', 37],
    ])
  })

  it('takes the prompt without its anchor and the response with its attached blocks, as source', () => {
    expect(note.items[0]).toEqual({
      id: 'lang/english#need-action',
      anchor: 'need-action',
      prompt: 'What form follows _need_ when the action is passive?',
      response: 'The -ing form: "the car needs washing".',
      line: 7,
    })
    expect(note.items[1]?.response).toBe(
      '_Little_.\n+\nAttached blocks (list continuation) belong to the response.\n+\n----\ncode in the response <<not-a-ref>>\n----',
    )
    expect(note.items[3]?.prompt).toBe('An anchor with reftext?')
    expect(note.items[5]?.response).toBe('Indented description text\n  on two lines.')
  })

  it('lists [qanda] entries without an id, and ends a list where Asciidoctor ends it', () => {
    expect(note.itemsWithoutId).toEqual([
      { line: 19, term: 'No anchor here?' },
      { line: 35, term: 'Second list, first entry?' },
    ])
    // The comment after a blank line ended the first [qanda] list: these two are plain entries.
    expect(note.dlistEntries.filter(e => e.line === 26 || e.line === 28).map(e => e.style)).toEqual([null, null])
  })

  it('records every description list entry with its style', () => {
    expect(note.dlistEntries.filter(e => e.style === 'glossary').map(e => [e.term, e.line])).toEqual([
      ['mountain range', 42],
      ['Still glossary', 45],
    ])
    expect(note.dlistEntries.find(e => e.term === 'gerund')).toMatchObject({ style: null, line: 43 })
  })

  it('declares no items outside internalise/, but still lists the entries', () => {
    const reference = scanNote('reference/english.adoc', fixture('qanda.adoc'))
    expect(reference.items).toEqual([])
    expect(reference.itemsWithoutId).toEqual([])
    expect(reference.dlistEntries.length).toBe(note.dlistEntries.length)
  })
})

describe('scanNote: references', () => {
  it('finds xrefs, links, images and includes outside verbatim blocks, comments and passthroughs', () => {
    const note = scanNote('reference/refs.adoc', fixture('refs.adoc'))
    expect(note.references.map(r => `${r.line} ${r.kind} ${r.target}`)).toEqual([
      '5 xref local-anchor',
      '5 xref _a_section',
      '5 xref other.adoc#part',
      '6 xref other#bare',
      '6 xref #local-anchor',
      '6 xref lang/french.adoc#tu-vous',
      '7 link files/manual.pdf',
      '7 link https://example.com/docs',
      '7 link https://example.org/page',
      '8 image icons/tip.png',
      '10 xref in-mono',
      '15 image diagrams/flow.png',
      '17 include partials/snippet.adoc',
      '45 xref in-table',
      '45 link table.pdf',
      '48 xref in-dlist',
      '49 xref in-term',
      '51 xref list.adoc#item',
      '53 xref in-continuation',
      '57 xref in-example',
      '60 xref in-block-title',
      '61 xref two-lines.adoc',
    ])
  })
})

describe('scanNote: track statuses', () => {
  it('lists the top-level entries of each level-1 section, subsections included', () => {
    const note = scanNote('track/reading.adoc', fixture('track.adoc'))
    expect(note.track.map(s => [s.status, s.line, s.endLine])).toEqual([
      ['Now', 6, 15],
      ['Next', 16, 28],
      ['Done', 29, 34],
      ['Dropped', 35, 35],
    ])
    expect(note.track[0]?.items).toEqual([
      { line: 7, endLine: 7, text: 'Designing Data-Intensive Applications', marker: '*' },
      { line: 8, endLine: 8, text: 'A checklist item', marker: '* [ ]' },
      // the nested item, the attached paragraph and the dash list nested after a blank line
      { line: 9, endLine: 14, text: 'A checked item', marker: '* [x]' },
    ])
    expect(note.track[1]?.items).toEqual([
      { line: 17, endLine: 20, text: 'The Pragmatic Programmer', marker: '.' },
      { line: 23, endLine: 23, text: 'Item in a subsection', marker: '*' },
    ])
    expect(note.track[2]?.items.map(i => i.text)).toEqual(['Refactoring', 'Working Effectively with Legacy Code'])
  })

  it('does not track lists before the first section', () => {
    const note = scanNote('track/reading.adoc', fixture('track.adoc'))
    expect(note.track.flatMap(s => s.items).some(i => i.line === 4)).toBe(false)
  })
})

describe('scanNote: line ends, byte-order mark and broken notes', () => {
  it('reads CRLF and a BOM as Asciidoctor does, with the same lines as the LF version', () => {
    const crlf = fixture('crlf-bom.adoc')
    const lf = crlf.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n')
    const a = scanNote('track/n.adoc', crlf)
    expect(a.title).toBe('CRLF note')
    expect(a.track[0]?.items.map(i => i.text)).toEqual(['first', 'second <<crlf-target>>'])
    expect(a.sections.map(s => s.id)).toEqual(['_now', 'crlf-target'])
    expect(a).toEqual(scanNote('track/n.adoc', lf))
  })

  it('reports an unterminated block, and lets it swallow the rest of the note', () => {
    const note = scanNote('track/u.adoc', fixture('unterminated.adoc'))
    expect(note.problems).toEqual([{ line: 6, message: 'unterminated listing block' }])
    expect(note.sections.map(s => s.title)).toEqual(['Before'])
    expect(note.references.map(r => r.target)).toEqual(['before-ref'])
    expect(note.track[0]?.items.map(i => i.line)).toEqual([4])
  })

  it('names an unterminated block by the style it takes, as Asciidoctor does ([NOTE] over ====: admonition)', async () => {
    const text = '= N\n\n[NOTE]\n====\nStill open.\n'
    expect(scanNote('reference/n.adoc', text).problems).toEqual([{ line: 4, message: 'unterminated admonition block' }])
    // Asciidoctor's own warning, for the same text.
    expect((await asciidoctorView(text, 'n')).warnings).toContain('unterminated admonition block')
  })

  it('reports a preprocessor conditional never closed at its line, in the words Asciidoctor warns with', async () => {
    const text = [
      '= N',
      '',
      'See xref:a.adoc[].',
      '',
      'ifdef::backend-pdf[]',
      'For print only.',
      'endif::[]',
      '',
      'ifdef::env-site[]',
      'xref:b.adoc[]',
      '',
      'ifndef::flag[]',
      'xref:c.adoc[]',
      '',
    ].join('\n')
    const expected = [
      'detected unterminated preprocessor conditional directive: ifdef::env-site[]',
      'detected unterminated preprocessor conditional directive: ifndef::flag[]',
    ]
    expect(scanNote('reference/n.adoc', text).problems).toEqual([
      { line: 9, message: expected[0] },
      { line: 12, message: expected[1] },
    ])
    expect((await asciidoctorView(text, 'n')).warnings).toEqual(expected)
    // The region ran to the end: what it excluded (xref:b.adoc[]) is not read, and now says so.
    expect(scanNote('reference/n.adoc', text).references.map(r => r.target)).toEqual(['a.adoc'])
    const closed = `= N\n\nifeval::[1 == 1]\nxref:a.adoc[]\nendif::[]\n`
    expect(scanNote('reference/n.adoc', closed).problems).toEqual([])
    expect((await asciidoctorView(closed, 'n')).warnings).toEqual([])
  })

  it('gives an empty model for an empty note', () => {
    const note = scanNote('internalise/empty.adoc', '')
    expect([note.title, note.attributes, note.sections, note.items, note.problems]).toEqual([null, [], [], [], []])
  })
})

describe('scanNote: what Asciidoctor reads that a line-by-line reading misses', () => {
  it('leaves out what preprocessor conditionals exclude, and keeps the source line of everything else', () => {
    const note = scanNote('internalise/c.adoc', fixture('conditionals.adoc'))
    expect(note.attributes.map(a => [a.name, a.value])).toEqual([
      ['intent', 'internalise'],
      ['flag', 'on'],
      ['kept', 'yes'],
      ['version', '3'],
    ])
    expect(note.items.map(i => [i.anchor, i.line])).toEqual([
      ['shown', 22],
      ['with-hidden', 132],
    ])
    // The excluded part of a response is not part of it.
    expect(note.items[1]?.response).toBe('Shown part.')
    expect(note.references.map(r => r.target)).toEqual(['shown', 'hidden'])
    expect(note.sections.map(s => [s.title, s.line])).toEqual([
      ['Listing', 106],
      ['Track', 123],
    ])
    // Track sections are read for notes under track/ only.
    expect(note.track).toEqual([])
    const tracked = scanNote('track/c.adoc', fixture('conditionals.adoc'))
    expect(tracked.track[1]?.items.map(i => [i.text, i.line])).toEqual([
      ['one', 125],
      ['two', 129],
    ])
  })

  it("reads the text of a single-line ifdef that holds on the directive's own line", () => {
    const note = scanNote('internalise/s.adoc', fixture('conditionals-single-line.adoc'))
    expect(note.items.map(i => [i.anchor, i.line])).toEqual([['after', 16]])
    expect(note.dlistEntries.map(e => [e.anchor, e.line])).toEqual([
      ['kept-entry', 7],
      ['after', 16],
    ])
    expect(note.sections.map(s => [s.title, s.line])).toEqual([
      ['Kept section', 11],
      ['Last', 20],
    ])
    expect(note.references).toEqual([{ kind: 'xref', target: 'kept-ref', line: 5, shorthand: true }])
  })

  it('substitutes attribute references in attribute values, leaving unknown ones as written', () => {
    const values = Object.fromEntries(
      scanNote('internalise/h.adoc', fixture('header-references.adoc')).attributes.map(a => [a.name, a.value]),
    )
    expect(values).toMatchObject({
      intent: 'internalise',
      copy: 'Value and internalise',
      special: 'a & b <c>',
      unknown: '{no-such-attribute} stays',
      escaped: '{base} stays',
      passed: '{base} & raw',
      'after-unset': '{gone}',
      continued: 'first internalise second internalise',
    })
    expect(values).not.toHaveProperty('gone')
  })

  it('makes a [qanda] list of every way of writing the style that Asciidoctor accepts', () => {
    const note = scanNote('internalise/a.adoc', fixture('attribute-lists.adoc'))
    expect(note.items.map(i => i.anchor)).toEqual([
      'named',
      'quoted',
      'single',
      'positional',
      'later',
      'positional-wins',
      'same-line',
      'shorthand',
      'named-pair',
      'from-attribute',
    ])
  })

  it('registers bibliography anchors, and keeps reading the lists after a bare // line', () => {
    const bibliography = scanNote('reference/b.adoc', fixture('bibliography.adoc'))
    expect(bibliography.anchors.filter(a => a.kind === 'inline').map(a => a.id)).toEqual([
      'fowler',
      'beck',
      'kent',
      'named-style',
    ])
    const comments = scanNote('track/c.adoc', fixture('bare-comment.adoc'))
    expect(comments.track.map(s => [s.status, s.items.map(i => i.text)])).toEqual([
      ['Now', ['a', 'b']],
      ['Later', ['c']],
      ['Next', ['d', 'e']],
      ['Last', []],
    ])
  })
})
