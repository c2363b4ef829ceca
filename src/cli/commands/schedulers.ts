import {
  forecastCorpus,
  type SwitchOutcome,
  SwitchRefusedError,
  switchScheduler,
} from '../../app/compare-schedulers.js'
import { loadCorpus } from '../../app/load-corpus.js'
import { SCHEDULERS } from '../../core/config.js'
import type { SchedulerName } from '../../core/types.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnSkippedLines } from '../config-output.js'
import { type Command, flagString, UsageError } from '../context.js'
import { evaluateCommand } from './schedulers-evaluate.js'

/**
 * The three things `schedulers` does, each chosen by its option, and the options that go with
 * each (`--corpus`, `--today` and `-h` go with all). Anything else given with a mode was accepted
 * and ignored before: `--use fsrs --compare` switched the scheduler when a person asked to compare.
 */
const MODES: Readonly<Record<string, readonly string[]>> = {
  compare: ['days', 'json'],
  evaluate: ['json'],
  use: ['reschedule'],
}
const ALWAYS = new Set(['corpus', 'today', 'help'])
const CHOOSE = 'give one of --compare, --evaluate, --use NAME'

/** Exactly one mode, and only the options that go with it: else a usage error naming them, before anything is read. */
export function checkSchedulersOptions({ options }: { options: ReadonlyMap<string, string | true> }): void {
  const given = [...options.keys()].filter(name => !ALWAYS.has(name))
  const modes = given.filter(name => Object.hasOwn(MODES, name))
  if (modes.length > 1)
    throw new UsageError(`schedulers: ${modes.map(m => `--${m}`).join(' and ')} do not go together: ${CHOOSE}`)
  const mode = modes[0]
  const stray = given.find(name => name !== mode && !(mode !== undefined && MODES[mode]?.includes(name)))
  if (stray === undefined) {
    if (mode === undefined) throw new UsageError(`schedulers: ${CHOOSE}`)
    return
  }
  const owners = Object.keys(MODES).filter(m => MODES[m]?.includes(stray))
  const goesWith = `--${stray} goes with ${owners.map(m => `--${m}`).join(' or ')}`
  throw new UsageError(
    `schedulers: ${mode === undefined ? `${goesWith}: ${CHOOSE}` : `${goesWith}, not with --${mode}`}`,
  )
}

/**
 * `notekeeper schedulers --compare [--days 30] [--json]`: replays the log under every scheduler
 * and shows, side by side, what each would put due today, per day over the window, and in total,
 * for a switch that keeps every item's due date and for one that re-dates them all. Writes
 * nothing. `--use NAME` switches (each item keeps its due date until its next review);
 * `--use NAME --reschedule` re-dates everything at once. `--evaluate` scores every scheduler
 * on the user's own log (schedulers-evaluate.ts).
 */
/** What a switch did, in the words of SPEC 1.6: the items reviewed on the switch's date are re-dated at once. */
function switchMessage(use: string, reschedule: boolean, outcome: SwitchOutcome, today: string): string {
  const { items, changed, redated } = outcome
  if (!changed) return `${use} was already active; state.json checked (${items} items)`
  if (reschedule)
    return `config.json now names ${use}; every item re-dated by it (state.json replayed for ${items} items, ${redated} with a new due date)`
  if (redated === 0)
    return `config.json now names ${use}; every item keeps its due date until its next review (${items} items)`
  return (
    `config.json now names ${use}; every item keeps its due date until its next review (${items} items), ` +
    `except ${redated} reviewed on ${today}, which ${use} re-dates at once`
  )
}

export const schedulersCommand: Command = async ctx => {
  const use = flagString(ctx, 'use')
  if (use !== undefined) {
    if (!SCHEDULERS.includes(use as SchedulerName))
      throw new UsageError(`--use ${use}: the schedulers are ${SCHEDULERS.join(', ')}`)
    const reschedule = ctx.flags.get('reschedule') === true
    let outcome: SwitchOutcome
    try {
      outcome = await switchScheduler(ctx.vault, use as SchedulerName, ctx.today, {
        reschedule,
        load: { cache: ctx.scanCache, logCache: ctx.logCache },
      })
    } catch (error) {
      // Said as a refusal, not as a mistyped command (no usage block after it).
      if (error instanceof SwitchRefusedError) {
        ctx.err(`notekeeper: --use ${use}: ${error.message} (give --today ${error.lastDate} or later); nothing written`)
        return 2
      }
      throw error
    }
    warnSkippedLines(ctx, outcome.corpus)
    ctx.out(switchMessage(use, reschedule, outcome, ctx.today))
    return 0
  }
  if (ctx.flags.get('evaluate') === true) return evaluateCommand(ctx)
  // The combinations were checked at parsing (checkSchedulersOptions): this is --compare.
  const daysText = flagString(ctx, 'days') ?? '30'
  // Digits only: Number() also reads `0x10`, `1e2` and ` 30` as whole numbers, which no one means as days.
  const days = /^\d+$/.test(daysText) ? Number(daysText) : Number.NaN
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new UsageError(`--days ${daysText}: give a whole number of days from 1 to 3650`)
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  const forecasts = forecastCorpus(corpus, ctx.today, days)
  if (ctx.json) {
    ctx.out(JSON.stringify({ today: ctx.today, days, active: corpus.config.scheduler, schedulers: forecasts }, null, 2))
    return 0
  }
  const names = forecasts.map(f => f.scheduler + (f.scheduler === corpus.config.scheduler ? '*' : ''))
  const width = Math.max(8, ...names.map(n => n.length))
  const row = (label: string, cells: (string | number)[]) =>
    `${label.padEnd(10)}${cells.map(c => String(c).padStart(width + 2)).join('')}`
  ctx.out(
    `Due items per day from ${ctx.today} for ${days} days, by scheduler (* = active, in config.json), if switched with --use (each item keeps its due date until its next review, but one reviewed today is re-dated at once):`,
  )
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
  ctx.out(`The same with --reschedule (every item re-dated by the new scheduler at once):`)
  ctx.out(
    row(
      'today',
      forecasts.map(f => f.rescheduled.dueToday),
    ),
  )
  for (let day = 1; day < days; day++)
    ctx.out(
      row(
        forecasts[0]?.perDay[day]?.date ?? '',
        forecasts.map(f => f.rescheduled.perDay[day]?.due ?? 0),
      ),
    )
  ctx.out(
    row(
      'total',
      forecasts.map(f => f.rescheduled.total),
    ),
  )
  return 0
}

export const schedulersSpec: CommandSpec = {
  name: 'schedulers',
  summary: 'compare the schedulers on the log, or switch to one',
  usage: ['--compare [--days N] [--json]', '--evaluate [--json]', '--use NAME [--reschedule]'],
  options: {
    compare: { type: 'boolean', help: 'what each scheduler would make of the log; writes nothing' },
    days: { type: 'string', value: 'N', help: 'days of the comparison (default 30)' },
    evaluate: { type: 'boolean', help: "each scheduler's predictions scored on the log; writes nothing" },
    use: { type: 'string', value: 'NAME', help: 'switch to NAME (config.json); items keep their due dates' },
    reschedule: { type: 'boolean', help: 'with --use: re-date every item under the new scheduler' },
  },
  json: true,
  checkOptions: checkSchedulersOptions,
  run: schedulersCommand,
}
