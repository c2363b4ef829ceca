import type * as Binding from '@open-spaced-repetition/binding'
import type { Aliases } from '../core/aliases.js'
import { daysBetween } from '../core/dates.js'
import { historiesByItem } from '../core/replay.js'
import { fsrs6Parameters } from '../core/schedulers/fsrs.js'
import type { Grade, Review } from '../core/types.js'

// Fitting FSRS's weights to the user's own log with fsrs-rs, through its Node binding
// (`computeParameters`, `@open-spaced-repetition/binding` 0.5.0: a prebuilt N-API binary per
// platform pulled by its optionalDependencies; its only wasm32 fallback is the older 0.1.2). The binding is an optional native package: it is loaded only
// when asked for, so the CLI and the plugin work without it and a missing build is a message.

const BINDING = '@open-spaced-repetition/binding'

/**
 * Below this many items reviewed on two different days, fsrs-rs cannot evaluate the weights:
 * on simulated Leitner logs (120 days, 3 seeds) its NotEnoughData stopped between 30 and 50 such
 * items, ~170-280 training reviews. fsrs-rs decides in the end; this floor makes "how many more"
 * answerable before it does.
 */
export const MIN_REVIEWED_ITEMS = 50

const RATING: Record<Grade, number> = { again: 1, hard: 2, good: 3, easy: 4 }

export interface Metrics {
  logLoss: number
  rmseBins: number
}

export interface OptimizeResult {
  /** Whether the history sufficed to fit weights. */
  enough: boolean
  /** When not enough: what more history is needed, in words for the user. */
  needed?: string
  /** The starting weights (the defaults, or `options.weights`) on the user's reviews; null when fsrs-rs cannot evaluate so little. */
  before: Metrics | null
  /** The fitted weights on the same reviews (in-sample, so somewhat optimistic). */
  after?: Metrics
  /** The fitted FSRS-6 weights (21), rounded to 4 decimals, for `config.json`'s `fsrs.weights`. */
  weights?: number[]
  /**
   * Whether the fitted weights predict the same reviews better than the current ones: lower log
   * loss and no higher RMSE(bins). Only then are they offered for writing (as Anki keeps its old
   * weights when the new ones are worse).
   */
  better: boolean
}

/** The guard of `fsrs optimize --write`: lower log loss, and RMSE(bins) no worse. */
export function isImprovement(before: Metrics | null, after: Metrics | undefined): boolean {
  if (before === null || after === undefined) return false
  return after.logLoss < before.logLoss && after.rmseBins <= before.rmseBins
}

export interface OptimizeOptions {
  /** The weights in use now, to compare against; default: the library's defaults. */
  weights?: readonly number[]
  /**
   * The ids notes declare: when given, only they count toward MIN_REVIEWED_ITEMS. Reviews of ids
   * no note declares stay in the log (SPEC 1.4) but counted, "42 of 50" was said of a corpus of 41.
   */
  declared?: ReadonlySet<string>
}

/** One training example: an item's reviews up to one of them, each with its gap in days (0 for the first). */
export type TrainingItem = { rating: number; deltaT: number }[]

/** Thrown when the optional native optimiser cannot be loaded on this machine. */
export class OptimizerUnavailableError extends Error {
  override name = 'OptimizerUnavailableError'
}

/**
 * The training set fsrs-rs expects: for each item (aliases followed) and each of its reviews that
 * comes at least a day after the previous one, the whole history up to that review. Same-day
 * repeats stay inside the histories, as the scheduler sees them, but never end one: there is no
 * recall across a day to learn from them, and fsrs-rs aborts the process on an item without any.
 */
export function trainingItems(reviews: readonly Review[], aliases: Aliases = {}): TrainingItem[] {
  const items: TrainingItem[] = []
  for (const history of historiesByItem(reviews, aliases).values()) {
    const steps = history.map((review, i) => ({
      rating: RATING[review.grade],
      deltaT: i === 0 ? 0 : daysBetween(history[i - 1]!.date, review.date),
    }))
    for (let end = 1; end < steps.length; end++) {
      if (steps[end]!.deltaT > 0) items.push(steps.slice(0, end + 1))
    }
  }
  return items
}

/** Items that have at least one review a day or more after an earlier one: what the floor counts. */
function reviewedItemCount(reviews: readonly Review[], aliases: Aliases, declared?: ReadonlySet<string>): number {
  let count = 0
  for (const [id, history] of historiesByItem(reviews, aliases)) {
    if (declared !== undefined && !declared.has(id)) continue
    if (history.some((review, i) => i > 0 && review.date !== history[i - 1]!.date)) count++
  }
  return count
}

async function loadBinding(): Promise<typeof Binding> {
  try {
    // A variable specifier keeps bundlers from pulling the native package into the plugin build.
    const specifier = BINDING
    return (await import(/* @vite-ignore */ specifier)) as typeof Binding
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const platform = typeof process === 'undefined' ? 'this host' : `${process.platform}-${process.arch}`
    throw new OptimizerUnavailableError(
      `The FSRS optimiser needs the optional package ${BINDING} with a native build for ${platform} ` +
        `(install it with: npm install ${BINDING}@0.5.0). Loading it failed: ${reason}`,
      { cause: error },
    )
  }
}

function evaluate(
  binding: typeof Binding,
  items: Binding.FSRSBindingItem[],
  weights?: readonly number[],
): Metrics | null {
  if (items.length === 0) return null
  try {
    const { logLoss, rmseBins } = new binding.FSRSBinding(fsrs6Parameters(weights ?? [])).evaluate(items)
    return { logLoss, rmseBins }
  } catch (error) {
    if (error instanceof Error && /NotEnoughData/.test(error.message)) return null
    throw error
  }
}

/**
 * Fits FSRS weights to the log (SPEC 1.8 `fsrs.weights`), or says how much more history it needs.
 * Throws OptimizerUnavailableError when the native optimiser is not installed for this platform.
 */
export async function optimizeFsrs(
  reviews: readonly Review[],
  aliases: Aliases = {},
  options: OptimizeOptions = {},
): Promise<OptimizeResult> {
  const binding = await loadBinding()
  const items = trainingItems(reviews, aliases).map(
    steps => new binding.FSRSBindingItem(steps.map(s => new binding.FSRSBindingReview(s.rating, s.deltaT))),
  )
  const before = evaluate(binding, items, options.weights)
  const reviewed = reviewedItemCount(reviews, aliases, options.declared)
  if (reviewed < MIN_REVIEWED_ITEMS) {
    const more = MIN_REVIEWED_ITEMS - reviewed
    return {
      enough: false,
      needed: `${more} more item${more === 1 ? '' : 's'} reviewed on two different days (${reviewed} of ${MIN_REVIEWED_ITEMS} so far)`,
      before,
      better: false,
    }
  }
  if (before === null) {
    return {
      enough: false,
      needed: 'more reviews: fsrs-rs found too few items with a comparable first review to fit weights yet',
      before,
      better: false,
    }
  }
  const fitted = await binding.computeParameters(items, { enableShortTerm: false })
  const weights = fitted.map(w => Math.round(w * 10_000) / 10_000)
  const after = evaluate(binding, items, weights) ?? undefined
  return { enough: true, before, ...(after ? { after } : {}), weights, better: isImprovement(before, after) }
}
