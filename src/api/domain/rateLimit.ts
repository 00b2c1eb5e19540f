import type { ReadonlyRecord } from './readonlyRecord.ts'

/**
 * What one key did lately: its accepted request times within the last minute
 * (oldest first; the rate-limit window) and when it was last accepted at all.
 */
export interface KeyActivityRecord {
  keyId: string
  stamps: number[]
  /** Epoch ms of the last accepted request, or null if never used. Shown in the workspace to make rotation safe. */
  lastUsedAt: number | null
  /**
   * Present while the key record is unchanged since a request read it with
   * this tag; anything that changes the key takes it away. Never exported or
   * imported. See `pipeline/keyCache.ts`.
   */
  keyTag?: string
}

export const RATE_LIMIT = 120
export const RATE_WINDOW_MS = 60_000

export interface RateLimitState {
  limit: number
  remaining: number
  /** Epoch seconds at which the oldest request in the window leaves it (now, if the window is empty). */
  reset: number
  /** Seconds to wait before a retry is accepted; only when refused. */
  retryAfter?: number
}

export interface RateDecision {
  accepted: boolean
  record: KeyActivityRecord
  state: RateLimitState
}

/**
 * The exact sliding window: a request at `now` is accepted when fewer than 120
 * requests were accepted in (now − 60 s, now]. Only accepted requests are
 * recorded, and stamps outside the window are dropped, so the record never
 * holds more than 120 numbers whatever the traffic.
 * @param keyTag carried into the record (`KeyActivityRecord.keyTag`).
 * @note A stamp slightly after `now` is kept and counted: another tab may have
 * read the clock a moment later and committed first. Only stamps more than a
 * window ahead (the playground clock was moved back) are dropped, so moving
 * the clock back frees the key instead of blocking it for the jump.
 */
export function decide(previous: ReadonlyRecord<KeyActivityRecord> | undefined, keyId: string, now: number, keyTag?: string): RateDecision {
  const { stamps, accepted } = nextWindow(previous?.stamps ?? [], now)
  const oldest = stamps[0]
  const freesAt = oldest === undefined ? now : oldest + RATE_WINDOW_MS
  const state: RateLimitState = {
    limit: RATE_LIMIT,
    remaining: RATE_LIMIT - stamps.length,
    reset: Math.ceil(freesAt / 1000),
  }
  if (!accepted) state.retryAfter = Math.max(1, Math.ceil((freesAt - now) / 1000))
  const record: KeyActivityRecord = { keyId, stamps, lastUsedAt: accepted ? now : (previous?.lastUsedAt ?? null) }
  if (keyTag !== undefined) record.keyTag = keyTag
  return { accepted, record, state }
}

/**
 * The window after a request at `now`: the stamps still in it, oldest first,
 * plus `now` when it is accepted. A new array; the stored one is not changed.
 * A window out of order (written by hand into an import) is sorted.
 * @note The array is grown by push and then copied once to its exact size, so
 * it is packed: IndexedDB's structured clone writes an array made with
 * `new Array(n)` (holey, even once full) index by index, a third slower to
 * store and read back, and one left as grown would keep up to half its size
 * spare in the memory store.
 */
function nextWindow(previous: readonly number[], now: number): { stamps: number[]; accepted: boolean } {
  const kept: number[] = []
  let ordered = true
  for (let index = 0; index < previous.length; index++) {
    const stamp = previous[index] as number
    if (!countsAt(stamp, now)) continue
    if (kept.length > 0 && stamp < (kept[kept.length - 1] as number)) ordered = false
    kept.push(stamp)
  }
  if (!ordered) kept.sort((a, b) => a - b)
  const accepted = kept.length < RATE_LIMIT
  if (accepted) {
    // At the end, unless another tab stamped a later time first.
    let at = kept.length
    kept.push(now)
    while (at > 0 && (kept[at - 1] as number) > now) {
      kept[at] = kept[at - 1] as number
      at--
    }
    kept[at] = now
  }
  return { stamps: kept.slice(), accepted }
}

/** Whether a stamp counts in the window at `now`: in (now − 60 s, now], or ahead of `now` by less than a window (see `decide`). */
function countsAt(stamp: number, now: number): boolean {
  return stamp > now - RATE_WINDOW_MS && stamp <= now + RATE_WINDOW_MS
}

/**
 * The key's window at `now` as it stands, for a request that is refused
 * before the rate check and so neither counts nor is counted: what a request
 * would find, without it.
 */
export function currentWindow(previous: ReadonlyRecord<KeyActivityRecord> | undefined, now: number): RateLimitState {
  let count = 0
  let oldest = Number.POSITIVE_INFINITY
  for (const stamp of previous?.stamps ?? []) {
    if (!countsAt(stamp, now)) continue
    count++
    if (stamp < oldest) oldest = stamp
  }
  const freesAt = count === 0 ? now : oldest + RATE_WINDOW_MS
  return { limit: RATE_LIMIT, remaining: Math.max(0, RATE_LIMIT - count), reset: Math.ceil(freesAt / 1000) }
}

/** What the headers say on a response with no usable key: a full, unused window. */
export function unusedWindow(now: number): RateLimitState {
  return { limit: RATE_LIMIT, remaining: RATE_LIMIT, reset: Math.ceil(now / 1000) }
}
