import { declaredItems } from '../core/items.js'
import { compareSchedulers, configsForEveryScheduler, type SchedulerForecast } from '../core/forecast.js'
import type { IsoDate } from '../core/types.js'
import type { LoadedCorpus } from './corpus.js'

/** The switch preview of issue 5 for a loaded corpus: the same log replayed under all four schedulers. */
export function forecastCorpus(corpus: LoadedCorpus, today: IsoDate, days: number): SchedulerForecast[] {
  return compareSchedulers({
    reviews: corpus.log.reviews,
    declared: [...declaredItems(corpus.notes).keys()],
    previous: corpus.state,
    today,
    aliases: corpus.config.aliases,
    configs: configsForEveryScheduler(corpus.config),
    days,
  })
}
