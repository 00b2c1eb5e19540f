import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import { usageDaysToDrop, utcDay } from '../domain/usageDays.ts'
import type { UsageRecord } from './records.ts'
import type { RequestTransaction } from './requestTransaction.ts'

/** Where one request is counted: its project's bucket for its operation on its UTC day. */
export interface UsageSlot {
  projectId: string
  operationId: string
  now: number
  /** The bucket as read at the start of the request, if there was one. */
  existing: ReadonlyRecord<UsageRecord> | undefined
}

/** Reads the bucket a request will be counted in, so it can be fetched with the request's other reads. */
export async function readUsageSlot(tx: RequestTransaction, projectId: string, operationId: string, now: number): Promise<UsageSlot> {
  const existing = await tx.objectStore('usage').read([projectId, utcDay(now), operationId])
  return { projectId, operationId, now, existing }
}

/**
 * Applies the retention rule (`usageDaysToDrop`) when a request opens a new
 * bucket, so storage grows with days × operations, never with requests, and
 * moving the clock away and back loses nothing.
 */
export async function pruneUsage(tx: RequestTransaction, slot: UsageSlot): Promise<void> {
  if (slot.existing) return
  // No IDBKeyRange here: the factory is injected and its key ranges live in its own realm.
  const usage = tx.objectStore('usage')
  const buckets = await usage.index('byProject').getAll(slot.projectId)
  const drop = new Set(
    usageDaysToDrop(
      buckets.map((bucket) => bucket.day),
      slot.now,
    ),
  )
  if (drop.size === 0) return
  for (const bucket of buckets) {
    if (drop.has(bucket.day)) await usage.delete([bucket.projectId, bucket.day, bucket.operationId])
  }
}

/**
 * Counts the request in its bucket, as an error or not. The write is queued
 * (the transaction's `done` reports a failure); counting the same slot again
 * replaces the first count, so a request counted as a success and then
 * refused counts once, as an error.
 */
export function countRequest(tx: RequestTransaction, slot: UsageSlot, failed: boolean): void {
  tx.objectStore('usage').putLater({
    projectId: slot.projectId,
    day: utcDay(slot.now),
    operationId: slot.operationId,
    requests: (slot.existing?.requests ?? 0) + 1,
    errors: (slot.existing?.errors ?? 0) + (failed ? 1 : 0),
  })
}
