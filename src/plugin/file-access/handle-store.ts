import { inObjectStore } from '../../adapters/indexeddb.js'

/**
 * Keeps the File System Access directory handle across restarts. Handles are structured-cloneable,
 * so IndexedDB can hold them (localStorage cannot). Permission is NOT kept: after a restart the
 * browser answers `prompt`, and the plugin asks again on a click (access.ts).
 */

const DATABASE = { name: 'notekeeper', store: 'handles' }
const KEY = 'corpus'

export interface HandleStore {
  load(): Promise<unknown>
  save(handle: unknown): Promise<void>
  clear(): Promise<void>
}

export function indexedDbHandleStore(idb: IDBFactory): HandleStore {
  return {
    load: () => inObjectStore(idb, DATABASE, 'readonly', store => store.get(KEY)),
    save: async handle => {
      await inObjectStore(idb, DATABASE, 'readwrite', store => store.put(handle, KEY))
    },
    clear: async () => {
      await inObjectStore(idb, DATABASE, 'readwrite', store => store.delete(KEY))
    },
  }
}
