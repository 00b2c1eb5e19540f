/**
 * The one record schema of every durable host, and its one migration path.
 * A `meta` table names the format and its version; `records` holds one row
 * per record, keyed by store and the record's key as JSON.
 */
import { STORE_LAYOUT, type StoreName } from '../api/core.ts'
import type { SqlConnection } from './sqlConnection.ts'
import { StateStoreError } from './stateStore.ts'

export const STATE_FORMAT = 'developer-sandbox/state'
/**
 * Version 2 writes key-activity rows compactly (`recordCodec.ts`); version 1
 * rows are read as they are and rewritten on their next change. Version 3
 * indexes the records' index members, so a host reads a record by its index
 * (a key by its hash) without holding the state.
 */
export const STATE_VERSION = 3

/** The member a store's index is on, as SQLite reads it from the record's JSON. */
export const indexedMember = (keyPath: string) => `json_extract(value, '$.${keyPath}')`

/** A store's indexes by name, each with the member it is on, as the memory store lays them out. */
export const storeIndexes = (store: StoreName): [name: string, keyPath: string][] =>
  Object.entries(STORE_LAYOUT[store].indexes as Record<string, { keyPath: string }>).map(([name, { keyPath }]) => [name, keyPath])

/** One expression index per store index, partial to its store, so it costs nothing for the others. */
const INDEXES = (Object.keys(STORE_LAYOUT) as StoreName[]).flatMap((store) =>
  storeIndexes(store).map(
    ([name, keyPath]) =>
      `CREATE INDEX IF NOT EXISTS "records_${store}_${name}" ON records (${indexedMember(keyPath)}) WHERE store = '${store}'`,
  ),
)

/** Each step takes the schema from the version before it to its own; index 0 creates version 1. */
const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE IF NOT EXISTS records (store TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (store, key)) WITHOUT ROWID;`,
  ],
  // Version 2 changes only how values are written; the codec reads both.
  [],
  INDEXES,
]

/**
 * Checks the state's format and version, and brings an older one up to date.
 * @throws StateStoreError for a database that is not a sandbox state, or one of a newer version; nothing is written.
 */
export function migrateState(sql: SqlConnection): void {
  const hasMeta = sql.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").length > 0
  const hasTables = sql.query("SELECT name FROM sqlite_schema WHERE type = 'table'").length > 0
  let version = 0
  if (hasMeta) {
    const format = sql.query("SELECT value FROM meta WHERE name = 'format'")[0]?.value
    if (format !== STATE_FORMAT) throw new StateStoreError('it is a SQLite database, but not a developer-sandbox state.')
    version = Number(sql.query("SELECT value FROM meta WHERE name = 'version'")[0]?.value)
    if (!Number.isInteger(version) || version < 1 || version > STATE_VERSION) {
      throw new StateStoreError(`it is version ${String(version)}, and this developer-sandbox reads versions 1 to ${STATE_VERSION}.`)
    }
  } else if (hasTables) {
    throw new StateStoreError('it is a SQLite database, but not a developer-sandbox state.')
  }
  if (version === STATE_VERSION) return
  sql.transaction(() => {
    sql.query('CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID')
    for (const step of MIGRATIONS.slice(version)) for (const statement of step) sql.query(statement)
    sql.query("INSERT INTO meta (name, value) VALUES ('format', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", STATE_FORMAT)
    sql.query(
      "INSERT INTO meta (name, value) VALUES ('version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      String(STATE_VERSION),
    )
  }, true)
}

/** A host's own note beside the records (a Durable Object's workspace name), or undefined. */
export function readMeta(sql: SqlConnection, name: string): string | undefined {
  const value = sql.query('SELECT value FROM meta WHERE name = ?', `host.${name}`)[0]?.value
  return value === undefined ? undefined : String(value)
}

export function writeMeta(sql: SqlConnection, name: string, value: string): void {
  sql.transaction(
    () =>
      sql.query(
        'INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
        `host.${name}`,
        value,
      ),
    true,
  )
}

/** Deletes every record in one durable transaction; the meta table (format, version, the host's notes) stays. */
export function deleteRecords(sql: SqlConnection): void {
  sql.transaction(() => void sql.query('DELETE FROM records'), true)
}

/** Replaces every record with `rows`, written as they are, in one durable transaction; the meta table stays. */
export function replaceRecords(sql: SqlConnection, rows: readonly { store: string; key: string; value: string }[]): void {
  sql.transaction(() => {
    sql.query('DELETE FROM records')
    for (const { store, key, value } of rows) sql.query('INSERT INTO records (store, key, value) VALUES (?, ?, ?)', store, key, value)
  }, true)
}

/** Whether `sql` holds a state already: read without writing, so an empty database stays empty. */
export function hasState(sql: SqlConnection): boolean {
  return sql.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").length > 0
}
