import { ApiError } from '../contract/ApiError.ts'
import type { Connection } from '../store/connection.ts'
import type { RequestTransaction } from '../store/requestTransaction.ts'
import { REQUEST_STORES } from '../store/schema.ts'
import type { Deadlines } from './deadlines.ts'

/**
 * Runs a request's work in one read-write transaction over every store, so
 * the rate limit holds across tabs and concurrent requests.
 * - Success: the transaction commits before the result is returned.
 * - An ApiError (a refusal): what the refusal recorded (its usage count)
 *   commits, then the error goes on unchanged.
 * - Anything else: the transaction is aborted, so nothing half-done commits.
 * A transaction queued behind another tab's long one must not hang the
 * request: past the timeout it is aborted and the store reports the abort.
 */
export async function inRequestTransaction<T>(
  connection: Connection,
  deadlines: Deadlines,
  work: (tx: RequestTransaction) => Promise<T>,
): Promise<T> {
  const db = await connection.get()
  // Relaxed durability: the commit is ordered and atomic but not flushed to
  // disk before it reports. A crash could forget the last few stamps and
  // counts; it can never admit a 121st request within a running browser.
  const tx = db.transaction(REQUEST_STORES, 'readwrite', { durability: 'relaxed' })
  const release = deadlines.set(() => tx.abort())
  try {
    const result = await work(tx)
    tx.commit()
    await tx.done
    return result
  } catch (error) {
    if (error instanceof ApiError) {
      tx.commit()
      await tx.done
      throw error
    }
    tx.abort()
    throw error
  } finally {
    release()
  }
}
