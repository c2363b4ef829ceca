import { corpusStatistics } from '../../app/corpus-statistics.js'
import { loadCorpus } from '../../app/load-corpus.js'
import { newItemsPhrase, type PassCount, type Statistics } from '../../core/stats.js'
import { textBars } from '../../core/text-bars.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnSkippedLines } from '../config-output.js'
import { type Command, UsageError } from '../context.js'

const percent = (count: PassCount) => (count.rate === null ? '   -' : `${(count.rate * 100).toFixed(0).padStart(3)}%`)

/**
 * Reviews per week, oldest first, in weeks that end today: the last bar is the past 7 days (365
 * days make 52 weeks and a day, and counted from the oldest day, today stood alone in the last bar).
 */
function weeklySums(days: Statistics['reviewsPerDay']): number[] {
  const weeks = Math.ceil(days.length / 7)
  const sums = new Array<number>(weeks).fill(0)
  days.forEach((day, i) => {
    const week = weeks - 1 - Math.floor((days.length - 1 - i) / 7)
    sums[week] = (sums[week] ?? 0) + day.reviews
  })
  return sums
}

/**
 * `notekeeper stats [--json]`: reviews per day over the past year, true retention (young and
 * mature) by week and month, the due forecast for 30 and 90 days, the intervals, the leeches.
 * Writes nothing.
 */
export const statsCommand: Command = async ctx => {
  if (ctx.args.length > 0) throw new UsageError('usage: notekeeper stats [--json]')
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  const stats = corpusStatistics(corpus, ctx.today)
  if (ctx.json) {
    ctx.out(JSON.stringify(stats, null, 2))
    return 0
  }
  const { totals, retention } = stats
  const yearReviews = stats.reviewsPerDay.reduce((sum, d) => sum + d.reviews, 0)
  const activeDays = stats.reviewsPerDay.filter(d => d.reviews > 0).length
  ctx.out(`${totals.items} items, ${totals.reviewedItems} reviewed; ${totals.reviews} review lines in the log.`)
  ctx.out(`Past year: ${yearReviews} reviews on ${activeDays} of 365 days. Per week (oldest first):`)
  ctx.out(`  ${textBars(weeklySums(stats.reviewsPerDay))}`)
  ctx.out(
    `True retention (first review of a day, items seen on an earlier day): young ${percent(retention.total.young)} of ${retention.total.young.total}, mature ${percent(retention.total.mature)} of ${retention.total.mature.total}`,
  )
  // The last column is the retention's denominator (the reviews it counted, as "of 172" above),
  // not the month's reviews: headed "reviews", it read as those, far too few in a month of
  // learning and drilling.
  ctx.out('  month     young   mature  counted')
  for (const month of retention.months.slice(-12))
    ctx.out(
      `  ${month.period}  ${percent(month.young)}    ${percent(month.mature)}  ${String(month.all.total).padStart(7)}`,
    )
  const due30 = stats.forecast.days30.map(d => d.due)
  const due90 = stats.forecast.days90.map(d => d.due)
  ctx.out(`Due in the next 30 days: ${due30.reduce((a, b) => a + b, 0)} (${due30[0] ?? 0} today)  ${textBars(due30)}`)
  if (stats.forecast.new > 0) ctx.out(`  besides ${newItemsPhrase(stats.forecast.new, corpus.config.limits.newPerDay)}`)
  ctx.out(`Due in the next 90 days: ${due90.reduce((a, b) => a + b, 0)}  ${textBars(due90)}`)
  ctx.out('Intervals of the reviewed items:')
  for (const bucket of stats.intervals)
    ctx.out(
      `  ${`${bucket.from}${bucket.to === null ? '+' : bucket.to === bucket.from ? '' : `-${bucket.to}`} d`.padEnd(10)}${String(bucket.items).padStart(6)}`,
    )
  if (stats.leeches.length === 0) ctx.out('No leeches.')
  else {
    ctx.out(`Leeches (failed on ${corpus.config.leechThreshold} days or more): ${stats.leeches.length}`)
    for (const leech of stats.leeches.slice(0, 20)) ctx.out(`  ${leech.item}  failed on ${leech.failures} days`)
  }
  return 0
}

export const statsSpec: CommandSpec = {
  name: 'stats',
  summary: 'reviews per day, true retention, forecast, intervals, leeches',
  usage: ['[--json]'],
  json: true,
  run: statsCommand,
}
