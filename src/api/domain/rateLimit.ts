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
  keyTag?: string | undefined
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
  // One shape whether tagged or not: a property added later would move the record to a new hidden class on every request.
  const record: KeyActivityRecord = { keyId, stamps, lastUsedAt: accepted ? now : (previous?.lastUsedAt ?? null), keyTag }
  return { accepted, record, state }
}

/**
 * The window after a request at `now`: the stamps still in it, oldest first,
 * plus `now` when it is accepted. A new array; the stored one is not changed.
 * @note Every stored window is already in order, so one pass finds what
 * stays and the array is sized once (grown by push, a window of 120 would be
 * copied several times over). A window out of order (written by hand into an
 * import) is sorted.
 */
function nextWindow(previous: readonly number[], now: number): { stamps: number[]; accepted: boolean } {
  const inWindow = (stamp: number) => countsAt(stamp, now)
  let count = 0
  let ordered = true
  let last = Number.NEGATIVE_INFINITY
  for (let index = 0; index < previous.length; index++) {
    const stamp = previous[index] as number
    if (!inWindow(stamp)) continue
    if (stamp < last) ordered = false
    last = stamp
    count++
  }
  const accepted = count < RATE_LIMIT
  const stamps = new Array<number>(accepted ? count + 1 : count)
  let size = 0
  for (let index = 0; index < previous.length; index++) {
    const stamp = previous[index] as number
    if (inWindow(stamp)) stamps[size++] = stamp
  }
  if (!ordered) {
    stamps.length = size
    stamps.sort((a, b) => a - b)
  }
  if (accepted) {
    // At the end, unless another tab stamped a later time first.
    let at = size
    while (at > 0 && (stamps[at - 1] as number) > now) {
      stamps[at] = stamps[at - 1] as number
      at--
    }
    stamps[at] = now
  }
  return { stamps, accepted }
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
