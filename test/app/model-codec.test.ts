import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ByteReader, ByteWriter } from '../../src/app/byte-io.js'
import { PoolReader, PoolWriter } from '../../src/app/byte-pool.js'
import { encodeModel } from '../../src/app/model-codec.js'
import { PackedNote, packModel, packScanned, plainModel } from '../../src/app/packed-model.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { INTENTS, type NoteModel } from '../../src/core/types.js'
import { adocFiles, realCorpusOrSkip } from '../support/real-corpus.js'

const deck = [
  '= Deck',
  ':reviewed: 2026-11-01',
  '',
  '== Words',
  '',
  '[qanda]',
  '[[tu]] _tu_ or _vous_?::',
  '  Familiar: _tu_ — café, naïve, 日本語 and 🎉.',
  '[[empty]] Nothing?::',
  'Plain term without id::',
  '',
  '[qanda]',
  'No id here::',
  '  An answer.',
  '',
  'See xref:other.adoc#x[other], <<tu>>, https://example.org and image:pic.png[].',
  '',
  '----',
  'code',
  '----',
].join('\n')

const track =
  '= Board\n\n== Open\n\n* [ ] first thing to do, described at some length\n- second\n\n== Done\n\n. third\n'

/** Packed and read back, every field: what a consumer of the scan cache's models sees. */
const roundTrip = (model: NoteModel): NoteModel => plainModel(new PackedNote(model.path, packModel(model).bytes))

describe('the packed note model (ADR 0026)', () => {
  it('reads back every field of scanned notes exactly, in every folder', () => {
    for (const [path, text] of [
      ['internalise/lang/deck.adoc', deck],
      ['reference/deck.adoc', deck],
      ['track/board.adoc', track],
      ['README.adoc', deck],
      ['internalise/empty.adoc', ''],
    ] as const) {
      const model = scanNote(path, text)
      expect(roundTrip(model), path).toEqual(model)
      expect(JSON.stringify(packModel(model)), path).toBe(JSON.stringify(model))
    }
  })

  it('packs a scanned note unchecked into the very bytes the checked encoding gives (fixtures, examples, real AsciiDoc)', () => {
    // Every load packs what it scans without checking each row (ADR 0029): that holds only while
    // every row the scanner makes has the shape the codec writes. Were a row to stop fitting, the
    // checked encoding would keep it as JSON, and the bytes would differ here.
    const texts = [deck, track, '', ...adocFiles(fileURLToPath(new URL('../../examples/corpus', import.meta.url)))]
    const real = realCorpusOrSkip('unchecked packing on real AsciiDoc')
    if (real !== null) texts.push(...adocFiles(real))
    let notes = 0
    for (const source of texts) {
      const text = source.endsWith('.adoc') ? readFileSync(source, 'utf8') : source
      for (const folder of [...INTENTS, 'docs']) {
        const model = scanNote(`${folder}/note.adoc`, text)
        const unchecked = packScanned(model).bytes
        expect(Buffer.compare(unchecked, encodeModel(model, 'checked')), `${folder}: ${source.slice(0, 80)}`).toBe(0)
        notes++
      }
    }
    expect(notes).toBeGreaterThan(real === null ? 20 : 3000)
  })

  it('reads back an optional include and a shorthand xref, each with its own flag', () => {
    const model = scanNote(
      'reference/samples.adoc',
      '= S\n:intent: reference\n:source: x\n\n<<here>> and xref:b.adoc[]\n\n[[here]]\ninclude::a.adoc[opts=optional]\n\ninclude::c.adoc[]\n',
    )
    expect(model.references).toEqual([
      { kind: 'xref', target: 'here', line: 5, shorthand: true },
      { kind: 'xref', target: 'b.adoc', line: 5 },
      { kind: 'include', target: 'a.adoc', line: 8, optional: true },
      { kind: 'include', target: 'c.adoc', line: 10 },
    ])
    expect(roundTrip(model)).toEqual(model)
    // Each flag only where it means something: a row otherwise goes as JSON, kept all the same.
    const odd = { ...model, references: [{ kind: 'link', target: 'x', line: 1, optional: true }] } as NoteModel
    expect(roundTrip(odd)).toEqual(odd)
  })

  it('keeps what the codec does not know: extra keys, odd rows, ids not made from the path', () => {
    const model = scanNote('internalise/lang/deck.adoc', deck)
    const odd: NoteModel & { future: unknown } = {
      ...model,
      future: { nested: [1, 'two'] },
      items: [{ ...(model.items[0] as NoteModel['items'][number]), id: 'renamed#tu' }, ...model.items.slice(1)],
      anchors: [...model.anchors, { id: 'x', line: 1, kind: 'block', extra: true } as NoteModel['anchors'][number]],
      dlistEntries: model.dlistEntries.map(e => ({ ...e, description: `${e.description}!` })),
      references: [
        { kind: 'xref', target: 'a.adoc', line: 2, shorthand: true },
        { kind: 'link', target: 'b', line: 3 },
      ],
      track: [
        { status: 'Not a section', line: 4, endLine: 9, items: [{ line: 5, endLine: 5, text: 't', marker: '*' }] },
      ],
      problems: [{ line: 1, message: 'a problem' }],
      title: null,
    }
    expect(roundTrip(odd)).toEqual(odd)
  })

  it('reads strings back exactly, lone surrogates and every code unit included', () => {
    const units = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 80 })
    fc.assert(
      // U+FEFF is drawn often: a decoder drops it at the start of what it decodes unless told not to.
      fc.property(
        fc.array(
          fc.oneof(
            units.map(codes => String.fromCharCode(...codes)),
            fc.constantFrom('\ufeff', '\ufeffa', 'a\ufeff'),
          ),
        ),
        strings => {
          const bytes = new ByteWriter()
          const pool = new PoolWriter(new ByteWriter())
          for (const s of strings) {
            bytes.string(s)
            pool.string(s)
          }
          pool.flush(bytes)
          const r = new ByteReader(bytes.done())
          const direct = strings.map(() => r.string())
          const pooled = new PoolReader(r.bytes, r.at, r.end)
          expect(direct).toEqual(strings)
          expect(strings.map(() => pooled.string())).toEqual(strings)
        },
      ),
    )
  })

  it('decodes a field once and keeps it: a command reading a note twice gets the same objects', () => {
    const packed = packModel(scanNote('internalise/lang/deck.adoc', deck))
    expect(packed.items).toBe(packed.items)
    expect(packed.dlistEntries[0]?.term).toBe(packed.items[0]?.prompt)
    expect(packed.items.map(item => item.id)).toEqual(['lang/deck#tu', 'lang/deck#empty'])
  })

  it('keeps every model packed one after another intact: small ones, ones across a block end, ones over a quarter block', () => {
    // Models are encoded straight into shared blocks of 256 KB: a later encoding must never
    // write over an earlier model, whether it fits the room left, runs past the block's end, or
    // is larger than a quarter block (an array of its own).
    const note = (n: number, items: number): string =>
      [
        `= Note ${n}`,
        '',
        '[qanda]',
        ...Array.from(
          { length: items },
          (_, i) => `[[q${i}]]Question ${i} of note ${n}?:: ${'answer '.repeat(30)}${i}`,
        ),
      ].join('\n')
    const sizes = [1, 3, 40, 7, 120, 2, 300, 5, 15, 450, 1, 60, 33, 200, 9, 380, 4, 90, 11, 250]
    const scanned = [...sizes, ...sizes].map((items, n) => scanNote(`internalise/n${n}.adoc`, note(n, items)))
    const packed = scanned.map(model => packScanned(model))
    const lengths = packed.map(model => model.bytes.length)
    expect(Math.max(...lengths)).toBeGreaterThan(64 * 1024)
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeGreaterThan(3 * 256 * 1024)
    packed.forEach((model, i) => {
      expect(plainModel(model), `note ${i}`).toEqual(scanned[i])
      expect(Buffer.compare(model.bytes, encodeModel(scanned[i] as NoteModel, 'checked')), `note ${i}`).toBe(0)
    })
    // A model is in a block, or (over a quarter block, past a block's end) in an array of exactly
    // its size: never in the larger copy the writer went on in.
    for (const model of packed) expect([256 * 1024, model.bytes.length]).toContain(model.bytes.buffer.byteLength)
    expect(packed.filter(model => model.bytes.buffer.byteLength === model.bytes.length).length).toBeGreaterThan(0)
    // No two models share a byte of the same block.
    packed.forEach((a, i) => {
      packed.slice(i + 1).forEach((b, j) => {
        if (a.bytes.buffer !== b.bytes.buffer) return
        const apart =
          a.bytes.byteOffset + a.bytes.length <= b.bytes.byteOffset ||
          b.bytes.byteOffset + b.bytes.length <= a.bytes.byteOffset
        expect(apart, `notes ${i} and ${i + 1 + j}`).toBe(true)
      })
    })
  })

  it('holds a note in fewer bytes than its models JSON', () => {
    const model = scanNote('internalise/lang/deck.adoc', deck)
    expect(packModel(model).bytes.length).toBeLessThan(JSON.stringify(model).length / 2)
  })
})
