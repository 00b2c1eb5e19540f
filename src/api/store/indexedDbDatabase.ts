/**
 * The store over IndexedDB: a small typed promise layer over the raw API.
 *
 * @note Why not `idb`: its `wrap()` recognises requests with `instanceof`
 * against the *global* IDB classes, cached once per process. The core takes
 * its IDBFactory by injection (a browser's, or `new IDBFactory()` from
 * fake-indexeddb in Node where no IDB globals exist), so it cannot depend on
 * globals. This layer only promisifies requests; transactions keep the
 * native auto-commit rules (await nothing but these promises inside one).
 */
import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import type { Database, Index, SandboxSchema, Store, StoreName, StoreRecords, StoreShape, Transaction } from './database.ts'
import { attempt, StoreError, storeFailure } from './StoreError.ts'

/**
 * Sends one IndexedDB request and settles with its result. Whatever fails,
 * synchronously or later, rejects with a StoreError.
 */
export function requestResult<T>(send: () => IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = attempt(send)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(storeFailure(request.error ?? new StoreError('Failed to complete an IndexedDB request')))
  })
}

class IndexedDbIndex<S extends StoreShape, K extends IDBValidKey> implements Index<S, K> {
  constructor(private readonly raw: IDBIndex) {}
  get(key: K): Promise<S['value'] | undefined> {
    return requestResult(() => this.raw.get(key)) as Promise<S['value'] | undefined>
  }
  read(key: K): Promise<ReadonlyRecord<S['value']> | undefined> {
    return this.get(key) as Promise<ReadonlyRecord<S['value']> | undefined>
  }
  getAll(key?: K): Promise<S['value'][]> {
    return requestResult(() => this.raw.getAll(key)) as Promise<S['value'][]>
  }
}

class IndexedDbStore<S extends StoreShape> implements Store<S> {
  constructor(private readonly raw: IDBObjectStore) {}
  get(key: S['key']): Promise<S['value'] | undefined> {
    return requestResult(() => this.raw.get(key)) as Promise<S['value'] | undefined>
  }
  read(key: S['key']): Promise<ReadonlyRecord<S['value']> | undefined> {
    return this.get(key) as Promise<ReadonlyRecord<S['value']> | undefined>
  }
  getAll(): Promise<S['value'][]> {
    return requestResult(() => this.raw.getAll()) as Promise<S['value'][]>
  }
  async put(value: S['value']): Promise<void> {
    await requestResult(() => this.raw.put(value))
  }
  putLater(value: S['value']): void {
    attempt(() => this.raw.put(value))
  }
  async add(value: S['value']): Promise<void> {
    await requestResult(() => this.raw.add(value))
  }
  async delete(key: S['key']): Promise<void> {
    await requestResult(() => this.raw.delete(key))
  }
  async clear(): Promise<void> {
    await requestResult(() => this.raw.clear())
  }
  index<I extends keyof S['indexes'] & string>(name: I): Index<S, S['indexes'][I]> {
    return new IndexedDbIndex(attempt(() => this.raw.index(name)))
  }
}

class IndexedDbTransaction<N extends StoreName> implements Transaction<N> {
  readonly done: Promise<void>
  constructor(readonly raw: IDBTransaction) {
    this.done = new Promise<void>((resolve, reject) => {
      raw.oncomplete = () => resolve()
      raw.onabort = () => reject(storeFailure(raw.error ?? new StoreError('Failed to commit: the transaction was aborted')))
      raw.onerror = () => reject(storeFailure(raw.error ?? new StoreError('Failed to commit: the transaction failed')))
    })
    // Callers that only care about success await `done`; a rejection nobody
    // awaited (after an abort that was already handled) must not crash the host.
    this.done.catch(() => {})
  }
  objectStore<M extends N>(name: M): Store<SandboxSchema[M]> {
    return new IndexedDbStore(attempt(() => this.raw.objectStore(name)))
  }
  commit(): void {
    try {
      this.raw.commit()
    } catch {
      // Already committed or aborted: `done` tells which.
    }
  }
  abort(): void {
    try {
      this.raw.abort()
    } catch {
      // Already committed or aborted: nothing to undo.
    }
  }
}

export class IndexedDbDatabase implements Database {
  constructor(readonly raw: IDBDatabase) {}
  transaction<N extends StoreName>(stores: readonly N[], mode: IDBTransactionMode, options?: IDBTransactionOptions): Transaction<N> {
    return new IndexedDbTransaction(attempt(() => this.raw.transaction(stores as N[], mode, options), 'start a transaction'))
  }
  async replace(records: StoreRecords): Promise<void> {
    const stores = Object.keys(records) as StoreName[]
    const tx = this.transaction(stores, 'readwrite')
    try {
      for (const store of stores) {
        const target = tx.objectStore(store) as Store<StoreShape>
        await target.clear()
        for (const record of records[store] ?? []) await target.put(record)
      }
      await tx.done
    } catch (error) {
      tx.abort()
      throw error
    }
  }
  onLost(listener: () => void): void {
    this.raw.addEventListener('close', listener, { once: true })
    this.raw.addEventListener('versionchange', listener, { once: true })
  }
  close(): void {
    this.raw.close()
  }
}
