/**
 * The server's state on disk: one SQLite database (Node's built-in
 * `node:sqlite`, no package), one row per record of the workspace's stores,
 * written record by record as the memory store commits them. A save costs
 * what changed, not what the state holds. See docs/decisions/017-server-state-in-sqlite.md.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { StoreName } from '../api/core.ts'
import { StateFileError } from './stateFile.ts'

const FORMAT = 'developer-sandbox/state'
const VERSION = '1'
const SQLITE_MAGIC = 'SQLite format 3\u0000'

/** One record to save: its value, or `undefined` to delete it. */
export interface RecordChange {
  store: StoreName
  key: IDBValidKey
  value: unknown
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))
const fix = 'It was left untouched; repair it, move it away, or pass --state <another file>.'

/** The first bytes of a file, or undefined when it does not exist. */
function head(path: string): string | undefined {
  let descriptor: number
  try {
    descriptor = openSync(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(`Failed to read the state file "${path}": ${reason(error)}`)
  }
  try {
    const bytes = Buffer.alloc(16)
    const length = readSync(descriptor, bytes, 0, 16, 0)
    return bytes.subarray(0, length).toString('latin1')
  } finally {
    closeSync(descriptor)
  }
}

export class StateDatabase {
  readonly #db: DatabaseSync
  readonly #upsert: StatementSync
  readonly #delete: StatementSync

  private constructor(db: DatabaseSync) {
    this.#db = db
    this.#upsert = db.prepare(
      'INSERT INTO records (store, key, value) VALUES (?, ?, ?) ON CONFLICT (store, key) DO UPDATE SET value = excluded.value',
    )
    this.#delete = db.prepare('DELETE FROM records WHERE store = ? AND key = ?')
  }

  /**
   * Opens the state at `path`, creating it (mode 0600) when there is none.
   * @throws StateFileError when the file is not a sandbox state; nothing is written to it.
   */
  static open(path: string): StateDatabase {
    const start = head(path)
    const isNew = start === undefined || start.length === 0
    if (!isNew && !start.startsWith(SQLITE_MAGIC)) {
      const json = start.trimStart().startsWith('{')
      throw new StateFileError(
        json
          ? `Failed to open the state file "${path}": it is JSON (a workspace export, or the state of an earlier version), and the state is now a SQLite database. Start with a new --state file and bring it in with --import "${path}". It was left untouched.`
          : `Failed to open the state file "${path}": it is not a developer-sandbox state (not a SQLite database). ${fix}`,
      )
    }
    if (isNew) closeSync(openSync(path, 'a', 0o600))
    let db: DatabaseSync | undefined
    try {
      db = new DatabaseSync(path)
      if (!isNew) StateDatabase.#check(db, path)
      // WAL: a commit appends to the log, and a killed process loses nothing
      // committed; NORMAL syncs the log at checkpoints, FULL (for key changes) on every commit.
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 2000')
      db.exec(`
        CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS records (store TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (store, key)) WITHOUT ROWID;
        INSERT OR IGNORE INTO meta (name, value) VALUES ('format', '${FORMAT}'), ('version', '${VERSION}');
      `)
      return new StateDatabase(db)
    } catch (error) {
      db?.close()
      if (error instanceof StateFileError) throw error
      throw new StateFileError(`Failed to open the state file "${path}": ${reason(error)}. ${fix}`)
    }
  }

  /** Refuses a SQLite database that is not a sandbox state, or is one of a newer version, before anything is written. */
  static #check(db: DatabaseSync, path: string): void {
    const table = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").get()
    const format = table ? db.prepare("SELECT value FROM meta WHERE name = 'format'").get() : undefined
    if (format?.value !== FORMAT) {
      throw new StateFileError(
        `Failed to open the state file "${path}": it is a SQLite database, but not a developer-sandbox state. ${fix}`,
      )
    }
    const version = db.prepare("SELECT value FROM meta WHERE name = 'version'").get()
    if (version?.value !== VERSION) {
      throw new StateFileError(
        `Failed to open the state file "${path}": it is version ${String(version?.value)}, and this developer-sandbox reads version ${VERSION}. ${fix}`,
      )
    }
  }

  /** Every saved record, by store. */
  records(): Map<string, unknown[]> {
    const byStore = new Map<string, unknown[]>()
    for (const row of this.#db.prepare('SELECT store, value FROM records ORDER BY store, key').iterate()) {
      const store = String(row.store)
      const list = byStore.get(store) ?? []
      list.push(JSON.parse(String(row.value)))
      byStore.set(store, list)
    }
    return byStore
  }

  /** Saves changes in one transaction. `durable` waits for the disk (fsync), as a key change must. */
  write(changes: Iterable<RecordChange>, durable: boolean): void {
    if (durable) this.#db.exec('PRAGMA synchronous = FULL')
    try {
      this.#db.exec('BEGIN IMMEDIATE')
      try {
        for (const { store, key, value } of changes) {
          if (value === undefined) this.#delete.run(store, JSON.stringify(key))
          else this.#upsert.run(store, JSON.stringify(key), JSON.stringify(value))
        }
        this.#db.exec('COMMIT')
      } catch (error) {
        this.#db.exec('ROLLBACK')
        throw error
      }
    } finally {
      if (durable) this.#db.exec('PRAGMA synchronous = NORMAL')
    }
  }

  close(): void {
    this.#db.close()
  }
}
