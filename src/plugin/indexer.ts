import { loadCorpus, type LoadedCorpus, type ScanCache } from '../app/corpus.js'
import type { Vault } from '../ports/vault.js'

/**
 * The plugin's index of the corpus. Every command calls `refresh()` first; the scan cache is keyed
 * by each file's text, so a refresh re-scans only the files that changed since the last one.
 */
export interface Indexer {
  readonly cache: ScanCache
  refresh(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus>
  /** The last corpus loaded, or null before the first refresh. */
  latest(): LoadedCorpus | null
  /** Keeps a corpus another operation already reloaded (after a grade or a triage edit). */
  remember(corpus: LoadedCorpus): void
}

export function createIndexer(vault: () => Vault): Indexer {
  const cache: ScanCache = new Map()
  let last: LoadedCorpus | null = null
  return {
    cache,
    async refresh(onProgress) {
      last = await loadCorpus(vault(), { cache, ...(onProgress ? { onProgress } : {}) })
      return last
    },
    latest: () => last,
    remember(corpus) {
      last = corpus
    },
  }
}
