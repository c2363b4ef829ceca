import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { demote, move, promote, prune } from '../../src/core/triage/edit.js'
import { splitText } from '../../src/core/triage/lines.js'
import { layoutOf } from '../../src/core/triage/place.js'
import type { NoteModel } from '../../src/core/types.js'

// Random Track notes in the shapes people write: compact or airy, checklists, ordered lists,
// nested items, attached blocks, subsections, CRLF, with or without a final newline.

const STATUSES = ['Now', 'Next', 'Later', 'Someday', 'Done', 'Dropped', 'Waiting']
const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'omega', 'tax', 'roof', 'book', 'café', 'x2')
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map(w => w.join(' '))

interface ItemShape {
  text: string
  checkbox: '' | '[ ] ' | '[x] '
  nested: string[]
  attached: 'none' | 'paragraph' | 'listing'
}

const itemShape: fc.Arbitrary<ItemShape> = fc.record({
  text: words,
  checkbox: fc.constantFrom('' as const, '[ ] ' as const, '[x] ' as const),
  nested: fc.array(words, { maxLength: 2 }),
  attached: fc.constantFrom('none' as const, 'paragraph' as const, 'listing' as const),
})

const sectionShape = fc.record({
  status: fc.constantFrom(...STATUSES),
  upper: fc.boolean(),
  titleGap: fc.integer({ min: 0, max: 1 }),
  itemGap: fc.integer({ min: 0, max: 1 }),
  items: fc.array(itemShape, { maxLength: 4 }),
  sub: fc.option(fc.array(itemShape, { minLength: 1, maxLength: 2 }), { nil: undefined }),
})

const noteShape = (withSubsections: boolean) =>
  fc.record({
    marker: fc.constantFrom('*', '-', '.'),
    sectionGap: fc.integer({ min: 1, max: 2 }),
    /** One titleGap and itemGap for the whole note (those of the first section), as people write. */
    uniform: fc.boolean(),
    sections: fc.uniqueArray(sectionShape, { minLength: 1, maxLength: 5, selector: s => s.status }),
    crlf: fc.boolean(),
    finalNewline: fc.boolean(),
    preamble: fc.boolean(),
    withSubsections: fc.constant(withSubsections),
  })

type NoteShape = ReturnType<typeof noteShape> extends fc.Arbitrary<infer T> ? T : never

function render(note: NoteShape): string {
  const out: string[] = ['= Generated', ':intent: track', '']
  if (note.preamble) out.push('* not tracked', '')
  const nestedMarker = note.marker === '.' ? '..' : '**'
  const renderItem = (item: ItemShape): string[] => {
    const checkbox = note.marker === '.' ? '' : item.checkbox
    const lines = [`${note.marker} ${checkbox}${item.text}`, ...item.nested.map(n => `${nestedMarker} ${n}`)]
    if (item.attached === 'paragraph') lines.push('+', `More about ${item.text}.`)
    if (item.attached === 'listing') lines.push('+', '----', `$ echo ${item.text}`, '', '* not an item', '----')
    return lines
  }
  const renderList = (items: ItemShape[], gap: number): string[] =>
    items.flatMap((item, i) => [...(i > 0 ? Array<string>(gap).fill('') : []), ...renderItem(item)])
  const style = note.sections[0]!
  note.sections.forEach((raw, index) => {
    const section = note.uniform ? { ...raw, titleGap: style.titleGap, itemGap: style.itemGap } : raw
    if (index > 0) out.push(...Array<string>(note.sectionGap).fill(''))
    out.push(
      `== ${section.upper ? section.status.toUpperCase() : section.status}`,
      ...Array<string>(section.titleGap).fill(''),
    )
    out.push(...renderList(section.items, section.itemGap))
    if (note.withSubsections && section.sub) out.push('', '=== Sub', '', ...renderList(section.sub, section.itemGap))
  })
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  const eol = note.crlf ? '\r\n' : '\n'
  return out.join(eol) + (note.finalNewline ? eol : '')
}

const textLines = (text: string): string[] => {
  const parts = text.split(/\r?\n/)
  if (parts[parts.length - 1] === '') parts.pop()
  return parts
}

/** Each item's lines as one string, and every line that belongs to no item, in order. */
function partition(text: string): { items: string[]; others: string[]; model: NoteModel } {
  const model = scanNote('track/generated.adoc', text)
  const all = textLines(text)
  const inItem = new Set<number>()
  const items: string[] = []
  for (const status of model.track) {
    for (const item of status.items) {
      items.push(all.slice(item.line - 1, item.endLine).join('\n'))
      for (let l = item.line; l <= item.endLine; l++) inItem.add(l)
    }
  }
  return { items: items.sort(), others: all.filter((_, i) => !inItem.has(i + 1)), model }
}

const allItems = (model: NoteModel) => model.track.flatMap(status => status.items.map(item => ({ status, item })))

describe('triage edits on random Track notes', () => {
  it('a move to an existing status changes no line outside the items, keeps every item intact, and puts the item last', () => {
    fc.assert(
      fc.property(noteShape(true), fc.nat(), fc.nat(), (shape, pick, targetPick) => {
        const text = render(shape)
        const before = partition(text)
        const items = allItems(before.model)
        fc.pre(items.length > 0)
        const chosen = items[pick % items.length]!
        const target = before.model.track[targetPick % before.model.track.length]!
        const result = move(text, before.model, chosen.item.line, DEFAULT_CONFIG, target.status.toLowerCase())
        expect(result.ok).toBe(true)
        if (!result.ok) return
        const after = partition(result.text)
        expect(after.others).toEqual(before.others)
        expect(after.items).toEqual(before.items)
        const landed = after.model.track.find(s => s.line >= 1 && s.status === target.status)!
        expect(landed.items[landed.items.length - 1]?.text).toBe(chosen.item.text)
        expect(landed.items[landed.items.length - 1]?.line).toBe(result.line)
        if (shape.crlf) expect(result.text.replace(/\r\n/g, '')).not.toContain('\n')
        expect(result.text.endsWith('\n')).toBe(shape.finalNewline || textLines(result.text).at(-1) === '')
      }),
      { numRuns: 300 },
    )
  })

  it('a move to a missing status adds only its title and blank lines, and the item lands in it', () => {
    fc.assert(
      fc.property(noteShape(true), fc.nat(), fc.constantFrom(...STATUSES), (shape, pick, status) => {
        const text = render(shape)
        const before = partition(text)
        const items = allItems(before.model)
        fc.pre(items.length > 0 && !before.model.track.some(s => s.status.toLowerCase() === status.toLowerCase()))
        const chosen = items[pick % items.length]!
        const result = move(text, before.model, chosen.item.line, DEFAULT_CONFIG, status)
        expect(result.ok).toBe(true)
        if (!result.ok) return
        const after = partition(result.text)
        const nonBlank = (lines: string[]) => lines.filter(l => l.trim() !== '')
        const added = nonBlank(after.others)
        added.splice(added.indexOf(`== ${status}`), 1)
        expect(added).toEqual(nonBlank(before.others))
        expect(after.items).toEqual(before.items)
        expect(after.model.track.find(s => s.status === status)?.items.map(i => i.text)).toEqual([chosen.item.text])
      }),
      { numRuns: 200 },
    )
  })

  it('promote then demote of the last item of a section gives back the same bytes, in a file whose layout stays recognisable', () => {
    let checked = 0
    fc.assert(
      fc.property(noteShape(false), fc.nat(), (shape, pick) => {
        fc.pre(shape.uniform)
        const text = render(shape)
        const model = scanNote('track/generated.adoc', text)
        const ladder = DEFAULT_CONFIG.track.ladder.map(s => s.toLowerCase())
        const candidates = model.track.filter(section => {
          const rung = ladder.indexOf(section.status.toLowerCase())
          return (
            rung > 0 &&
            section.items.length > 0 &&
            model.track.some(other => other.status.toLowerCase() === ladder[rung - 1])
          )
        })
        fc.pre(candidates.length > 0)
        const section = candidates[pick % candidates.length]!
        const last = section.items[section.items.length - 1]!
        // Known limit: "A\n\nX" without a final newline, minus X, is "A\n\n"; which of the
        // two shapes the file had cannot be told afterwards.
        const all = textLines(text)
        fc.pre(shape.finalNewline || last.endLine < all.length || all[last.line - 2]?.trim() !== '')
        const promoted = promote(text, model, last.line, DEFAULT_CONFIG)
        expect(promoted.ok).toBe(true)
        if (!promoted.ok) return
        const promotedModel = scanNote('track/generated.adoc', promoted.text)
        // The way back reads the file's usual blank lines from the promoted file; in a tiny file
        // the promote may have taken away the only example of them (see place.ts).
        fc.pre(
          JSON.stringify(layoutOf(splitText(promoted.text), promotedModel)) ===
            JSON.stringify(layoutOf(splitText(text), model)),
        )
        const back = demote(promoted.text, promotedModel, promoted.line, DEFAULT_CONFIG)
        expect(back.ok && back.text).toBe(text)
        checked++
      }),
      { numRuns: 300 },
    )
    expect(checked).toBeGreaterThan(50)
  })

  it('prune removes exactly the item’s lines', () => {
    fc.assert(
      fc.property(noteShape(true), fc.nat(), (shape, pick) => {
        const text = render(shape)
        const model = scanNote('track/generated.adoc', text)
        const items = allItems(model)
        fc.pre(items.length > 0)
        const { item } = items[pick % items.length]!
        const result = prune(text, model, item.line, DEFAULT_CONFIG)
        expect(result.ok).toBe(true)
        if (!result.ok) return
        const expected = textLines(text)
        expected.splice(item.line - 1, item.endLine - item.line + 1)
        expect(textLines(result.text)).toEqual(expected)
        if (shape.crlf) expect(result.text.replace(/\r\n/g, '')).not.toContain('\n')
      }),
      { numRuns: 300 },
    )
  })
})
