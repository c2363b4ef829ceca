import { foldHistory, type HistoryFolding } from '../replay.js'
import type { Scheduler } from '../scheduler.js'
import type { IsoDate, Review, SchedulerName, SchedulerSwitch, StateEntry } from '../types.js'

// Switching without an avalanche (SPEC 1.6, docs/adr/0016-switching-without-an-avalanche.md).
// `config.switches` records each `schedulers --use`: the date and the two names. An item keeps
// the due date the scheduler of its last review gave it; from its next review on, the active
// scheduler takes over, with a memory state built from the whole history. Everything but that
// one date is always the active scheduler's fold, so the state stays a function of the log,
// the declared items and config.json.

interface Regime {
  /** The first date this scheduler was active on (undefined: from the beginning of the log). */
  from: IsoDate | undefined
  name: SchedulerName
  /** FSRS weights other than config.json's, in force then (`fromWeights` of the switch that ended it). */
  weights?: number[]
}

/**
 * The schedulers in force over time, or null when the record does not end at `active` (a
 * `scheduler` key edited by hand after the last switch): then the active one replays everything.
 */
export function regimesOf(switches: readonly SchedulerSwitch[], active: SchedulerName): Regime[] | null {
  const inOrder = [...switches].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const last = inOrder.at(-1)
  if (last === undefined || last.to !== active) return null
  // A regime's weights are those the switch that ends it recorded (the last one's: config.json's).
  const weightsOf = (index: number): { weights?: number[] } => {
    const recorded = inOrder[index]?.fromWeights
    return recorded === undefined ? {} : { weights: recorded }
  }
  return [
    { from: undefined, name: (inOrder[0] as SchedulerSwitch).from, ...weightsOf(0) },
    ...inOrder.map((s, k) => ({ from: s.date, name: s.to, ...weightsOf(k + 1) })),
  ]
}

/** The regime in force on `date`: a review on a switch's date is the new scheduler's. */
function regimeOn(regimes: readonly Regime[], date: IsoDate): Regime {
  let found = regimes[0] as Regime
  for (const regime of regimes) if (regime.from === undefined || regime.from <= date) found = regime
  return found
}

/**
 * `active`, made to honour the recorded switches: its `review` is the active scheduler's (a new
 * review is always scheduled by it), and a whole history folds to the active scheduler's entry
 * with the `next_due` of the scheduler that was in force at the history's last review.
 */
export function switchAware(
  active: Scheduler,
  switches: readonly SchedulerSwitch[],
  make: (name: SchedulerName, weights?: readonly number[]) => Scheduler,
): Scheduler {
  const regimes = regimesOf(switches, active.name)
  if (regimes === null) return active
  const others = new Map<Regime, Scheduler>()
  const folding: HistoryFolding = {
    foldHistory(start: StateEntry, history: readonly Review[]): StateEntry {
      const full = foldHistory(start, history, active)
      const last = history.at(-1)
      if (last === undefined) return full
      const then = regimeOn(regimes, last.date)
      if (then.name === active.name && then.weights === undefined) return full
      let scheduler = others.get(then)
      if (scheduler === undefined) others.set(then, (scheduler = make(then.name, then.weights)))
      const kept = foldHistory(scheduler.initial(start.next_due), history, scheduler)
      return { ...full, next_due: kept.next_due }
    },
  }
  return {
    name: active.name,
    initial: nextDue => active.initial(nextDue),
    review: (entry, date, grade, item) => active.review(entry, date, grade, item),
    ...folding,
  } as Scheduler & HistoryFolding
}

/**
 * The record `schedulers --use to` leaves when `from` is active on `today` (ADR 0016). A record
 * that does not end at `from` was overtaken by a hand edit, which replays fully: the new record
 * starts afresh from there.
 */
export function switchesAfterUse(
  switches: readonly SchedulerSwitch[],
  from: SchedulerName,
  to: SchedulerName,
  today: IsoDate,
  fsrsWeights?: readonly number[],
): SchedulerSwitch[] {
  if (from === to) return [...switches]
  const chain = switches.at(-1)?.to === from ? switches : []
  // Leaving FSRS: the weights it ran with, so that new weights written later (fsrs optimize) do
  // not re-date what FSRS dated before this switch.
  const weights = from === 'fsrs' && fsrsWeights !== undefined ? { fromWeights: [...fsrsWeights] } : {}
  return [...chain, { date: today, from, to, ...weights }]
}

/**
 * The record `fsrs optimize --write` leaves when FSRS is active on `today` and its weights change
 * from `before` (SPEC 1.6): a switch from fsrs to fsrs that keeps the old weights, so that every
 * item keeps the date they gave it until its next review, which the new weights schedule (as
 * Anki keeps due dates when its parameters change, unless asked to reschedule). A record that
 * does not end at fsrs was overtaken by a hand edit: the new record starts afresh from there.
 */
export function switchesAfterWeights(
  switches: readonly SchedulerSwitch[],
  before: readonly number[],
  today: IsoDate,
): SchedulerSwitch[] {
  const chain = switches.at(-1)?.to === 'fsrs' ? switches : []
  return [...chain, { date: today, from: 'fsrs', to: 'fsrs', fromWeights: [...before] }]
}

/**
 * Why `schedulers --use` cannot record a switch from `from` on `today` (and the date it must not
 * come before), or null. A switch dated
 * before the last one of the record would be sorted before it, so the record would no longer
 * end at the scheduler named in config.json, and the whole log would be replayed (an avalanche)
 * while the command said every item keeps its date.
 */
export function switchDateRefusal(
  switches: readonly SchedulerSwitch[],
  from: SchedulerName,
  today: IsoDate,
): { message: string; lastDate: IsoDate } | null {
  const last = switches.at(-1)
  if (last === undefined || last.to !== from || last.date <= today) return null
  return {
    message: `the last switch, from ${last.from} to ${last.to}, is dated ${last.date}, after ${today}: a switch cannot be dated before it`,
    lastDate: last.date,
  }
}
