/**
 * The instants the sandbox clock may show. Everything a request derives from
 * the clock must be storable and loadable again: usage days are written as
 * `YYYY-MM-DD`, which has four digits for the year, and a key issued at the
 * last instant expires 180 days later, still inside year 9999. Before 2000 a
 * sandbox has nothing to test (keys, usage and rate windows are all recent),
 * and keeping every instant well after 1970 keeps each epoch value positive.
 */

/** 2000-01-01T00:00:00.000Z. */
export const EARLIEST_CLOCK_MS = Date.UTC(2000, 0, 1)
/** 9998-12-31T23:59:59.999Z: a key issued then expires in 9999, and its usage days stay four-digit. */
export const LATEST_CLOCK_MS = Date.UTC(9999, 0, 1) - 1

export const CLOCK_RANGE_TEXT = 'from 2000-01-01T00:00:00.000Z to 9998-12-31T23:59:59.999Z'

/**
 * How far a clock set to the last instant may run on and still be taken back
 * from saved state: until 9999-07-01 a key issued expires within 9999 and
 * every usage day keeps four digits.
 */
export const RUNNING_CLOCK_LIMIT_MS = Date.UTC(9999, 6, 1)

/** True when the clock may show `instant`. */
export function isClockInRange(instant: number): boolean {
  return Number.isFinite(instant) && instant >= EARLIEST_CLOCK_MS && instant <= LATEST_CLOCK_MS
}

/** True when a saved clock that shows `instant` now may be kept: set within the range, it may have run on past its end. */
export function isSavedClockUsable(instant: number): boolean {
  return Number.isFinite(instant) && instant >= EARLIEST_CLOCK_MS && instant < RUNNING_CLOCK_LIMIT_MS
}
