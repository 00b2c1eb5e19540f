/**
 * The console history in IndexedDB, shared by the tabs of the browser.
 * Adding and trimming to the cap happen in one read-write transaction, which
 * IndexedDB runs one at a time across tabs: two tabs sending near the cap
 * each see the other's entries before trimming, so nothing newer is lost and
 * the count of dropped entries is exact.
 */
import { type HistoryEntry, parseHistory } from './historyEntry.ts'

export const HISTORY_DB_NAME = 'developer-sandbox-playground-history'
const ENTRIES = 'entries'
const META = 'meta'
/** Oldest first by real time, then id: the order in which entries fall off the cap. */
const ORDER = 'order'
const DROPPED = 'dropped'

export interface StoredHistory {
  /** Newest first, at most the cap. */
  entries: HistoryEntry[]
  /** Entries that fell off the cap since the last clear or import. */
  dropped: number
}

export interface HistoryDb {
  /** Adds entries (an id already kept is replaced), then drops the oldest past the cap and counts them, in one transaction. */
  append(entries: readonly HistoryEntry[]): Promise<void>
  /** Replaces the whole history and resets the dropped count (clear, import, undo of a clear). */
  replace(entries: readonly HistoryEntry[], dropped?: number): Promise<void>
  read(): Promise<StoredHistory>
  close(): void
}

const done = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error ?? new Error('Failed to write "history": the transaction was aborted'))
  })

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

/** Deletes the `excess` oldest entries, then adds them to the dropped count; runs inside the caller's transaction. */
function trim(transaction: IDBTransaction, excess: number): void {
  if (excess <= 0) return
  let left = excess
  const cursor = transaction.objectStore(ENTRIES).index(ORDER).openCursor()
  cursor.onsuccess = () => {
    const at = cursor.result
    if (!at || left === 0) return
    at.delete()
    left--
    at.continue()
  }
  const meta = transaction.objectStore(META)
  const count = meta.get(DROPPED)
  count.onsuccess = () => meta.put((typeof count.result === 'number' ? count.result : 0) + excess, DROPPED)
}

export async function openHistoryDb(factory: IDBFactory, max: number): Promise<HistoryDb> {
  const opening = factory.open(HISTORY_DB_NAME, 1)
  opening.onupgradeneeded = () => {
    const entries = opening.result.createObjectStore(ENTRIES, { keyPath: 'id' })
    entries.createIndex(ORDER, ['at', 'id'])
    opening.result.createObjectStore(META)
  }
  const db = await result(opening)
  // Another tab deleting the database (a reset) must not wait on this connection.
  db.onversionchange = () => db.close()

  return {
    append(entries) {
      const transaction = db.transaction([ENTRIES, META], 'readwrite')
      const store = transaction.objectStore(ENTRIES)
      for (const entry of entries) store.put(entry)
      // Requests of one transaction run in order: the count sees the entries just put, and no other tab's write comes between.
      const count = store.count()
      count.onsuccess = () => trim(transaction, count.result - max)
      return done(transaction)
    },
    replace(entries, dropped = 0) {
      const transaction = db.transaction([ENTRIES, META], 'readwrite')
      const store = transaction.objectStore(ENTRIES)
      store.clear()
      for (const entry of entries) store.put(entry)
      transaction.objectStore(META).put(dropped, DROPPED)
      const count = store.count()
      count.onsuccess = () => trim(transaction, count.result - max)
      return done(transaction)
    },
    async read() {
      const transaction = db.transaction([ENTRIES, META], 'readonly')
      const [entries, dropped] = await Promise.all([
        result(transaction.objectStore(ENTRIES).index(ORDER).getAll()),
        result(transaction.objectStore(META).get(DROPPED)),
      ])
      return {
        // Stored history is never trusted blindly: parsed and redacted again.
        entries: parseHistory(entries).reverse(),
        dropped: typeof dropped === 'number' && Number.isSafeInteger(dropped) && dropped > 0 ? dropped : 0,
      }
    },
    close: () => db.close(),
  }
}
