/**
 * What the core asks of a store: IndexedDB's object stores, indexes and
 * auto-committing transactions, as promises. Two engines implement it: the
 * browser's (or any injected) IndexedDB, and an in-process memory store for
 * Node hosts (`memoryDatabase.ts`). Operations never know which one runs.
 */
import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import type { KeyActivityRecord, KeyRecord, ProjectRecord, SessionEntry, ToolEntry, UsageRecord, WebhookEndpointRecord } from './records.ts'

export interface StoreShape {
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

export interface Index<S extends StoreShape, K extends IDBValidKey> {
  get(key: K): Promise<S['value'] | undefined>
  /** As `get`, for a caller that only looks: the memory store hands out the stored record itself instead of a copy. */
  read(key: K): Promise<ReadonlyRecord<S['value']> | undefined>
  /** Every record under `key` (or all), ordered by index key, then primary key. */
  getAll(key?: K): Promise<S['value'][]>
}

export interface Store<S extends StoreShape> {
  get(key: S['key']): Promise<S['value'] | undefined>
  /**
   * As `get`, for a caller that only looks: the memory store hands out the
   * stored record itself instead of a copy (its tables replace records and
   * never change one in place), IndexedDB a copy as ever.
   */
  read(key: S['key']): Promise<ReadonlyRecord<S['value']> | undefined>
  /** Every record, ordered by primary key. */
  getAll(): Promise<S['value'][]>
  put(value: S['value']): Promise<void>
  /**
   * Queues a put without waiting for it, and takes the value over: the
   * caller must not change it afterwards (the memory store keeps it as it is,
   * where `put` stores a copy). Later requests of the transaction see it, and
   * if it fails the transaction aborts, which `done` reports.
   * @note Every awaited request costs a turn of the event loop inside the
   * transaction; on the request hot path, writes need not be awaited, and
   * values built for the write need not be copied again.
   */
  putLater(value: S['value']): void
  /** Like put, but fails (and aborts the transaction) if the key exists. */
  add(value: S['value']): Promise<void>
  delete(key: S['key']): Promise<void>
  clear(): Promise<void>
  index<I extends keyof S['indexes'] & string>(name: I): Index<S, S['indexes'][I]>
}

/**
 * A transaction commits by itself once a turn of the event loop passes with
 * none of its requests outstanding: await only its own requests inside it.
 */
export interface Transaction<N extends StoreName> {
  /** Settles when the transaction commits (resolves) or aborts/fails (rejects with a StoreError). */
  readonly done: Promise<void>
  objectStore<M extends N>(name: M): Store<SandboxSchema[M]>
  /**
   * Commits once the requests made so far have finished, without waiting for
   * the event loop to turn; later requests fail. A no-op once it has settled.
   */
  commit(): void
  /** Undoes every write of the transaction; a no-op once it has settled. */
  abort(): void
}

/** Whole stores' records, by store name. */
export type StoreRecords = { readonly [N in StoreName]?: readonly SandboxSchema[N]['value'][] }

export interface Database {
  transaction<N extends StoreName>(stores: readonly N[], mode: IDBTransactionMode, options?: IDBTransactionOptions): Transaction<N>
  /**
   * Replaces the named stores' records with copies of `records`, all or
   * nothing, in one read-write transaction's turn.
   * @throws StoreError naming the first record a store refuses; nothing changed.
   */
  replace(records: StoreRecords): Promise<void>
  /** Called once if the engine drops the connection (another tab upgrading, the browser closing it). */
  onLost(listener: () => void): void
  close(): void
}
