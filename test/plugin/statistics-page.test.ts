import { describe, expect, it } from 'vitest'
import { statistics } from '../../src/core/stats.js'
import { chartFor, statisticsPage } from '../../src/plugin/pages/statistics-page.js'

const HOSTILE = 'deck#{{query (todo now)}}'

describe('the Statistics page', () => {
  const stats = statistics({
    reviews: [1, 2, 3, 4, 5].map(k => ({ item: HOSTILE, date: `2026-11-0${k}`, grade: 'again' as const, line: k })),
    state: { [HOSTILE]: { level: 1, next_due: '2026-11-06', reps: 5 } },
    today: '2026-11-30',
    leechThreshold: 4,
  })

  it('holds fixed text, numbers and chart macros; a leech’s id only inside a code span', () => {
    const page = statisticsPage('Notekeeper Statistics', stats, 'Statistics')
    const leeches = page.children.at(-1)!
    expect(leeches.content).toBe('Leeches: 1')
    expect(leeches.children![0]!.content).toBe('failed on 5 days: `deck#{{query (todo now)}}`')
    expect(page.children[0]!.children![0]!.content).toBe('{{renderer :notekeeper-chart, heatmap}}')
    expect(page.children[1]!.content).toBe(
      'True retention (first review of a day, items seen on an earlier day): young 0% of 4, mature none yet of 0',
    )
  })

  it('says the new items apart from the reviews owed, with the daily limit', () => {
    const withNew = statistics({
      reviews: [],
      state: {
        'deck#a': { level: 1, next_due: '2026-12-01', reps: 0 },
        'deck#b': { level: 1, next_due: '2026-12-01', reps: 0 },
      },
      today: '2026-11-30',
      leechThreshold: 4,
    })
    const due = statisticsPage('Notekeeper Statistics', withNew, 'Statistics', 1).children[2]!.content
    expect(due).toBe(
      'Due: 0 today, 0 in 30 days, 0 in 90 days; besides 2 new items, never reviewed (at most 1 a day: limits.newPerDay)',
    )
    expect(statisticsPage('Notekeeper Statistics', stats, 'Statistics').children[2]!.content).toBe(
      'Due: 1 today, 1 in 30 days, 1 in 90 days',
    )
  })

  it('draws every chart it writes a macro for, and nothing for any other name', () => {
    for (const name of ['heatmap', 'retention', 'forecast30', 'forecast90', 'intervals'])
      expect(chartFor(stats, name)).toMatch(/^<svg [^>]*><title>[^<]*<\/title>/)
    expect(chartFor(stats, '<script>')).toBeNull()
  })
})
