/** A Durable Object's SQL storage as a state connection: the same SQLite schema serve keeps in a file. */
import type { SqlConnection, SqlRow, SqlValue } from '../persistence/sqlConnection.ts'
import type { DurableObjectStorage } from './platform.ts'

export function durableObjectSql(storage: DurableObjectStorage): SqlConnection {
  return {
    query: (sql: string, ...params: SqlValue[]): SqlRow[] => storage.sql.exec(sql, ...params).toArray(),
    // Every write is confirmed before the object's next answer leaves (its output gate): durable either way.
    transaction: (work: () => void) => storage.transactionSync(work),
  }
}
