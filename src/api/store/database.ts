/**
 * A small typed promise layer over raw IndexedDB.
 *
 * @note Why not `idb`: its `wrap()` recognises requests with `instanceof`
 * against the *global* IDB classes, cached once per process. The core takes
 * its IDBFactory by injection (a browser's, or `new IDBFactory()` from
 * fake-indexeddb in Node where no IDB globals exist), so it cannot depend on
 * globals. This layer only promisifies requests; transactions keep the
 * native auto-commit rules (await nothing but these promises inside one).
 */
import type { KeyActivityRecord, KeyRecord, ProjectRecord, SessionEntry, ToolEntry, UsageRecord, WebhookEndpointRecord } from './records.ts'
import { attempt, StoreError, storeFailure } from './StoreError.ts'

interface StoreShape {
  key: IDBValidKey
  value: unknown
  indexes: Record<string, IDBValidKey>
}

/** Every object store: its key, its value and its indexes. */
export interface SandboxSchema {
  keys: { key: string; value: KeyRecord; indexes: { byHash: string; byProject: string } }
  projects: { key: string; value: ProjectRecord; indexes: { bySlug: string } }
  keyActivity: { key: string; value: KeyActivityRecord; indexes: Record<never, never> }
  usage: { key: [string, string, string]; value: UsageRecord; indexes: { byProject: string } }
  sessions: { key: string; value: SessionEntry; indexes: Record<never, never> }
  tools: { key: string; value: ToolEntry; indexes: Record<never, never> }
  webhookEndpoints: { key: string; value: WebhookEndpointRecord; indexes: { byProject: string } }
}

export type StoreName = keyof SandboxSchema

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

export class Index<S extends StoreShape, K extends IDBValidKey> {
  constructor(private readonly raw: IDBIndex) {}
  get(key: K): Promise<S['value'] | undefined> {
    return requestResult(() => this.raw.get(key)) as Promise<S['value'] | undefined>
  }
  getAll(key?: K): Promise<S['value'][]> {
    return requestResult(() => this.raw.getAll(key)) as Promise<S['value'][]>
  }
}

export class Store<S extends StoreShape> {
  constructor(private readonly raw: IDBObjectStore) {}
  get(key: S['key']): Promise<S['value'] | undefined> {
    return requestResult(() => this.raw.get(key)) as Promise<S['value'] | undefined>
  }
  getAll(): Promise<S['value'][]> {
    return requestResult(() => this.raw.getAll()) as Promise<S['value'][]>
  }
  async put(value: S['value']): Promise<void> {
    await requestResult(() => this.raw.put(value))
  }
  /**
   * Queues a put without waiting for it. Later requests of the transaction
   * see it, and if it fails the transaction aborts, which `done` reports.
   * @note Every awaited request costs a turn of the event loop inside the
   * transaction; on the request hot path, writes need not be awaited.
   */
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
    return new Index(attempt(() => this.raw.index(name)))
  }
}

export class Transaction<N extends StoreName> {
  /** Settles when the transaction commits (resolves) or aborts/fails (rejects). */
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
    return new Store(attempt(() => this.raw.objectStore(name)))
  }
  abort(): void {
    try {
      this.raw.abort()
    } catch {
      // Already committed or aborted: nothing to undo.
    }
  }
}

export class Database {
  constructor(readonly raw: IDBDatabase) {}
  transaction<N extends StoreName>(stores: readonly N[], mode: IDBTransactionMode, options?: IDBTransactionOptions): Transaction<N> {
    return new Transaction(attempt(() => this.raw.transaction(stores as N[], mode, options), 'start a transaction'))
  }
  close(): void {
    this.raw.close()
  }
}
