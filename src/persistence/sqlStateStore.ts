/**
 * The state store over any SQLite connection: the schema of `stateSchema.ts`,
 * written record by record as the memory store commits them, so a save costs
 * what changed, not what the state holds; and read record by record, by key
 * or by index, for a host that holds only the records in use.
 */
import { type RecordStore, recordBreak, type SavedTable, type StoreName } from '../api/core.ts'
import { decodeRecord, encodeRecord } from './recordCodec.ts'
import type { SqlConnection } from './sqlConnection.ts'
import { indexedMember, migrateState, storeIndexes } from './stateSchema.ts'
import { type RecordChange, type StateStore, StateStoreError } from './stateStore.ts'

const UPSERT = 'INSERT INTO records (store, key, value) VALUES (?, ?, ?) ON CONFLICT (store, key) DO UPDATE SET value = excluded.value'
const DELETE = 'DELETE FROM records WHERE store = ? AND key = ?'
const BY_KEY = 'SELECT value FROM records WHERE store = ? AND key = ?'
const OF_STORE = 'SELECT key, value FROM records WHERE store = ?'
const COUNT = 'SELECT count(*) AS count FROM records WHERE store = ?'

/** The statements reading a store's records by each of its indexes: the store written out, as the partial index's own condition is. */
function byIndexStatements(store: RecordStore): Map<string, string> {
  return new Map(
    storeIndexes(store).map(([index, keyPath]) => [
      index,
      `SELECT key, value FROM records WHERE store = '${store}' AND ${indexedMember(keyPath)} = ?`,
    ]),
  )
}

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
    for (const row of this.#sql.query('SELECT store, key, value FROM records ORDER BY store, key')) {
      const store = String(row.store)
      const list = byStore.get(store) ?? []
      list.push(this.#decoded(store as StoreName, String(row.key), String(row.value)))
      byStore.set(store, list)
    }
    return byStore
  }

  table(store: RecordStore): SavedTable {
    const checked = (key: unknown, text: unknown) => this.#checked(store, String(key), String(text))
    const byIndex = byIndexStatements(store)
    return {
      get: (key) => {
        const keyJson = JSON.stringify(key)
        const row = this.#sql.query(BY_KEY, store, keyJson)[0]
        return row === undefined ? undefined : checked(keyJson, row.value)
      },
      getByIndex: (index, key) => {
        const statement = byIndex.get(index)
        if (statement === undefined) throw new DOMException(`Failed to find the index "${index}" of "${store}"`, 'NotFoundError')
        if (typeof key !== 'string' && typeof key !== 'number') return []
        return this.#sql.query(statement, key).map((row) => checked(row.key, row.value))
      },
      getAll: () => this.#sql.query(OF_STORE, store).map((row) => checked(row.key, row.value)),
    }
  }

  count(store: RecordStore): number {
    return Number(this.#sql.query(COUNT, store)[0]?.count ?? 0)
  }

  /** A saved record, decoded and checked member by member as an import is: a row edited by hand is refused, not served. */
  #checked(store: RecordStore, key: string, text: string): unknown {
    const value = this.#decoded(store, key, text)
    const broken = recordBreak(store, value, '')
    if (broken) throw new StateStoreError(`the saved ${store} record ${key.slice(0, 120)} is not a valid record: ${broken.reason}.`)
    return value
  }

  /** A saved row's value; one edited into something that is not JSON is refused, naming it. */
  #decoded(store: StoreName, key: string, text: string): unknown {
    try {
      return decodeRecord(store, text)
    } catch {
      throw new StateStoreError(`the saved ${store} record ${key.slice(0, 120)} is not JSON.`)
    }
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
