import { type Statistics, statistics } from '../core/stats.js'
import type { IsoDate } from '../core/types.js'
import type { LoadedCorpus } from './corpus.js'
import { derivedState } from './schedule.js'

/** The statistics of a loaded corpus today, from its log and the state a replay gives (nothing is written). */
export function corpusStatistics(corpus: LoadedCorpus, today: IsoDate): Statistics {
  return statistics({
    reviews: corpus.log.all(),
    state: derivedState(corpus, today),
    today,
    leechThreshold: corpus.config.leechThreshold,
    aliases: corpus.config.aliases,
  })
}
