import type { IDBFactory } from 'fake-indexeddb'

/** Holds a read-write transaction on the sandbox's stores open, as a busy other tab would. */
export async function holdTransaction(indexedDB: IDBFactory, name: string, forMs: number): Promise<{ released: Promise<void> }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => resolve(open.result)
  })
  const tx = db.transaction(['keys', 'keyActivity'], 'readwrite')
  const until = Date.now() + forMs
  // Keep the transaction alive by always having a request in flight.
  const spin = () => {
    if (Date.now() < until) tx.objectStore('keys').count().onsuccess = spin
  }
  await new Promise<void>((resolve) => {
    tx.objectStore('keys').count().onsuccess = () => {
      spin()
      resolve()
    }
  })
  const released = new Promise<void>((resolve) => {
    tx.oncomplete = () => {
      db.close()
      resolve()
    }
  })
  return { released }
}
