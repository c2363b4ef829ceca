/**
 * Keeps the File System Access directory handle across restarts. Handles are structured-cloneable,
 * so IndexedDB can hold them (localStorage cannot). Permission is NOT kept: after a restart the
 * browser answers `prompt`, and the plugin asks again on a click (access.ts).
 */

const DB_NAME = 'notekeeper'
const STORE = 'handles'
const KEY = 'corpus'

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
      const request = act(db.transaction(STORE, mode).objectStore(STORE))
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
    })
  } finally {
    db.close()
  }
}

export interface HandleStore {
  load(): Promise<unknown>
  save(handle: unknown): Promise<void>
  clear(): Promise<void>
}

export function indexedDbHandleStore(idb: IDBFactory): HandleStore {
  return {
    load: () => run(idb, 'readonly', store => store.get(KEY)),
    save: async handle => {
      await run(idb, 'readwrite', store => store.put(handle, KEY))
    },
    clear: async () => {
      await run(idb, 'readwrite', store => store.delete(KEY))
    },
  }
}
