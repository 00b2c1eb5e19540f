/**
 * The state store over any SQLite connection: the schema of `stateSchema.ts`,
 * written record by record as the memory store commits them, so a save costs
 * what changed, not what the state holds.
 */
import type { StoreName } from '../api/core.ts'
import { decodeRecord, encodeRecord } from './recordCodec.ts'
import type { SqlConnection } from './sqlConnection.ts'
import { migrateState } from './stateSchema.ts'
import type { RecordChange, StateStore } from './stateStore.ts'

const UPSERT = 'INSERT INTO records (store, key, value) VALUES (?, ?, ?) ON CONFLICT (store, key) DO UPDATE SET value = excluded.value'
const DELETE = 'DELETE FROM records WHERE store = ? AND key = ?'

export class SqlStateStore implements StateStore {
  readonly #sql: SqlConnection

  /**
   * Opens the state on `sql`, creating or migrating its schema.
   * @throws StateStoreError when the database is not a sandbox state, or a newer one; nothing is written.
   */
  constructor(sql: SqlConnection) {
    migrateState(sql)
    this.#sql = sql
  }

  records(): Map<string, unknown[]> {
    const byStore = new Map<string, unknown[]>()
    for (const row of this.#sql.query('SELECT store, value FROM records ORDER BY store, key')) {
      const store = String(row.store)
      const list = byStore.get(store) ?? []
      list.push(decodeRecord(store as StoreName, String(row.value)))
      byStore.set(store, list)
    }
    return byStore
  }

  write(changes: Iterable<RecordChange>, durable: boolean): void {
    this.#sql.transaction(() => {
      for (const { store, key, value } of changes) {
        if (value === undefined) this.#sql.query(DELETE, store, JSON.stringify(key))
        else this.#sql.query(UPSERT, store, JSON.stringify(key), encodeRecord(store, value))
      }
    }, durable)
  }
}
