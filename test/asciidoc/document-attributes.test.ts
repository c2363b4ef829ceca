import { describe, expect, it } from 'vitest'
import { defaultAttributes } from '../../src/core/asciidoc/document-attributes.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'

// A note's attributes are its own entries over defaults every note shares (not a copy of them):
// what one note sets or unsets must never show in another, and a copy must see them all.

describe("a note's document attributes", () => {
  it('reads the defaults, unsets and sets them for this note only', () => {
    const one = defaultAttributes('one')
    const other = defaultAttributes('other')
    expect(one.get('sectids')).toBe('')
    expect(one.get('docname')).toBe('one')
    one.delete('sectids')
    one.set('note-caption', 'Hint')
    expect(one.has('sectids')).toBe(false)
    expect(one.get('sectids')).toBeUndefined()
    expect(one.get('note-caption')).toBe('Hint')
    expect(other.has('sectids')).toBe(true)
    expect(other.get('note-caption')).toBe('Note')
    one.set('sectids', 'again')
    expect(one.get('sectids')).toBe('again')
  })

  it('copies with every default it has, less the ones it unset', () => {
    const attributes = defaultAttributes('doc')
    attributes.delete('toc-title')
    const copy = new Map(attributes)
    expect(copy.get('docname')).toBe('doc')
    expect(copy.get('tip-caption')).toBe('Tip')
    expect(copy.has('toc-title')).toBe(false)
    expect(copy.size).toBe(attributes.size)
    expect(attributes.size).toBe(defaultAttributes('doc').size - 1)
  })

  it('gives two notes their own ids when one turns generated ids off', () => {
    const off = scanNote('reference/a.adoc', '= A\n:sectids!:\n\n== First\n\ntext\n')
    const on = scanNote('reference/b.adoc', '= B\n\n== First\n\ntext\n')
    expect(off.sections[0]?.id).toBe('')
    expect(on.sections[0]?.id).toBe('_first')
  })
})
