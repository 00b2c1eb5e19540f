/**
 * Where a durable host keeps the workspace between runs: one row per record
 * of the stores a user's work lives in. Two engines implement it over the
 * same schema (`sqlStateStore.ts`): `node:sqlite` for serve and a Durable
 * Object's SQL storage for the Worker.
 */
import type { StoreName } from '../api/core.ts'

/** One record to save: its value, or `undefined` to delete it. */
export interface RecordChange {
  store: StoreName
  key: unknown
  value: unknown
}

export interface StateStore {
  /** Every saved record, by store. */
  records(): Map<string, unknown[]>
  /** Saves changes in one transaction, all or nothing. `durable` waits for the disk where the engine lets us choose. */
  write(changes: Iterable<RecordChange>, durable: boolean): void
}

/** The stored state cannot be used as it is (foreign, newer, unreadable); it is left untouched. */
export class StateStoreError extends Error {
  override name = 'StateStoreError'
}
