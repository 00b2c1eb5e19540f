/** Reads a sandbox database behind the core's back, the way an attacker with disk access would. */
import { DEFAULT_DATABASE_NAME, type MemoryDatabase, STORE_NAMES } from '../../../src/api/index.ts'

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Every record of every object store, by store name. */
export async function dumpDatabase(factory: IDBFactory, name = DEFAULT_DATABASE_NAME): Promise<Record<string, unknown[]>> {
  const db = await settle(factory.open(name))
  try {
    const names = Array.from(db.objectStoreNames)
    const tx = db.transaction(names, 'readonly')
    const dump: Record<string, unknown[]> = {}
    for (const store of names) dump[store] = await settle(tx.objectStore(store).getAll())
    return dump
  } finally {
    db.close()
  }
}

/** Every record of every object store of a memory store, by store name. */
export async function dumpMemory(memory: MemoryDatabase): Promise<Record<string, unknown[]>> {
  const tx = memory.transaction(STORE_NAMES, 'readonly')
  const dump: Record<string, unknown[]> = {}
  for (const store of STORE_NAMES) dump[store] = await tx.objectStore(store).getAll()
  return dump
}

/** How many records each object store holds, in a dump. */
export function countRecords(dump: Record<string, unknown[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(dump).map(([store, records]) => [store, records.length]))
}

/** Creates a database at `version` that has only a store the sandbox does not know. */
export async function createForeignDatabase(factory: IDBFactory, name: string, version: number): Promise<void> {
  const request = factory.open(name, version)
  request.onupgradeneeded = () => {
    request.result.createObjectStore('somethingElse', { keyPath: 'id' })
  }
  const db = await settle(request)
  db.close()
}
