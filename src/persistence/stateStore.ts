/**
 * Where a durable host keeps the workspace between runs: one row per record
 * of the stores a user's work lives in. Two engines implement it over the
 * same schema (`sqlStateStore.ts`): `node:sqlite` for serve and a Durable
 * Object's SQL storage for the Worker.
 */
import type { RecordStore, SavedTable, StoreName } from '../api/core.ts'

/** One record to save: its value, or `undefined` to delete it. */
export interface RecordChange {
  store: StoreName
  key: unknown
  value: unknown
}

export interface StateStore {
  /** Every saved record, by store. */
  records(): Map<string, unknown[]>
  /**
   * One store's records read on demand, each checked as an import checks it.
   * @throws StateStoreError from a read that finds a record the sandbox would not write.
   */
  table(store: RecordStore): SavedTable
  /** How many records the store holds. */
  count(store: RecordStore): number
  /** Saves changes in one transaction, all or nothing. `durable` waits for the disk where the engine lets us choose. */
  write(changes: Iterable<RecordChange>, durable: boolean): void
}

/** The stored state cannot be used as it is (foreign, newer, unreadable); it is left untouched. */
export class StateStoreError extends Error {
  override name = 'StateStoreError'
}
