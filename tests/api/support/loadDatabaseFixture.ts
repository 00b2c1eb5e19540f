import { readFileSync } from 'node:fs'

interface StoreFixture {
  keyPath: string | string[]
  indexes: { name: string; keyPath: string; unique: boolean }[]
  records: unknown[]
}

export interface DatabaseFixture {
  name: string
  version: number
  plaintextKeys: Record<string, string>
  stores: Record<string, StoreFixture>
}

export function readDatabaseFixture(file: string): DatabaseFixture {
  return JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')) as DatabaseFixture
}

/**
 * Writes a fixture into a factory exactly as an older schema laid it out
 * (stores, key paths, indexes, records), then closes it, as an older build
 * of the playground would have left it.
 */
export function writeDatabaseFixture(factory: IDBFactory, fixture: DatabaseFixture): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open(fixture.name, fixture.version)
    request.onupgradeneeded = () => {
      const db = request.result
      for (const [name, store] of Object.entries(fixture.stores)) {
        const created = db.createObjectStore(name, { keyPath: store.keyPath })
        for (const index of store.indexes) created.createIndex(index.name, index.keyPath, { unique: index.unique })
        for (const record of store.records) created.put(record)
      }
    }
    request.onsuccess = () => {
      request.result.close()
      resolve()
    }
    request.onerror = () => reject(request.error)
  })
}
