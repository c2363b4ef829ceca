import type { Aliases } from './aliases.js'
import { daysBetween } from './dates.js'
import { historiesByItem } from './replay.js'
import type { Scheduler } from './scheduler.js'
import { fsrsModelFor, memoryOf } from './schedulers/fsrs.js'
import { plainSchedulerFor, type SchedulerConfig } from './schedulers/index.js'
import type { IsoDate, Review, SchedulerName, StateEntry } from './types.js'

// Each scheduler judged on the user's own log (SPEC 2, docs/adr/0017-judging-schedulers-on-the-log.md).
// For every review that tests recall across a day, each scheduler predicts the probability of
// recall from the history before it; the predictions are scored against what happened
// (again = forgotten). FSRS predicts with its retrievability; the schedulers without a memory
// model with the curve srs-benchmark gives them: 0.9 ^ (elapsed days / scheduled interval),
// 90 % at the interval they chose.

/** One row of the evaluation: a scheduler as configured, and the name to show it under. */
export interface EvaluatedScheduler {
  label: string
  config: SchedulerConfig
}

export interface Scores {
  /** Reviews scored (first review of a date of an item reviewed on an earlier date, on or after the split). */
  reviews: number
  /** Mean binary cross-entropy of the prediction against the outcome; lower is better. */
  logLoss: number
  /** Calibration: RMSE between mean prediction and pass rate in 20 equal bins of prediction, weighted by size. */
  rmseBins: number
  /** Probability that a passed review was given a higher prediction than a failed one; null with one outcome only. */
  auc: number | null
}

export interface SchedulerEvaluation extends Scores {
  label: string
  scheduler: SchedulerName
  /**
   * The reviews per day the scheduler asks for once it has scheduled every item it has seen:
   * the sum over reviewed items of 1 / (days from the last review to next_due), Anki's "daily load".
   */
  reviewsPerDay: number
}

export interface Evaluation {
  /** Reviews dated before this were only history; those on or after it are scored. Null: nothing to score. */
  splitDate: IsoDate | null
  rows: SchedulerEvaluation[]
}

/** One prediction and what happened. */
export interface Prediction {
  date: IsoDate
  probability: number
  recalled: boolean
}

const CLIP = 1e-4
const BINS = 20

/** A review tests recall across a day when an earlier date of the item's history is before it. */
function testsRecall(history: readonly Review[], index: number): boolean {
  const previous = history[index - 1]
  return previous !== undefined && previous.date !== (history[index] as Review).date
}

/** The recall probability `scheduler` gives an item, `elapsed` days after its last review left it at `entry`. */
export type Predictor = (entry: StateEntry, lastReview: IsoDate, date: IsoDate) => number

function predictorFor(config: SchedulerConfig): Predictor {
  if (config.scheduler === 'fsrs') {
    const model = fsrsModelFor(config.fsrs)
    return (entry, lastReview, date) => {
      const memory = memoryOf(entry)
      return memory === null ? 0.5 : model.retrievability(daysBetween(lastReview, date), memory.stability)
    }
  }
  return (entry, lastReview, date) => {
    const interval = Math.max(1, daysBetween(lastReview, entry.next_due))
    return 0.9 ** (daysBetween(lastReview, date) / interval)
  }
}

/** Every prediction `config`'s scheduler makes on the log, and its final entries (for the daily load). */
export function predictions(
  reviews: readonly Review[],
  config: SchedulerConfig,
  aliases: Aliases = {},
): { predictions: Prediction[]; finals: { entry: StateEntry; lastReview: IsoDate }[] } {
  const scheduler: Scheduler = plainSchedulerFor(config)
  const predict = predictorFor(config)
  const out: Prediction[] = []
  const finals: { entry: StateEntry; lastReview: IsoDate }[] = []
  for (const [id, history] of historiesByItem(reviews, aliases)) {
    let entry = scheduler.initial((history[0] as Review).date)
    history.forEach((review, index) => {
      if (testsRecall(history, index)) {
        const lastReview = (history[index - 1] as Review).date
        out.push({
          date: review.date,
          probability: predict(entry, lastReview, review.date),
          recalled: review.grade !== 'again',
        })
      }
      entry = scheduler.review(entry, review.date, review.grade, id)
    })
    finals.push({ entry, lastReview: (history.at(-1) as Review).date })
  }
  return { predictions: out, finals }
}

/** The date from which the later half of the recall-testing reviews lies (split by time). */
export function splitDateOf(reviews: readonly Review[], aliases: Aliases = {}): IsoDate | null {
  const dates: IsoDate[] = []
  for (const history of historiesByItem(reviews, aliases).values())
    history.forEach((review, index) => {
      if (testsRecall(history, index)) dates.push(review.date)
    })
  if (dates.length === 0) return null
  dates.sort()
  return dates[Math.floor(dates.length / 2)] as IsoDate
}

/** Log loss, RMSE in bins and AUC of a set of predictions (SPEC 2: schedulers --evaluate). */
export function score(scored: readonly Prediction[]): Scores {
  const n = scored.length
  if (n === 0) return { reviews: 0, logLoss: Number.NaN, rmseBins: Number.NaN, auc: null }
  let loss = 0
  const bins = Array.from({ length: BINS }, () => ({ n: 0, p: 0, y: 0 }))
  for (const { probability, recalled } of scored) {
    const p = Math.min(1 - CLIP, Math.max(CLIP, probability))
    loss -= recalled ? Math.log(p) : Math.log(1 - p)
    const bin = bins[Math.min(BINS - 1, Math.floor(probability * BINS))] as { n: number; p: number; y: number }
    bin.n++
    bin.p += probability
    bin.y += recalled ? 1 : 0
  }
  let squared = 0
  for (const bin of bins) if (bin.n > 0) squared += bin.n * ((bin.p - bin.y) / bin.n) ** 2
  return { reviews: n, logLoss: loss / n, rmseBins: Math.sqrt(squared / n), auc: auc(scored) }
}

/** Mann-Whitney AUC, ties counted half. */
function auc(scored: readonly Prediction[]): number | null {
  const sorted = [...scored].sort((a, b) => a.probability - b.probability)
  const positives = sorted.filter(s => s.recalled).length
  const negatives = sorted.length - positives
  if (positives === 0 || negatives === 0) return null
  let rankSum = 0
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j < sorted.length && (sorted[j] as Prediction).probability === (sorted[i] as Prediction).probability) j++
    const meanRank = (i + 1 + j) / 2
    for (let k = i; k < j; k++) if ((sorted[k] as Prediction).recalled) rankSum += meanRank
    i = j
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives)
}

/** Every row scored on the reviews from the split date on; the history before it only feeds the schedulers. */
export function evaluateSchedulers(
  reviews: readonly Review[],
  rows: readonly EvaluatedScheduler[],
  aliases: Aliases = {},
  splitDate: IsoDate | null = splitDateOf(reviews, aliases),
): Evaluation {
  return {
    splitDate,
    rows: rows.map(({ label, config }) => {
      const result = predictions(reviews, config, aliases)
      const scored = splitDate === null ? [] : result.predictions.filter(p => p.date >= splitDate)
      let load = 0
      for (const { entry, lastReview } of result.finals)
        load += 1 / Math.max(1, daysBetween(lastReview, entry.next_due))
      return { label, scheduler: config.scheduler, ...score(scored), reviewsPerDay: load }
    }),
  }
}
