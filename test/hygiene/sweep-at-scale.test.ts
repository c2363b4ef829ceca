import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { applyIgnore, capRanked, RANKED_CAP, summarize } from '../../src/core/findings.js'
import { hygiene } from '../../src/core/hygiene/index.js'
import { findingsJson } from '../../src/core/report/index.js'
import type { Finding } from '../../src/core/types.js'

// Issue 9: on real documentation the sweep made a million pairwise warnings (code tabs compared
// as terms, one finding per pair, no cap) and crashed building its JSON. These pin what a
// person gets instead: clusters with their members, no code tabs, a cap with the rest counted.

const header = (title: string, intent = 'reference') =>
  `= ${title}\n:intent: ${intent}\n${intent === 'reference' ? ':source: x\n' : ''}:updated: 2026-11-01\n\n`

function sweep(texts: Record<string, string>): Finding[] {
  const map = new Map(Object.entries(texts))
  const notes = [...map].map(([path, text]) => scanNote(path, text))
  return hygiene({ notes, files: [...map.keys()], texts: map, config: DEFAULT_CONFIG, today: '2026-11-30' })
}

const prose =
  'Backups are copied every night to the second disk. The copy keeps thirty days of history. ' +
  'Restoring a file means mounting the disk and copying it back by hand, which takes a minute.'

describe('the sweep at real scale', () => {
  it('makes a note and its three copies one near-duplicate finding with four members', () => {
    const texts: Record<string, string> = {}
    for (const name of ['a', 'b', 'c', 'd']) texts[`reference/${name}.adoc`] = `${header(name)}${prose}\n`
    const found = sweep(texts).filter(f => f.rule === 'near-duplicate')
    expect(found).toHaveLength(1)
    expect(found[0]?.file).toBe('reference/a.adoc')
    expect(found[0]?.other).toEqual({ file: 'reference/b.adoc', line: 6 })
    expect(((found[0]?.['members'] ?? []) as { file: string }[]).map(m => m.file)).toEqual([
      'reference/a.adoc',
      'reference/b.adoc',
      'reference/c.adoc',
      'reference/d.adoc',
    ])
    expect(found[0]?.message).toContain('and 2 other notes')
    expect(found[0]?.['score']).toBeGreaterThan(0)
  })

  it('makes 300 copies of one note one finding, not 44,850 pairs', () => {
    const texts: Record<string, string> = {}
    for (let i = 0; i < 300; i++)
      texts[`reference/c${String(i).padStart(3, '0')}.adoc`] = `${header(`C${i}`)}${prose}\n`
    const found = sweep(texts).filter(f => f.rule === 'near-duplicate')
    expect(found).toHaveLength(1)
    expect(found[0]?.['members']).toHaveLength(300)
    expect(found[0]?.message).toContain('and 298 other notes')
  })

  it('never compares the tabs of [tabs] blocks, or terms whose description is only a listing, as terms', () => {
    const tabs = (code: string) =>
      `[tabs]\n======\nJava::\n+\n[source,java]\n----\n${code}\n----\nKotlin::\n+\n[source,kotlin]\n----\n${code}\n----\n======\n`
    const listingOnly = (code: string) => `Setup::\n+\n----\n${code}\n----\n`
    const texts: Record<string, string> = {}
    for (let i = 0; i < 60; i++)
      texts[`reference/n${i}.adoc`] = `${header(`N${i}`)}A page.\n\n${tabs(`call${i}();`)}\n${listingOnly(`run ${i}`)}`
    expect(sweep(texts).filter(f => f.rule === 'contradiction')).toEqual([])
  })

  it('still compares a term defined in prose by notes on one subject, in one finding per cluster of definitions', () => {
    const subject = 'These notes are about the request handling of our web server and the settings it reads.'
    const texts: Record<string, string> = {}
    const definitions = [
      'the time a request may wait before it is dropped',
      'a number of retries allowed per hour of traffic',
      'the longest pause the garbage collector is allowed',
    ]
    definitions.forEach((definition, i) => {
      texts[`reference/t${i}.adoc`] = `${header(`T${i}`)}${subject}\n\nTimeout:: ${definition}\n`
    })
    const found = sweep(texts).filter(f => f.rule === 'contradiction')
    expect(found.map(f => [f.reason, f.file, (f['members'] as unknown[]).length])).toEqual([
      ['same-term', 'reference/t0.adoc', 3],
    ])
  })

  it('does not compare a term across notes about different subjects (a homonym, not two definitions)', () => {
    const lua = `${header('Lua')}Lua has eight basic types and tables are its only data structure.\n\nnumber:: Represents real (double precision floating point) numbers.\n`
    const asciidoc = `${header('ifeval')}The ifeval directive compares two values written in the document header.\n\nnumber:: Either an integer or a floating-point value written as is.\n`
    expect(sweep({ 'reference/lua.adoc': lua, 'reference/ifeval.adoc': asciidoc })).not.toContainEqual(
      expect.objectContaining({ rule: 'contradiction' }),
    )
  })

  it('warns on a practice item whose response is empty (a block after its term without a + line)', () => {
    const text = `${header('Q', 'internalise')}[qanda]\n[[monad]]What does bind look like?::\n[source,haskell]\n----\nm >>= f\n----\n\n[[two]]Two?:: Yes, two.\n`
    const found = sweep({ 'internalise/q.adoc': text }).filter(f => f.rule === 'item-empty-response')
    expect(found).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'internalise/q.adoc',
        line: 6,
        item: 'q#monad',
      }),
    ])
  })

  it('shows the best-scored findings of a ranked rule up to the cap and counts the rest', () => {
    const findings: Finding[] = Array.from({ length: RANKED_CAP + 40 }, (_, i) => ({
      rule: 'contradiction',
      severity: 'warning',
      file: `reference/n${String(i).padStart(3, '0')}.adoc`,
      line: 1,
      message: 'm',
      score: i / 1000,
    }))
    const dead: Finding = { rule: 'dead-link', severity: 'error', file: 'reference/x.adoc', line: 2, message: 'm' }
    const { shown, omitted } = capRanked([...findings, dead])
    expect(shown).toHaveLength(RANKED_CAP + 1)
    expect(shown).toContain(dead)
    expect(Math.min(...shown.filter(f => f.rule === 'contradiction').map(f => f['score'] as number))).toBe(0.04)
    expect(omitted).toEqual({ contradiction: 40 })
    expect(summarize(shown, 0, omitted).omitted).toEqual({ contradiction: 40 })
  })

  it('dismisses a cluster when an ignore entry names two of its members', () => {
    const cluster: Finding = {
      rule: 'near-duplicate',
      severity: 'warning',
      file: 'reference/a.adoc',
      line: 5,
      message: 'm',
      other: { file: 'reference/b.adoc', line: 5 },
      members: [
        { file: 'reference/a.adoc', line: 5 },
        { file: 'reference/b.adoc', line: 5 },
        { file: 'reference/c.adoc', line: 5 },
      ],
    }
    const entry = { rule: 'near-duplicate', file: 'reference/c.adoc', other: 'reference/b.adoc' }
    expect(applyIgnore([cluster], [entry]).ignored).toEqual([cluster])
    expect(applyIgnore([cluster], [{ ...entry, other: 'reference/z.adoc' }]).kept).toEqual([cluster])
  })

  it('writes --json in pieces that join to exactly JSON.stringify(…, null, 2), each small enough to die young', () => {
    const findings: Finding[] = Array.from({ length: 20_000 }, (_, i) => ({
      rule: 'dead-link',
      severity: 'error',
      file: `reference/"quoted"\n${i}.adoc`,
      line: i + 1,
      message: `missing ${'x'.repeat(i % 50)}`,
      other: { file: 'b', line: 2 },
      members: [],
    }))
    const summary = { ...summarize(findings), omitted: {} }
    const pieces = [...findingsJson(findings, summary)]
    expect(pieces.length).toBeGreaterThan(1)
    // Under 64 KB: an ordinary young string (a 1 MB piece is a large object, kept until a full
    // collection; 52 MB of JSON peaked over 100 MB higher). 32 K characters and the finding that crossed it.
    expect(Math.max(...pieces.map(p => p.length))).toBeLessThan(2 ** 15 + 1000)
    expect(pieces.every(p => p.endsWith('\n'))).toBe(true)
    expect(pieces.join('')).toBe(`${JSON.stringify({ findings, summary }, null, 2)}\n`)
    expect([...findingsJson([], summary)].join('')).toBe(`${JSON.stringify({ findings: [], summary }, null, 2)}\n`)
  })
})
