import type { OperationId } from '../contract/operations.ts'
import type { RequestTransaction } from './transaction.ts'
import { USAGE_WINDOW_DAYS, utcDay } from './usageDays.ts'

const DAY_MS = 86_400_000

/**
 * Counts one request in its project's daily bucket, inside the request's transaction.
 * @note Buckets older than the window are deleted when a bucket is first
 * created on a new day, so storage grows with days × operations, never with requests.
 */
export async function recordUsage(
  tx: RequestTransaction,
  projectId: string,
  operationId: OperationId,
  failed: boolean,
  now: number,
): Promise<void> {
  const usage = tx.objectStore('usage')
  const day = utcDay(now)
  const existing = await usage.get([projectId, day, operationId])
  if (!existing) {
    // No IDBKeyRange here: the factory is injected and its key ranges live in its own realm.
    const oldestKept = utcDay(now - (USAGE_WINDOW_DAYS - 1) * DAY_MS)
    for (const bucket of await usage.index('byProject').getAll(projectId)) {
      if (bucket.day < oldestKept) await usage.delete([bucket.projectId, bucket.day, bucket.operationId])
    }
  }
  await usage.put({
    projectId,
    day,
    operationId,
    requests: (existing?.requests ?? 0) + 1,
    errors: (existing?.errors ?? 0) + (failed ? 1 : 0),
  })
}
