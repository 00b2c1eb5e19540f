import type { OperationId } from '../contract/operations.ts'
import type { UsageRecord } from '../store/records.ts'
import type { RequestTransaction } from './transaction.ts'
import { USAGE_WINDOW_DAYS, utcDay } from './usageDays.ts'

const DAY_MS = 86_400_000

/** Reads the bucket a request will be counted in, so it can be fetched with the request's other reads. */
export function readUsageBucket(
  tx: RequestTransaction,
  projectId: string,
  operationId: OperationId,
  now: number,
): Promise<UsageRecord | undefined> {
  return tx.objectStore('usage').get([projectId, utcDay(now), operationId])
}

/**
 * Counts one request in its project's daily bucket (`existing`, read with
 * `readUsageBucket`), inside the request's transaction. The write is queued:
 * the transaction's `done` reports a failure.
 * @note Buckets older than the window are deleted when a bucket is first
 * created on a new day, so storage grows with days × operations, never with requests.
 */
export async function recordUsage(
  tx: RequestTransaction,
  existing: UsageRecord | undefined,
  projectId: string,
  operationId: OperationId,
  failed: boolean,
  now: number,
): Promise<void> {
  const usage = tx.objectStore('usage')
  const day = utcDay(now)
  if (!existing) {
    // No IDBKeyRange here: the factory is injected and its key ranges live in its own realm.
    const oldestKept = utcDay(now - (USAGE_WINDOW_DAYS - 1) * DAY_MS)
    for (const bucket of await usage.index('byProject').getAll(projectId)) {
      if (bucket.day < oldestKept) await usage.delete([bucket.projectId, bucket.day, bucket.operationId])
    }
  }
  usage.putLater({
    projectId,
    day,
    operationId,
    requests: (existing?.requests ?? 0) + 1,
    errors: (existing?.errors ?? 0) + (failed ? 1 : 0),
  })
}
