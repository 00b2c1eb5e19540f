import { IndexedDbDatabase } from './indexedDbDatabase.ts'
import { migrate } from './migrations.ts'
import { DB_VERSION } from './schema.ts'
import { SEED_TOOLS } from './seedTools.ts'

export interface OpenOptions {
  indexedDB: IDBFactory
  name: string
  /** Give up (and let the caller fail closed) if the open has not finished by then. */
  timeoutMs: number
}

/**
 * Opens (creating or upgrading) the sandbox database through an injected IDBFactory.
 * @note The connection closes itself when another tab asks to upgrade, so an
 * old tab never blocks a new schema; its next request simply reopens.
 */
export async function openDatabase({ indexedDB, name, timeoutMs }: OpenOptions): Promise<IndexedDbDatabase> {
  return new Promise<IndexedDbDatabase>((resolve, reject) => {
    let settled = false
    const request = indexedDB.open(name, DB_VERSION)
    const timer = setTimeout(() => {
      settled = true
      reject(new Error(`Failed to open "${name}": no answer within ${timeoutMs} ms (an older tab may be blocking an upgrade)`))
    }, timeoutMs)
    request.onupgradeneeded = (event) => {
      if (request.transaction) migrate(request.result, event.oldVersion, request.transaction, SEED_TOOLS)
    }
    request.onsuccess = () => {
      clearTimeout(timer)
      const db = request.result
      // A late success after the timeout must not leave a connection that blocks upgrades.
      if (settled) return db.close()
      settled = true
      db.onversionchange = () => db.close()
      resolve(new IndexedDbDatabase(db))
    }
    request.onerror = () => {
      clearTimeout(timer)
      if (settled) return
      settled = true
      reject(request.error ?? new Error(`Failed to open "${name}"`))
    }
  })
}
