import type { Corpus } from '../core/corpus.js'
import { derivedState } from '../core/snapshot.js'
import { type Statistics, statistics } from '../core/stats.js'
import type { IsoDate } from '../core/types.js'

/** The statistics of a loaded corpus today, from its log and the state a replay gives (nothing is written). */
export function corpusStatistics(corpus: Corpus, today: IsoDate): Statistics {
  return statistics({
    reviews: corpus.log.all(),
    state: derivedState(corpus, today),
    today,
    leechThreshold: corpus.config.leechThreshold,
    aliases: corpus.config.aliases,
  })
}
