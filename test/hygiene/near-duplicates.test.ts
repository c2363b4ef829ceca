import { describe, expect, it } from 'vitest'
import { proseOfText } from '../../src/core/asciidoc/verbatim.js'
import {
  bandingFor,
  exactAllPairs,
  lshPairs,
  nearDuplicates as nearDuplicatesOfProse,
  shingleNote as shingleProse,
} from '../../src/core/hygiene/near-duplicates.js'

// The notes here are texts without a model: their prose is read as the index's scan reads it.
const nearDuplicates = (notes: { path: string; text: string }[], threshold: number) =>
  nearDuplicatesOfProse(
    notes.map(note => ({ path: note.path, prose: proseOfText(note.text) })),
    threshold,
  )
const shingleNote = (path: string, text: string) => shingleProse(path, proseOfText(text))

// A deterministic word generator (Math.imul LCG): the same corpus on every run and machine.
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state
  }
}
const VOCABULARY = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`)

function body(seed: number, words = 300): string[] {
  const next = generator(seed)
  return Array.from({ length: words }, () => VOCABULARY[next() % VOCABULARY.length] as string)
}

function note(title: string, words: string[]): string {
  const lines = [`= ${title}`, ':intent: reference', ':source: test', '']
  for (let i = 0; i < words.length; i += 12) lines.push(`${words.slice(i, i + 12).join(' ')}.`, '')
  return lines.join('\n')
}

/** A copy with `share` of its words replaced by words the original does not use. */
function edited(words: string[], share: number, seed: number): string[] {
  const next = generator(seed)
  const copy = [...words]
  const count = Math.round(words.length * share)
  const done = new Set<number>()
  while (done.size < count) {
    const at = next() % copy.length
    if (done.has(at)) continue
    done.add(at)
    copy[at] = `edit${done.size}`
  }
  return copy
}

describe('near-duplicate notes', () => {
  it('finds a note copied with 5 % of its words changed, once, on the first file in path order', () => {
    const original = body(1)
    const notes = [
      { path: 'reference/b-copy.adoc', text: note('Copy', edited(original, 0.05, 9)) },
      { path: 'reference/a-original.adoc', text: note('Original', original) },
      ...Array.from({ length: 30 }, (_, i) => ({
        path: `reference/other-${i}.adoc`,
        text: note(`Other ${i}`, body(100 + i)),
      })),
    ]
    const findings = nearDuplicates(notes, 0.5)
    expect(findings).toHaveLength(1)
    const [finding] = findings
    expect(finding).toMatchObject({
      rule: 'near-duplicate',
      severity: 'warning',
      file: 'reference/a-original.adoc',
      line: 5,
      other: { file: 'reference/b-copy.adoc', line: 5 },
    })
    expect(finding?.similarity).toBeGreaterThanOrEqual(0.6)
    expect(finding?.similarity).toBeLessThan(0.9)
    expect(Number(Number(finding?.similarity).toFixed(2))).toBe(finding?.similarity)
  })

  it('finds nothing among unrelated notes', () => {
    const notes = Array.from({ length: 60 }, (_, i) => ({
      path: `internalise/n${i}.adoc`,
      text: note(`N${i}`, body(500 + i)),
    }))
    expect(nearDuplicates(notes, 0.5)).toEqual([])
  })

  it('compares prose only: the same listing block in two notes does not make them duplicates', () => {
    const code = Array.from({ length: 40 }, (_, i) => `const value${i} = compute(${i}) + other(${i})`).join('\n')
    const a = `${note('A', body(7, 40))}\n----\n${code}\n----\n`
    const b = `${note('B', body(8, 40))}\n----\n${code}\n----\n`
    expect(
      nearDuplicates(
        [
          { path: 'reference/a.adoc', text: a },
          { path: 'reference/b.adoc', text: b },
        ],
        0.5,
      ),
    ).toEqual([])
  })

  it('honours the configured threshold, judged on the exact Jaccard similarity', () => {
    const original = body(3)
    const notes = [
      { path: 'reference/a.adoc', text: note('A', original) },
      { path: 'reference/b.adoc', text: note('B', edited(original, 0.05, 4)) },
    ]
    const similarity = nearDuplicates(notes, 0.5)[0]?.similarity as number
    expect(nearDuplicates(notes, Math.min(1, similarity + 0.05))).toEqual([])
  })

  it('LSH finds the same pairs as comparing every pair, at 5 % and 15 % edits', () => {
    const shingled = []
    for (let i = 0; i < 20; i++) {
      const original = body(1000 + i)
      shingled.push(shingleNote(`o${i}`, note('O', original)))
      shingled.push(shingleNote(`c${i}`, note('C', edited(original, i < 10 ? 0.05 : 0.12, 2000 + i))))
    }
    for (let i = 0; i < 100; i++) shingled.push(shingleNote(`u${i}`, note('U', body(3000 + i))))
    const exact = exactAllPairs(shingled, 0.5)
    expect(exact.length).toBeGreaterThanOrEqual(10)
    expect(lshPairs(shingled, 0.5)).toEqual(exact)
  })

  it('tunes the bands so that a pair at the threshold is very likely a candidate', () => {
    const { bands, rows } = bandingFor(0.5)
    expect(bands * rows).toBeLessThanOrEqual(128)
    expect(1 - (1 - 0.5 ** rows) ** bands).toBeGreaterThan(0.98)
    // and a chance pair (J = 0.05) almost never is
    expect(1 - (1 - 0.05 ** rows) ** bands).toBeLessThan(0.01)
  })
})
