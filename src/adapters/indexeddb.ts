/**
 * One request against one object store of an IndexedDB database of the plugin's frame, in its own
 * transaction, the database opened (and created at version 1 with that one store) for it and
 * closed after. Shared by the scan cache and the saved folder handle, each in its own database.
 */
export async function inObjectStore<T>(
  idb: IDBFactory,
  database: { name: string; store: string },
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open(idb, database)
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(database.store, mode)
      const request = act(transaction.objectStore(database.store))
      // A write is done when its transaction commits, not when its request succeeds.
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () => reject(transaction.error ?? request.error ?? new Error('IndexedDB request failed'))
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
    })
  } finally {
    db.close()
  }
}

function open(idb: IDBFactory, database: { name: string; store: string }): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = idb.open(database.name, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(database.store)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'))
  })
}
