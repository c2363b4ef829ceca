import type { CorpusEvaluation } from '../../app/compare-schedulers.js'
import type { SchedulerForecast } from '../../core/forecast.js'
import { textBars } from '../../core/text-bars.js'
import type { SchedulerName } from '../../core/types.js'
import type { BatchBlock } from '../host/host.js'
import type { GeneratedPage } from './generated-page.js'
import { codeSpan } from './logseq-escape.js'

const fixed = (value: number | null, digits: number) =>
  value === null || Number.isNaN(value) ? '-' : value.toFixed(digits)

/** The evaluation block: each scheduler's predictions scored on the user's own log (issue 11, point 7). */
function evaluationBlock(evaluation: CorpusEvaluation): BatchBlock {
  if (evaluation.splitDate === null)
    return { content: 'Judged on your log: nothing to judge yet (no item reviewed on two different days).' }
  const reviews = evaluation.rows[0]?.reviews ?? 0
  const children: BatchBlock[] = evaluation.rows.map(row => ({
    content: `${codeSpan(row.label)}: log loss ${fixed(row.logLoss, 4)}, RMSE(bins) ${fixed(row.rmseBins, 4)}, AUC ${fixed(row.auc, 3)}, ${fixed(row.reviewsPerDay, 1)} reviews per day`,
  }))
  if (evaluation.fitted.source === 'none')
    children.push({ content: `No fitted FSRS row: ${codeSpan(evaluation.fitted.reason)}` })
  return {
    content: `Judged on your log: each scheduler's predicted recall on your ${reviews} reviews since ${evaluation.splitDate} (lower log loss and RMSE predict your memory better)`,
    children,
  }
}

/** `Notekeeper Schedulers`: the same log replayed under every scheduler (issue 5's switch preview), and each judged on it. */
export function schedulersPage(
  pageName: string,
  forecasts: readonly SchedulerForecast[],
  active: SchedulerName,
  header: string,
  evaluation?: CorpusEvaluation,
): GeneratedPage {
  const max = Math.max(0, ...forecasts.flatMap(f => f.perDay.map(d => d.due)))
  const first = forecasts[0]?.perDay[0]?.date ?? ''
  const last = forecasts[0]?.perDay.at(-1)?.date ?? ''
  return {
    name: pageName,
    header,
    children: [
      ...forecasts.map(f => ({
        content: `Scheduler ${codeSpan(f.scheduler)}${f.scheduler === active ? ' (active)' : ' (if switched now, each item keeping its due date; one reviewed today is re-dated at once)'}: ${f.dueToday} due today, ${f.total} due from ${first} to ${last}`,
        children: [
          {
            content: `Per day: ${textBars(
              f.perDay.map(d => d.due),
              max,
            )}`,
          },
          { content: `Busiest day: ${busiest(f)}` },
          ...(f.scheduler === active
            ? []
            : [
                {
                  content: `If switched with rescheduling (every item re-dated at once): ${f.rescheduled.dueToday} due today, ${f.rescheduled.total} in the window: ${textBars(
                    f.rescheduled.perDay.map(d => d.due),
                    Math.max(max, ...f.rescheduled.perDay.map(d => d.due)),
                  )}`,
                },
              ]),
        ],
      })),
      ...(evaluation ? [evaluationBlock(evaluation)] : []),
    ],
  }
}

function busiest(forecast: SchedulerForecast): string {
  const top = forecast.perDay.reduce((best, day) => (day.due > best.due ? day : best), { date: '', due: 0 })
  return top.due === 0 ? 'none' : `${top.date} with ${top.due}`
}
