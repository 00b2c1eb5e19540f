import { ApiError } from '../contract/ApiError.ts'
import { keyStatus } from '../domain/keys.ts'
import { decide, type RateLimitState } from '../domain/rateLimit.ts'
import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import type { Operation } from '../operations/defineOperation.ts'
import type { KeyRecord } from '../store/records.ts'
import type { RequestTransaction } from '../store/requestTransaction.ts'
import { countRequest, pruneUsage, readUsageSlot, type UsageSlot } from '../store/usageBuckets.ts'

/** A request that passed key, rate and scope: who sent it, when, and where it is counted. */
export interface Admission {
  key: ReadonlyRecord<KeyRecord>
  at: number
  slot: UsageSlot
  rate: RateLimitState
}

/**
 * The key, rate and scope checks, in that order, inside the request's
 * transaction. A refusal of a known key is counted in its project's usage
 * before the ApiError is thrown; the caller commits that count.
 * @param onRate receives the rate-limit state as soon as it is known, for the response headers.
 * @param onKey receives the key as soon as it is found, refused or not, for the request journal.
 */
export async function authorize(
  tx: RequestTransaction,
  hash: string,
  operation: Operation,
  now: () => number,
  onRate: (rate: RateLimitState) => void,
  onKey?: (key: ReadonlyRecord<KeyRecord>) => void,
): Promise<Admission> {
  // Looked at, never changed: read, not copied (the hot path reads these three on every request).
  const key = await tx.objectStore('keys').index('byHash').read(hash)
  if (!key) throw new ApiError('key_invalid', 'Failed to authenticate: this key does not exist.')
  onKey?.(key)
  // The clock is read once this transaction holds the stores: read earlier, it
  // could be older than stamps that transactions queued ahead (other tabs)
  // recorded, and the window would undercount.
  const at = now()
  // Both reads go out together: one wait instead of two.
  const [activity, slot] = await Promise.all([
    tx.objectStore('keyActivity').read(key.id),
    readUsageSlot(tx, key.projectId, operation.operationId, at),
  ])
  await pruneUsage(tx, slot)
  const refuse = (error: ApiError): never => {
    countRequest(tx, slot, true)
    throw error
  }
  const status = keyStatus(key, at)
  if (status === 'revoked') refuse(new ApiError('key_revoked', `Failed to authenticate: key ${key.id} was revoked.`))
  if (status === 'expired') {
    refuse(new ApiError('key_expired', `Failed to authenticate: key ${key.id} expired at ${new Date(key.expiresAt).toISOString()}.`))
  }
  const decision = decide(activity, key.id, at)
  onRate(decision.state)
  if (!decision.accepted) {
    refuse(
      new ApiError(
        'rate_limited',
        `Failed to accept the request: more than ${decision.state.limit} requests in a minute for key ${key.id}. Retry after ${decision.state.retryAfter} s.`,
      ),
    )
  }
  tx.objectStore('keyActivity').putLater(decision.record)
  if (!key.scopes.includes(operation.scope)) {
    refuse(
      new ApiError('scope_missing', `Failed to ${operation.operationId}: the key lacks the scope "${operation.scope}".`, {
        requiredScope: operation.scope,
      }),
    )
  }
  return { key, at, slot, rate: decision.state }
}
