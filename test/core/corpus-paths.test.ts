import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isVisibleAdoc, itemId } from '../../src/core/corpus.js'

describe('itemId (SPEC 1.2)', () => {
  it('is the path without internalise/ and .adoc, then # and the anchor', () => {
    expect(itemId('internalise/lang/french.adoc', 'tu-vous')).toBe('lang/french#tu-vous')
    expect(itemId('reference/x.adoc', 'a')).toBe('reference/x#a')
    expect(itemId('internalise/.adoc', 'a')).toBe('#a')
  })

  it('strips exactly what the two anchored patterns of its definition strip, on any path', () => {
    // The definition: remove a leading `internalise/`, then a trailing `.adoc`.
    const byDefinition = (path: string, anchor: string): string =>
      `${path.replace(/^internalise\//, '').replace(/\.adoc$/, '')}#${anchor}`
    const piece = fc.constantFrom('internalise/', 'internalise', '.adoc', 'adoc', '/', 'a', 'é', '.', 'x.adoc/')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.string({ maxLength: 4 }), (pieces, anchor) => {
        const path = pieces.join('')
        expect(itemId(path, anchor)).toBe(byDefinition(path, anchor))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('isVisibleAdoc (SPEC 1: dot names are never notes)', () => {
  it('takes .adoc files none of whose folders or name begins with a dot', () => {
    expect(isVisibleAdoc('internalise/a.adoc')).toBe(true)
    expect(isVisibleAdoc('internalise/.srs/a.adoc')).toBe(false)
    expect(isVisibleAdoc('.git/a.adoc')).toBe(false)
    expect(isVisibleAdoc('track/.a.adoc')).toBe(false)
    expect(isVisibleAdoc('track/a.adoc.txt')).toBe(false)
    expect(isVisibleAdoc('track/a..adoc')).toBe(true)
  })

  it('agrees with its definition, segment by segment, on any path', () => {
    const byDefinition = (path: string): boolean =>
      path.endsWith('.adoc') && !path.split('/').some(segment => segment.startsWith('.'))
    const piece = fc.constantFrom('/', '.', '..', 'a', '.adoc', 'adoc', '/.', 'é')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 7 }), pieces => {
        const path = pieces.join('')
        expect(isVisibleAdoc(path)).toBe(byDefinition(path))
      }),
      { numRuns: 3000 },
    )
  })
})
