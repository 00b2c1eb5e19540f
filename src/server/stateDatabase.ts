/**
 * The server's state on disk: one SQLite database (Node's built-in
 * `node:sqlite`, no package) holding the schema every durable host shares
 * (`src/persistence/`). This file adds what only a file has: refusing a file
 * that is not a sandbox state before anything is written, and mode 0600.
 * See docs/decisions/017-memory-store-and-sqlite-state.md.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { SqlConnection, SqlRow, SqlValue } from '../persistence/sqlConnection.ts'
import { SqlStateStore } from '../persistence/sqlStateStore.ts'
import { StateStoreError } from '../persistence/stateStore.ts'
import { StateFileError } from './stateFile.ts'

const SQLITE_MAGIC = 'SQLite format 3\u0000'

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

/** `node:sqlite` as a state connection: statements prepared once, and fsync on every commit when asked. */
class NodeSqlConnection implements SqlConnection {
  readonly #db: DatabaseSync
  readonly #statements = new Map<string, StatementSync>()

  constructor(db: DatabaseSync) {
    this.#db = db
  }

  query(sql: string, ...params: SqlValue[]): SqlRow[] {
    let statement = this.#statements.get(sql)
    if (!statement) {
      statement = this.#db.prepare(sql)
      this.#statements.set(sql, statement)
    }
    return statement.all(...params) as SqlRow[]
  }

  transaction(work: () => void, durable: boolean): void {
    if (durable) this.#db.exec('PRAGMA synchronous = FULL')
    try {
      this.#db.exec('BEGIN IMMEDIATE')
      try {
        work()
        this.#db.exec('COMMIT')
      } catch (error) {
        this.#db.exec('ROLLBACK')
        throw error
      }
    } finally {
      if (durable) this.#db.exec('PRAGMA synchronous = NORMAL')
    }
  }
}

/** A state file: the shared state store over `node:sqlite`, and the database to close. */
export interface StateFile {
  store: SqlStateStore
  /** The connection, for what a host keeps beside the records (its clock and faults). */
  sql: SqlConnection
  close(): void
}

/**
 * Opens the state at `path`, creating it (mode 0600) when there is none.
 * @throws StateFileError when the file is not a sandbox state; nothing is written to it.
 */
export function openStateFile(path: string): StateFile {
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
    // WAL: a commit appends to the log, and a killed process loses nothing
    // committed; NORMAL syncs the log at checkpoints, FULL (for key changes) on every commit.
    db.exec('PRAGMA busy_timeout = 2000')
    const sql = new NodeSqlConnection(db)
    const store = new SqlStateStore(sql)
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL')
    const opened = db
    return { store, sql, close: () => opened.close() }
  } catch (error) {
    db?.close()
    if (error instanceof StateStoreError) throw new StateFileError(`Failed to open the state file "${path}": ${error.message} ${fix}`)
    throw new StateFileError(`Failed to open the state file "${path}": ${reason(error)}. ${fix}`)
  }
}
