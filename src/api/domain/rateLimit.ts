/**
 * What one key did lately: its accepted request times within the last minute
 * (oldest first; the rate-limit window) and when it was last accepted at all.
 */
export interface KeyActivityRecord {
  keyId: string
  stamps: number[]
  /** Epoch ms of the last accepted request, or null if never used. Shown in the workspace to make rotation safe. */
  lastUsedAt: number | null
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
 * @note A stamp slightly after `now` is kept and counted: another tab may have
 * read the clock a moment later and committed first. Only stamps more than a
 * window ahead (the playground clock was moved back) are dropped, so moving
 * the clock back frees the key instead of blocking it for the jump.
 */
export function decide(previous: KeyActivityRecord | undefined, keyId: string, now: number): RateDecision {
  const stamps = stampsInWindow(previous?.stamps ?? [], now)
  const accepted = stamps.length < RATE_LIMIT
  if (accepted) insertInOrder(stamps, now)
  const oldest = stamps[0]
  const freesAt = oldest === undefined ? now : oldest + RATE_WINDOW_MS
  const state: RateLimitState = {
    limit: RATE_LIMIT,
    remaining: RATE_LIMIT - stamps.length,
    reset: Math.ceil(freesAt / 1000),
  }
  if (!accepted) state.retryAfter = Math.max(1, Math.ceil((freesAt - now) / 1000))
  return { accepted, record: { keyId, stamps, lastUsedAt: accepted ? now : (previous?.lastUsedAt ?? null) }, state }
}

/**
 * The stamps still in the window at `now`, oldest first, in a new array.
 * @note One pass, since every stored window is already in order; a window out
 * of order (written by hand into an import) is sorted once.
 */
function stampsInWindow(stamps: readonly number[], now: number): number[] {
  const windowStart = now - RATE_WINDOW_MS
  const latest = now + RATE_WINDOW_MS
  const kept: number[] = []
  let ordered = true
  for (const stamp of stamps) {
    if (stamp <= windowStart || stamp > latest) continue
    if (kept.length > 0 && stamp < (kept[kept.length - 1] as number)) ordered = false
    kept.push(stamp)
  }
  if (!ordered) kept.sort((a, b) => a - b)
  return kept
}

/** Adds `stamp` to an ordered window: at the end, unless another tab stamped a later time first. */
function insertInOrder(stamps: number[], stamp: number): void {
  let index = stamps.length
  stamps.push(stamp)
  while (index > 0 && (stamps[index - 1] as number) > stamp) {
    stamps[index] = stamps[index - 1] as number
    index--
  }
  stamps[index] = stamp
}

/** What the headers say on a response with no active key: a full, unused window. */
export function unusedWindow(now: number): RateLimitState {
  return { limit: RATE_LIMIT, remaining: RATE_LIMIT, reset: Math.ceil(now / 1000) }
}
