import type { StoreName } from './database.ts'

/** One record as a transaction left it: its new value, or `undefined` once deleted. Values are the store's own; do not change them. */
export interface RecordWrite {
  store: StoreName
  key: IDBValidKey
  value: unknown
  /** The record's identity across stores (its store and key, as text): a map key for whoever keeps the latest write per record. */
  id: string
}
