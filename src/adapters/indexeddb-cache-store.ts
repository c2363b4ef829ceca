import type { CacheStore } from '../ports/cache.js'

/**
 * The plugin's cache: the plugin frame's own IndexedDB (docs/adr/0022). Both Logseq lines give
 * the frame one (0.10.15's `file://` frame under Electron, 2.x's frame of the host's origin), it
 * holds tens of megabytes without a round trip through the host, and it is the browser's own
 * storage, so the faithful host in real Chromium serves it exactly as Logseq does. Its own
 * database, so that it never meets the handle store's upgrades; clearing site data deletes it.
 */
const DB_NAME = 'notekeeper-cache'
const STORE = 'entries'
/** How many corpora keep an entry (as the CLI's MAX_ENTRIES); older ones are deleted on write. */
const MAX_ENTRIES = 16

interface Stored {
  text: string
  writtenAt: number
}

export function indexedDbCacheStore(idb: IDBFactory, now: () => number = Date.now): CacheStore {
  return {
    description: `the plugin's IndexedDB (${DB_NAME})`,
    async read(key) {
      const stored = await run<Stored | undefined>(idb, 'readonly', store => store.get(key))
      return stored && typeof stored.text === 'string' ? stored.text : null
    },
    async write(key, text) {
      await run(idb, 'readwrite', store => store.put({ text, writtenAt: now() } satisfies Stored, key))
      const keys = await run<IDBValidKey[]>(idb, 'readonly', store => store.getAllKeys())
      if (keys.length <= MAX_ENTRIES) return
      const dated = await Promise.all(
        keys.map(async k => ({
          k,
          at: (await run<Stored | undefined>(idb, 'readonly', s => s.get(k)))?.writtenAt ?? 0,
        })),
      )
      dated.sort((a, b) => b.at - a.at)
      for (const { k } of dated.slice(MAX_ENTRIES)) await run(idb, 'readwrite', store => store.delete(k))
    },
    async remove(key) {
      await run(idb, 'readwrite', store => store.delete(key))
    },
  }
}

function open(idb: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = idb.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'))
  })
}

async function run<T>(
  idb: IDBFactory,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open(idb)
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode)
      const request = act(transaction.objectStore(STORE))
      // A write is done when its transaction commits, not when its request succeeds.
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () => reject(transaction.error ?? request.error ?? new Error('IndexedDB request failed'))
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
    })
  } finally {
    db.close()
  }
}
