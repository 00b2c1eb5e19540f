/** An in-memory SQLite behind the same small connection the hosts give the state store, counting the statements it runs. */
import { DatabaseSync } from 'node:sqlite'
import type { SqlConnection, SqlRow, SqlValue } from '../../../src/persistence/sqlConnection.ts'

export interface MemorySql extends SqlConnection {
  db: DatabaseSync
  /** Every statement run, in order. */
  statements: string[]
}

export function memorySql(db = new DatabaseSync(':memory:')): MemorySql {
  const statements: string[] = []
  return {
    db,
    statements,
    query(sql: string, ...params: SqlValue[]) {
      statements.push(sql)
      return db.prepare(sql).all(...params) as SqlRow[]
    },
    transaction(work) {
      db.exec('BEGIN')
      try {
        work()
        db.exec('COMMIT')
      } catch (error) {
        db.exec('ROLLBACK')
        throw error
      }
    },
  }
}
