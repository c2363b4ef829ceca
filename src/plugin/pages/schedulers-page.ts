import type { SchedulerForecast } from '../../core/forecast.js'
import type { SchedulerName } from '../../core/types.js'
import type { GeneratedPage } from './generated-page.js'
import { codeSpan } from './logseq-escape.js'

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const

/**
 * One line of bars, a day each, scaled to the busiest day of ALL schedulers so that the rows can be
 * compared by eye. Plain Unicode block characters: nothing Logseq would read as markup.
 */
export function sparkline(counts: readonly number[], max: number): string {
  return counts
    .map(n => (n === 0 ? '·' : BARS[Math.min(BARS.length - 1, Math.floor(((n - 1) / Math.max(max, 1)) * BARS.length))]))
    .join('')
}

/** `Notekeeper/Schedulers`: the same log replayed under every scheduler (issue 5's switch preview). */
export function schedulersPage(
  pageName: string,
  forecasts: readonly SchedulerForecast[],
  active: SchedulerName,
  header: string,
): GeneratedPage {
  const max = Math.max(0, ...forecasts.flatMap(f => f.perDay.map(d => d.due)))
  const first = forecasts[0]?.perDay[0]?.date ?? ''
  const last = forecasts[0]?.perDay.at(-1)?.date ?? ''
  return {
    name: pageName,
    header,
    children: forecasts.map(f => ({
      content: `Scheduler ${codeSpan(f.scheduler)}${f.scheduler === active ? ' (active)' : ''}: ${f.dueToday} due today, ${f.total} due from ${first} to ${last}`,
      children: [
        {
          content: `Per day: ${sparkline(
            f.perDay.map(d => d.due),
            max,
          )}`,
        },
        { content: `Busiest day: ${busiest(f)}` },
      ],
    })),
  }
}

function busiest(forecast: SchedulerForecast): string {
  const top = forecast.perDay.reduce((best, day) => (day.due > best.due ? day : best), { date: '', due: 0 })
  return top.due === 0 ? 'none' : `${top.date} with ${top.due}`
}
