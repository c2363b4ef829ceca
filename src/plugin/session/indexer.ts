import { loadCorpus, type ScanCache } from '../../app/corpus.js'
import type { Corpus } from '../../core/corpus.js'
import type { Vault } from '../../ports/vault.js'

/**
 * The plugin's index of the corpus. Every command calls `refresh()` first; the scan cache is keyed
 * by each file's text, so a refresh re-scans only the files that changed since the last one.
 */
export interface Indexer {
  readonly cache: ScanCache
  refresh(onProgress?: (done: number, total: number) => void): Promise<Corpus>
  /** The last corpus loaded, or null before the first refresh. */
  latest(): Corpus | null
  /** Keeps a corpus another operation already reloaded (after a grade or a triage edit). */
  remember(corpus: Corpus): void
}

/** `reportUnreadable` hears about files the vault failed to read: loadCorpus keeps going without them, the user must know. */
export function createIndexer(vault: () => Vault, reportUnreadable: (text: string) => void = () => {}): Indexer {
  const cache: ScanCache = new Map()
  let last: Corpus | null = null
  return {
    cache,
    async refresh(onProgress) {
      last = await loadCorpus(vault(), { cache, ...(onProgress ? { onProgress } : {}) })
      if (last.unreadable.length > 0) reportUnreadable(last.unreadable.map(finding => finding.message).join('; '))
      return last
    },
    latest: () => last,
    remember(corpus) {
      last = corpus
    },
  }
}
