import DOMPurify from 'dompurify'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/core/dates.js'
import type { Statistics } from '../../src/core/stats.js'
import { barChartSvg, heatmapSvg } from '../../src/core/stats-svg.js'
import { config, LOG, logOf, makeCorpus, qandaNote, run } from '../spec/corpus-kit.js'

// Issue 11, point 6 and "done when" 3: `notekeeper stats --json` on a generated log whose figures
// are known by construction.

const TODAY = '2026-11-30'

/**
 * 20 items: all learnt (good) on 2026-10-01; on 2026-10-06 (5 days later: young) items 0-14 pass
 * and 15-19 fail, each then drilled again that day (a same-day line, which true retention skips);
 * on 2026-11-05 (30 days after: mature) items 0-8 pass and 9-19 fail. Item 19 fails 4 more times.
 */
function knownLog(): [string, string, string][] {
  const lines: [string, string, string][] = []
  for (let i = 0; i < 20; i++) lines.push([`deck#i${i}`, '2026-10-01', 'good'])
  for (let i = 0; i < 20; i++) {
    lines.push([`deck#i${i}`, '2026-10-06', i < 15 ? 'good' : 'again'])
    lines.push([`deck#i${i}`, '2026-10-06', 'good'])
  }
  for (let i = 0; i < 20; i++) lines.push([`deck#i${i}`, '2026-11-05', i < 9 ? 'easy' : 'again'])
  for (let k = 0; k < 4; k++) lines.push(['deck#i19', addDays('2026-11-06', k), 'again'])
  return lines
}

describe('notekeeper stats', () => {
  it('gives the known true retention, reviews per day, forecast, intervals and leeches of a generated log', async () => {
    const lines = knownLog()
    const ids = Array.from({ length: 20 }, (_, i) => `i${i}`)
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ids),
      [LOG]: logOf(lines),
      ...config({ leechThreshold: 4 }),
    })
    const result = await run(dir, TODAY, 'stats', '--json')
    expect(result.code, result.stderr).toBe(0)
    const stats = JSON.parse(result.stdout) as Statistics
    // True retention: the same-day drills and the first (learning) reviews do not count; item
    // 19's four later fails, a day apart, are young.
    expect(stats.retention.total.young).toEqual({ passed: 15, total: 24, rate: 15 / 24 })
    // 2026-11-05 is 30 days after 2026-10-06: mature.
    expect(stats.retention.total.mature).toEqual({ passed: 9, total: 20, rate: 0.45 })
    const months = Object.fromEntries(stats.retention.months.map(m => [m.period, m]))
    expect(months['2026-10']!.young).toEqual({ passed: 15, total: 20, rate: 0.75 })
    expect(months['2026-11']!.mature).toEqual({ passed: 9, total: 20, rate: 0.45 })
    expect(months['2026-11']!.young).toEqual({ passed: 0, total: 4, rate: 0 })
    // Weeks start on Monday: 2026-10-06 is a Tuesday, in the week of 2026-10-05.
    expect(stats.retention.weeks.find(w => w.period === '2026-10-05')!.all.total).toBe(20)

    const perDay = Object.fromEntries(stats.reviewsPerDay.map(d => [d.date, d.reviews]))
    expect(stats.reviewsPerDay).toHaveLength(365)
    expect(stats.reviewsPerDay.at(-1)!.date).toBe(TODAY)
    expect(perDay['2026-10-01']).toBe(20)
    expect(perDay['2026-10-06']).toBe(40)
    expect(perDay['2026-11-06']).toBe(1)
    expect(stats.reviewsPerDay.reduce((sum, d) => sum + d.reviews, 0)).toBe(lines.length)

    expect(stats.leeches).toEqual([{ item: 'deck#i19', failures: 6 }])
    expect(stats.totals).toEqual({ reviews: lines.length, reviewedItems: 20, items: 20 })
    // Leitner: the 11 items failed on 11-05 are due 11-06 (item 19: 11-10), overdue today; the 9
    // passed ones climbed to level 4 on 10-06 (every line counts) and to 6 with easy: 2027-05-05.
    expect(stats.forecast.days30[0]).toEqual({ date: TODAY, due: 11 })
    expect(stats.forecast.days90.reduce((sum, d) => sum + d.due, 0)).toBe(11)
    expect(stats.forecast.new).toBe(0)
    const bucket = (from: number) => stats.intervals.find(b => b.from === from)!.items
    expect(bucket(1)).toBe(11)
    expect(bucket(180)).toBe(9)
  })

  it('counts new items apart from the reviews owed, as the Future Due of Anki leaves new cards out', async () => {
    // 200 items added today beside 3 reviewed ones: they are due tomorrow by their registration,
    // but at most newPerDay of them come in a day; counted as reviews owed tomorrow, they made a
    // spike of 200.
    const added = Array.from({ length: 200 }, (_, i) => `n${i}`)
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a', 'b', 'c']),
      'internalise/added.adoc': qandaNote('Added', added),
      [LOG]: logOf([
        ['deck#a', '2026-11-29', 'good'],
        ['deck#b', '2026-11-29', 'good'],
        ['deck#c', '2026-11-29', 'again'],
      ]),
      ...config({ limits: { newPerDay: 20 } }),
    })
    const json = await run(dir, TODAY, 'stats', '--json')
    expect(json.code, json.stderr).toBe(0)
    const stats = JSON.parse(json.stdout) as Statistics
    expect(stats.forecast.new).toBe(200)
    expect(stats.forecast.days30.reduce((sum, d) => sum + d.due, 0)).toBe(3)
    expect(stats.totals.items).toBe(203)
    const text = await run(dir, TODAY, 'stats')
    expect(text.stdout).toContain('Due in the next 30 days: 3 (1 today)')
    expect(text.stdout).toContain('  besides 200 new items, never reviewed (at most 20 a day: limits.newPerDay)\n')
  })

  it('prints a compact text chart in the terminal', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['i0', 'i19']),
      [LOG]: logOf(knownLog().filter(l => l[0] === 'deck#i0' || l[0] === 'deck#i19')),
    })
    const result = await run(dir, TODAY, 'stats')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/True retention .*young +17% of 6, mature +50% of 2/)
    expect(result.stdout).toMatch(/Due in the next 30 days: 1 \(1 today\)/)
    expect(result.stdout).toMatch(/[▁▂▃▄▅▆▇█]/)
    expect(result.stdout).toContain('deck#i19  failed on 6 days')
  })

  it('heads the month column with what it counts: the reviews true retention counted, not every review', async () => {
    // Three review lines in October, of which true retention counts one (the first is the
    // learning review, the second a same-day drill): the column said "reviews" above a 1.
    const lines: [string, string, string][] = [
      ['deck#i0', '2026-10-01', 'good'],
      ['deck#i0', '2026-10-01', 'good'],
      ['deck#i0', '2026-10-06', 'good'],
    ]
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['i0']), [LOG]: logOf(lines) })
    const result = await run(dir, TODAY, 'stats')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('Past year: 3 reviews')
    expect(result.stdout).toContain('  month     young   mature  counted\n  2026-10  100%       -        1\n')
  })

  it('draws the weekly chart in weeks that end today: the last bar is the past 7 days, not today alone', async () => {
    // One review on each of the 7 days that end today: one full week. In weeks counted from 364
    // days ago, the 365th day stood alone in the last bar (6 reviews, then 1).
    const lines = Array.from(
      { length: 7 },
      (_, k) => ['deck#i0', addDays(TODAY, k - 6), 'good'] as [string, string, string],
    )
    const dir = makeCorpus({ 'internalise/deck.adoc': qandaNote('Deck', ['i0']), [LOG]: logOf(lines) })
    const result = await run(dir, TODAY, 'stats')
    expect(result.code, result.stderr).toBe(0)
    const chart = result.stdout.split('\n')[2]!.trim()
    expect(chart).toHaveLength(53)
    // Every review in the last bar, none in the one before it.
    expect(chart.slice(0, -1)).toBe('·'.repeat(52))
    expect(chart.at(-1)).toMatch(/[▁▂▃▄▅▆▇█]/)
  })
})

describe('statistics charts', () => {
  const purify = DOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0])

  it('are SVG the host’s sanitiser leaves whole', () => {
    const days = Array.from({ length: 365 }, (_, i) => ({ date: addDays('2025-12-01', i), reviews: (i * 7) % 13 }))
    for (const chart of [
      heatmapSvg(days.slice(0, 60)),
      barChartSvg(
        'Due per day',
        days.slice(0, 30).map(d => ({ label: d.date, value: d.reviews })),
      ),
    ]) {
      const parse = (html: string) => new JSDOM(`<body>${html}</body>`).window.document.body.innerHTML
      // DOMPurify's defaults (what the host applies to provideUI templates) and its SVG profile.
      for (const options of [{}, { USE_PROFILES: { svg: true, svgFilters: true } }])
        expect(parse(purify.sanitize(chart, options))).toBe(parse(chart))
    }
    expect(heatmapSvg(days).match(/<rect /g)).toHaveLength(365)
  })

  it('refuse anything but numbers and the labels the program makes', () => {
    expect(() => barChartSvg('x', [{ label: '<script>', value: 1 }])).toThrow(RangeError)
    expect(() => barChartSvg('x', [{ label: 'a', value: Number.NaN }])).toThrow(RangeError)
  })
})
