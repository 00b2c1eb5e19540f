import type { OperationDefinition, OperationId } from '../contract/operations.ts'
import { ApiError } from '../http/ApiError.ts'
import type { Operation, OperationResult } from '../operations/types.ts'
import { keyStatus } from '../workspace/keyView.ts'
import { decide, type RateLimitState, unusedWindow } from './rateLimit.ts'
import { readUsageBucket, recordUsage } from './recordUsage.ts'
import type { RequestTransaction } from './transaction.ts'

export type Outcome = { error: ApiError } | { result: OperationResult }

/** What the pipeline worked out before the transaction: the key's hash and the held-back input verdict. */
export interface CheckedRequest {
  definition: OperationDefinition
  hash: string
  /** A 400 or 422 found before the transaction, reported only once key, rate and scope pass. */
  deferred: ApiError | undefined
  input: unknown
  prepared: unknown
}

/**
 * The checks that need the store, in order (key → rate → scope → input) and
 * then the operation, all inside the request's one read-write transaction.
 * Await only IndexedDB here. Every request attributable to a project is
 * counted in its usage, refused ones included.
 */
export async function checkInTransaction(
  tx: RequestTransaction,
  request: CheckedRequest,
  now: () => number,
  operations: Record<OperationId, Operation>,
): Promise<{ outcome: Outcome; rate: RateLimitState }> {
  const { definition, hash, deferred, input, prepared } = request
  const key = await tx.objectStore('keys').index('byHash').get(hash)
  // The clock is read once this transaction holds the stores: read earlier, it
  // could be older than stamps that transactions queued ahead (other tabs)
  // recorded, and the window would undercount.
  const at = now()
  if (!key)
    return { outcome: { error: new ApiError('key_invalid', 'Failed to authenticate: this key does not exist.') }, rate: unusedWindow(at) }
  // Both reads go out together: one wait instead of two.
  const [activity, bucket] = await Promise.all([
    tx.objectStore('keyActivity').get(key.id),
    readUsageBucket(tx, key.projectId, definition.operationId, at),
  ])
  let rate = unusedWindow(at)
  const refuse = async (error: ApiError) => {
    await recordUsage(tx, bucket, key.projectId, definition.operationId, true, at)
    return { outcome: { error }, rate }
  }
  const status = keyStatus(key, at)
  if (status === 'revoked') return refuse(new ApiError('key_revoked', `Failed to authenticate: key ${key.id} was revoked.`))
  if (status === 'expired') {
    return refuse(new ApiError('key_expired', `Failed to authenticate: key ${key.id} expired at ${new Date(key.expiresAt).toISOString()}.`))
  }
  const decision = decide(activity, key.id, at)
  rate = decision.state
  if (!decision.accepted) {
    return refuse(
      new ApiError(
        'rate_limited',
        `Failed to accept the request: more than ${rate.limit} requests in a minute for key ${key.id}. Retry after ${rate.retryAfter} s.`,
      ),
    )
  }
  tx.objectStore('keyActivity').putLater(decision.record)
  if (!key.scopes.includes(definition.scope)) {
    return refuse(
      new ApiError('scope_missing', `Failed to ${definition.operationId}: the key lacks the scope "${definition.scope}".`, {
        requiredScope: definition.scope,
      }),
    )
  }
  if (deferred) return refuse(deferred)
  // Counted before the operation runs, so GET /usage includes the request
  // asking for it; if the operation fails, the transaction aborts and the
  // count goes with it.
  await recordUsage(tx, bucket, key.projectId, definition.operationId, false, at)
  const result = await operations[definition.operationId].run({ tx, key, now: at, input, prepared })
  return { outcome: { result }, rate }
}
