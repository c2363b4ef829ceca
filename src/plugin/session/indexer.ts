import { loadCorpus } from '../../app/load-corpus.js'
import { createLogCache, type LogCache, logCacheKey } from '../../app/log-cache.js'
import { createScanCache, type ScanCache, scanCacheKey } from '../../app/scan-cache.js'
import type { Corpus } from '../../core/corpus.js'
import type { Finding } from '../../core/types.js'
import type { CacheStore } from '../../ports/cache.js'
import type { Vault } from '../../ports/vault.js'

/**
 * The plugin's index of the corpus. Every command calls `refresh()` first; the scan cache
 * (src/app/scan-cache.ts) serves each note that did not change since the last load without
 * scanning it, or reading it when its stamp proves it; with a store, across restarts too.
 */
export interface Indexer {
  /** The scan cache of the corpus open now (one per corpus: a folder chosen again gets its own). */
  readonly cache: ScanCache
  refresh(onProgress?: (done: number, total: number) => void): Promise<Corpus>
  /** The last corpus loaded, or null before the first refresh. */
  latest(): Corpus | null
  /**
   * Keeps a corpus another operation already reloaded (after a grade or a triage edit) from
   * `from`: ignored when another folder has been opened since (its corpus is not the index).
   */
  remember(corpus: Corpus, from: Vault): void
}

/**
 * `reportUnreadable` hears about files the vault failed to read: loadCorpus keeps going without
 * them, the user must know. `store` keeps the scan cache between sessions (the frame's IndexedDB).
 */
export function createIndexer(
  vault: () => Vault,
  reportUnreadable: (text: string) => void = () => {},
  store?: CacheStore,
): Indexer {
  let current: { location: string; cache: ScanCache; log: LogCache } | null = null
  const cacheOf = (location: string): { cache: ScanCache; log: LogCache } => {
    if (current?.location !== location)
      current = {
        location,
        cache: createScanCache(store ? { store: { cache: store, key: scanCacheKey(location) } } : {}),
        log: createLogCache(store ? { store: { cache: store, key: logCacheKey(location) } } : {}),
      }
    return current
  }
  let last: Corpus | null = null
  return {
    get cache() {
      return cacheOf(vault().description).cache
    },
    async refresh(onProgress) {
      const open = vault()
      const { cache, log } = cacheOf(open.description)
      const corpus = await loadCorpus(open, { cache, logCache: log, ...(onProgress ? { onProgress } : {}) })
      // Another folder opened meanwhile (the settings changed): this one is no longer the index.
      if (vault() !== open) return corpus
      last = corpus
      if (corpus.unreadable.length > 0) reportUnreadable(corpus.unreadable.map(unreadableText).join('; '))
      return corpus
    },
    latest: () => last,
    remember(corpus, from) {
      if (from !== vault()) return
      last = corpus
    },
  }
}

/** A `note-unreadable` message names its file already; the others (a skipped link, bytes not UTF-8) are given it. */
function unreadableText(finding: Finding): string {
  if (finding.rule === 'note-unreadable') return finding.message
  return `${finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`}: ${finding.message}`
}
