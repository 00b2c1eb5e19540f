import { ApiError } from '../contract/ApiError.ts'
import { keyStatus } from '../domain/keys.ts'
import { decide, type RateLimitState } from '../domain/rateLimit.ts'
import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import { utcDay } from '../domain/usageDays.ts'
import type { Operation } from '../operations/defineOperation.ts'
import type { KeyActivityRecord, KeyRecord } from '../store/records.ts'
import type { RequestTransaction } from '../store/requestTransaction.ts'
import { countRequest, pruneUsage, readUsageSlot, type UsageSlot } from '../store/usageBuckets.ts'
import type { KeyIdCache, KeyIds } from './keyIds.ts'

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
 * @param keyIds the ids of keys seen before, so their records are read in one wait (`keyIds.ts`).
 * @param onKey receives the key as soon as it is found, refused or not, for the request journal.
 */
export async function authorize(
  tx: RequestTransaction,
  hash: string,
  operation: Operation,
  now: () => number,
  onRate: (rate: RateLimitState) => void,
  keyIds: KeyIdCache,
  onKey?: (key: ReadonlyRecord<KeyRecord>) => void,
): Promise<Admission> {
  const { key, activity, slot, at } = await readAdmissionRecords(tx, hash, operation, now, keyIds)
  onKey?.(key)
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

interface AdmissionRecords {
  key: ReadonlyRecord<KeyRecord>
  activity: ReadonlyRecord<KeyActivityRecord> | undefined
  slot: UsageSlot
  at: number
}

/**
 * The key, its window and its usage bucket. A key seen before is read with
 * the other two at once, from the ids it is known by; a key seen for the first
 * time, or one whose ids no longer match the store, is read first and the
 * other two after it. Either way the clock is read once this transaction
 * holds the stores: read earlier, it could be older than stamps that
 * transactions queued ahead (other tabs) recorded, and the window would
 * undercount.
 */
async function readAdmissionRecords(
  tx: RequestTransaction,
  hash: string,
  operation: Operation,
  now: () => number,
  keyIds: KeyIdCache,
): Promise<AdmissionRecords> {
  // Looked at, never changed: read, not copied (the hot path reads these three on every request).
  const byHash = tx.objectStore('keys').index('byHash')
  // Both go out together, and with the key when its ids are known: one wait.
  const windowAndSlot = (ids: KeyIds, at: number) =>
    Promise.all([tx.objectStore('keyActivity').read(ids.id), readUsageSlot(tx, ids.projectId, operation.operationId, at)])
  const known = keyIds.get(hash)
  if (known) {
    // The bucket's day is a guess until the clock is read; a guess that crossed midnight is read again.
    const guess = now()
    const [key, [activity, guessed]] = await Promise.all([byHash.read(hash), windowAndSlot(known, guess)])
    if (key && key.id === known.id && key.projectId === known.projectId) {
      const at = now()
      const slot =
        utcDay(at) === utcDay(guess) ? { ...guessed, now: at } : await readUsageSlot(tx, key.projectId, operation.operationId, at)
      return { key, activity, slot, at }
    }
    keyIds.delete(hash)
  }
  const key = await byHash.read(hash)
  if (!key) throw new ApiError('key_invalid', 'Failed to authenticate: this key does not exist.')
  keyIds.set(hash, key)
  const at = now()
  const [activity, slot] = await windowAndSlot(key, at)
  return { key, activity, slot, at }
}
