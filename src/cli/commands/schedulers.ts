import { loadCorpus } from '../../app/corpus.js'
import { forecastCorpus, switchScheduler } from '../../app/schedulers.js'
import { SCHEDULERS } from '../../core/config.js'
import type { SchedulerName } from '../../core/types.js'
import type { CommandSpec } from '../command.js'
import { configInvalid } from '../config-output.js'
import { type Command, flagString, UsageError } from '../context.js'

/**
 * `notekeeper schedulers --compare [--days 30] [--json]`: replays the log under every scheduler
 * and shows, side by side, what each would put due today, per day over the window, and in total.
 * Writes nothing. `--use NAME` switches: it sets "scheduler" in config.json and replays.
 */
export const schedulersCommand: Command = async ctx => {
  const use = flagString(ctx, 'use')
  if (use !== undefined) {
    if (!SCHEDULERS.includes(use as SchedulerName))
      throw new UsageError(`--use ${use}: the schedulers are ${SCHEDULERS.join(', ')}`)
    const { items, changed } = await switchScheduler(ctx.vault, use as SchedulerName, ctx.today)
    ctx.out(
      changed
        ? `config.json now names ${use}; state.json replayed for ${items} items`
        : `${use} was already active; state.json checked (${items} items)`,
    )
    return 0
  }
  if (ctx.flags.get('compare') !== true)
    throw new UsageError('usage: notekeeper schedulers --compare [--days N] [--json] | --use NAME')
  const daysText = flagString(ctx, 'days') ?? '30'
  const days = Number(daysText)
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new UsageError(`--days ${daysText}: give a whole number of days from 1 to 3650`)
  const corpus = await loadCorpus(ctx.vault)
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  const forecasts = forecastCorpus(corpus, ctx.today, days)
  if (ctx.json) {
    ctx.out(JSON.stringify({ today: ctx.today, days, active: corpus.config.scheduler, schedulers: forecasts }, null, 2))
    return 0
  }
  const names = forecasts.map(f => f.scheduler + (f.scheduler === corpus.config.scheduler ? '*' : ''))
  const width = Math.max(8, ...names.map(n => n.length))
  const row = (label: string, cells: (string | number)[]) =>
    `${label.padEnd(10)}${cells.map(c => String(c).padStart(width + 2)).join('')}`
  ctx.out(`Due items per day from ${ctx.today} for ${days} days, by scheduler (* = active, in config.json):`)
  ctx.out(row('', names))
  ctx.out(
    row(
      'today',
      forecasts.map(f => f.dueToday),
    ),
  )
  for (let day = 1; day < days; day++)
    ctx.out(
      row(
        forecasts[0]?.perDay[day]?.date ?? '',
        forecasts.map(f => f.perDay[day]?.due ?? 0),
      ),
    )
  ctx.out(
    row(
      'total',
      forecasts.map(f => f.total),
    ),
  )
  return 0
}

export const schedulersSpec: CommandSpec = {
  name: 'schedulers',
  summary: 'compare the schedulers on the log, or switch to one',
  usage: ['--compare [--days N] [--json]', '--use NAME'],
  options: {
    compare: { type: 'boolean', help: 'what each scheduler would make of the log; writes nothing' },
    days: { type: 'string', value: 'N', help: 'days of the comparison (default 30)' },
    use: { type: 'string', value: 'NAME', help: 'switch to NAME (config.json), then replay' },
  },
  json: true,
  run: schedulersCommand,
}
