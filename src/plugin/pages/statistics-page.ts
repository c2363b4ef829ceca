import { newItemsPhrase, type PassCount, type Statistics } from '../../core/stats.js'
import { barChartSvg, heatmapSvg } from '../../core/stats-svg.js'
import type { GeneratedPage } from './generated-page.js'
import { codeSpan } from './logseq-escape.js'

// `Notekeeper Statistics` (issue 11, point 6). The page's blocks hold fixed text, numbers and
// `{{renderer :notekeeper-chart, NAME}}` macros; when Logseq slots a macro, the plugin answers
// with the SVG chart `chartFor` draws from the numbers of the last run (stats-svg.ts), never
// from note text. Item ids of leeches go in code spans, like every text from the corpus.

export const CHART_RENDERER = ':notekeeper-chart'
export const CHARTS = ['heatmap', 'retention', 'forecast30', 'forecast90', 'intervals'] as const
export type ChartName = (typeof CHARTS)[number]

const percent = (count: PassCount) => (count.rate === null ? 'none yet' : `${Math.round(count.rate * 100)}%`)
const macro = (chart: ChartName) => `{{renderer ${CHART_RENDERER}, ${chart}}}`

/** The chart a macro names, drawn from `stats`; null for a name this page never writes. */
export function chartFor(stats: Statistics, name: string): string | null {
  switch (name) {
    case 'heatmap':
      return heatmapSvg(stats.reviewsPerDay)
    case 'retention':
      return barChartSvg(
        'True retention per month',
        stats.retention.months.map(m => ({ label: m.period, value: Math.round((m.all.rate ?? 0) * 100) })),
        { max: 100, unit: '%' },
      )
    case 'forecast30':
      return barChartSvg(
        'Due per day, 30 days',
        stats.forecast.days30.map(d => ({ label: d.date, value: d.due })),
      )
    case 'forecast90':
      return barChartSvg(
        'Due per day, 90 days',
        stats.forecast.days90.map(d => ({ label: d.date, value: d.due })),
      )
    case 'intervals':
      return barChartSvg(
        'Reviewed items by interval',
        stats.intervals.map(b => ({ label: `${b.from}${b.to === null ? '+' : `-${b.to}`} days`, value: b.items })),
      )
    default:
      return null
  }
}

/** `newPerDay`: the corpus's `limits.newPerDay`, said beside the new items the forecast leaves out. */
export function statisticsPage(
  pageName: string,
  stats: Statistics,
  header: string,
  newPerDay: number | null = null,
): GeneratedPage {
  const { retention, totals } = stats
  const yearReviews = stats.reviewsPerDay.reduce((sum, d) => sum + d.reviews, 0)
  const activeDays = stats.reviewsPerDay.filter(d => d.reviews > 0).length
  const due = (days: { due: number }[]) => days.reduce((sum, d) => sum + d.due, 0)
  return {
    name: pageName,
    header,
    children: [
      {
        content: `Reviews: ${yearReviews} in the past year, on ${activeDays} of 365 days (${totals.reviewedItems} of ${totals.items} items reviewed)`,
        children: [{ content: macro('heatmap') }],
      },
      {
        content: `True retention (first review of a day, items seen on an earlier day): young ${percent(retention.total.young)} of ${retention.total.young.total}, mature ${percent(retention.total.mature)} of ${retention.total.mature.total}`,
        children: [
          { content: macro('retention') },
          ...retention.months.map(m => ({
            content: `${m.period}: young ${percent(m.young)} of ${m.young.total}, mature ${percent(m.mature)} of ${m.mature.total}`,
          })),
        ],
      },
      {
        content:
          `Due: ${stats.forecast.days30[0]?.due ?? 0} today, ${due(stats.forecast.days30)} in 30 days, ${due(stats.forecast.days90)} in 90 days` +
          (stats.forecast.new > 0 ? `; besides ${newItemsPhrase(stats.forecast.new, newPerDay)}` : ''),
        children: [{ content: macro('forecast30') }, { content: macro('forecast90') }],
      },
      { content: 'Intervals of the reviewed items', children: [{ content: macro('intervals') }] },
      {
        content: `Leeches: ${stats.leeches.length}`,
        children: stats.leeches.map(l => ({ content: `failed on ${l.failures} days: ${codeSpan(l.item)}` })),
      },
    ],
  }
}
