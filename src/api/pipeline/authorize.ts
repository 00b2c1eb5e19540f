import { ApiError } from '../contract/ApiError.ts'
import { keyStatus } from '../domain/keys.ts'
import { decide, type RateLimitState } from '../domain/rateLimit.ts'
import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import { utcDay } from '../domain/usageDays.ts'
import type { Operation } from '../operations/defineOperation.ts'
import type { KeyActivityRecord, KeyRecord } from '../store/records.ts'
import type { RequestTransaction } from '../store/requestTransaction.ts'
import { countRequest, pruneUsage, readUsageSlot, type UsageSlot } from '../store/usageBuckets.ts'
import type { KeyCache } from './keyCache.ts'

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
 * @param keys the keys this instance read before, so a request for one reads in one wait (`keyCache.ts`).
 * @param onKey receives the key as soon as it is found, refused or not, for the request journal.
 */
export async function authorize(
  tx: RequestTransaction,
  hash: string,
  operation: Operation,
  now: () => number,
  onRate: (rate: RateLimitState) => void,
  keys: KeyCache,
  onKey?: (key: ReadonlyRecord<KeyRecord>) => void,
): Promise<Admission> {
  const { key, activity, slot, at, keyTag } = await readAdmissionRecords(tx, hash, operation, now, keys)
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
  const decision = decide(activity, key.id, at, keyTag)
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
  /** The tag the key's activity carries from this request on (`keyCache.ts`). */
  keyTag: string
}

/**
 * The key, its window and its usage bucket.
 * - A key this instance read before: its window and bucket are read at once
 *   from the ids it is known by, and when the window still carries the tag
 *   the key was cached with, the cached key is the stored one (`keyCache.ts`)
 *   and that one wait is all. Otherwise the key is read after them, and if it
 *   no longer matches those ids (an import moved it), the rest is read again.
 * - A key seen for the first time is read first and the other two after it.
 * Either way the clock is read once this transaction holds the stores: read
 * earlier, it could be older than stamps that transactions queued ahead
 * (other tabs) recorded, and the window would undercount.
 */
async function readAdmissionRecords(
  tx: RequestTransaction,
  hash: string,
  operation: Operation,
  now: () => number,
  keys: KeyCache,
): Promise<AdmissionRecords> {
  const cached = keys.get(hash)
  if (cached) {
    // The bucket's day is a guess until the clock is read; a guess that crossed midnight is read again.
    const guess = now()
    const [activity, guessed] = await readWindowAndSlot(tx, cached.key, operation, guess)
    let key = cached.key
    let keyTag = cached.tag
    if (activity?.keyTag !== cached.tag) {
      const stored = await tx.objectStore('keys').index('byHash').read(hash)
      if (!stored || stored.id !== key.id || stored.projectId !== key.projectId) {
        keys.delete(hash)
        return readInOrder(tx, hash, operation, now, keys)
      }
      key = stored
      keyTag = keys.remember(hash, key, activity?.keyTag)
    }
    const at = now()
    const slot = utcDay(at) === utcDay(guess) ? { ...guessed, now: at } : await readUsageSlot(tx, key.projectId, operation.operationId, at)
    return { key, activity, slot, at, keyTag }
  }
  return readInOrder(tx, hash, operation, now, keys)
}

/** A key seen for the first time, or no longer where it was: the key first, then its window and bucket. */
async function readInOrder(
  tx: RequestTransaction,
  hash: string,
  operation: Operation,
  now: () => number,
  keys: KeyCache,
): Promise<AdmissionRecords> {
  const key = await tx.objectStore('keys').index('byHash').read(hash)
  if (!key) throw new ApiError('key_invalid', 'Failed to authenticate: this key does not exist.')
  const at = now()
  const [activity, slot] = await readWindowAndSlot(tx, key, operation, at)
  return { key, activity, slot, at, keyTag: keys.remember(hash, key, activity?.keyTag) }
}

/** The key's window and its usage bucket, asked for together: one wait. Looked at, never changed: read, not copied. */
function readWindowAndSlot(tx: RequestTransaction, key: ReadonlyRecord<KeyRecord>, operation: Operation, at: number) {
  return Promise.all([tx.objectStore('keyActivity').read(key.id), readUsageSlot(tx, key.projectId, operation.operationId, at)])
}
