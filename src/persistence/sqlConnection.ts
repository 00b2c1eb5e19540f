/**
 * The little of SQLite the state needs, so one schema and one store serve
 * every durable host: Node's `node:sqlite` (serve) and a Durable Object's
 * `ctx.storage.sql` (the team sandbox) are both SQLite underneath.
 */

/** One row as SQLite returns it. */
export type SqlRow = Record<string, unknown>

export type SqlValue = string | number | null

export interface SqlConnection {
  /** Runs one statement; its rows, if it returns any. */
  query(sql: string, ...params: SqlValue[]): SqlRow[]
  /**
   * Runs `work` as one transaction: all of it or, when it throws, none.
   * `durable` asks the engine to reach the disk before returning where it
   * has a choice (Node); a Durable Object confirms every write before its answer leaves anyway.
   */
  transaction(work: () => void, durable: boolean): void
}
