import { joinParts } from '../ports/byte-parts.js'
import type { CacheStore } from '../ports/cache.js'
import { inObjectStore } from './indexeddb.js'

/**
 * The plugin's cache: the plugin frame's own IndexedDB (docs/adr/0022). Both Logseq lines give
 * the frame one (0.10.15's `file://` frame under Electron, 2.x's frame of the host's origin), it
 * holds tens of megabytes without a round trip through the host, and it is the browser's own
 * storage, so the faithful host in real Chromium serves it exactly as Logseq does. Its own
 * database, so that it never meets the handle store's upgrades; clearing site data deletes it.
 */
const DATABASE = { name: 'notekeeper-cache', store: 'entries' }
/** How many corpora keep an entry (as the CLI's MAX_ENTRIES); older ones are deleted on write. */
const MAX_ENTRIES = 16

/** One record per key: its text or its bytes (the scan and log caches, a Uint8Array, which IndexedDB stores as it is). */
interface Stored {
  text?: string
  bytes?: Uint8Array
  writtenAt: number
}

/** An entry's kind: its key's prefix before the first `-` (`scan`, `log`), so that one corpus's two entries never push each other out. */
const kindOf = (key: IDBValidKey): string =>
  typeof key === 'string' ? key.slice(0, Math.max(0, key.indexOf('-'))) : ''

export function indexedDbCacheStore(idb: IDBFactory, now: () => number = Date.now): CacheStore {
  /** Stores the entry, then keeps, of its kind, the MAX_ENTRIES written last. */
  const put = async (key: string, entry: Stored): Promise<void> => {
    await inObjectStore(idb, DATABASE, 'readwrite', store => store.put(entry, key))
    const keys = await inObjectStore<IDBValidKey[]>(idb, DATABASE, 'readonly', store => store.getAllKeys())
    if (keys.length <= MAX_ENTRIES) return
    const same = keys.filter(k => kindOf(k) === kindOf(key))
    if (same.length <= MAX_ENTRIES) return
    const dated = await Promise.all(
      same.map(async k => ({
        k,
        at: (await inObjectStore<Stored | undefined>(idb, DATABASE, 'readonly', s => s.get(k)))?.writtenAt ?? 0,
      })),
    )
    dated.sort((a, b) => b.at - a.at)
    for (const { k } of dated.slice(MAX_ENTRIES))
      await inObjectStore(idb, DATABASE, 'readwrite', store => store.delete(k))
  }
  return {
    description: `the plugin's IndexedDB (${DATABASE.name})`,
    async read(key) {
      const stored = await inObjectStore<Stored | undefined>(idb, DATABASE, 'readonly', store => store.get(key))
      return stored && typeof stored.text === 'string' ? stored.text : null
    },
    async write(key, text) {
      await put(key, { text, writtenAt: now() })
    },
    async readBytes(key) {
      const stored = await inObjectStore<Stored | undefined>(idb, DATABASE, 'readonly', store => store.get(key))
      return stored && stored.bytes instanceof Uint8Array ? stored.bytes : null
    },
    async writeBytes(key, parts) {
      // One record holds one array: joined here, in the page (an IndexedDB write copies it anyway).
      await put(key, { bytes: joinParts(parts), writtenAt: now() })
    },
    async remove(key) {
      await inObjectStore(idb, DATABASE, 'readwrite', store => store.delete(key))
    },
  }
}
