/** UTC day arithmetic for the usage window. */

export const USAGE_WINDOW_DAYS = 30 as const
export const DAY_MS = 86_400_000

let lastDayStart = Number.NaN
let lastDay = ''

/**
 * `YYYY-MM-DD` of an epoch-milliseconds instant, in UTC.
 * @note Every request asks for today; the last answer is kept, so a date is
 * formatted once a day rather than once a request.
 */
export function utcDay(epochMs: number): string {
  const dayStart = Math.floor(epochMs / DAY_MS) * DAY_MS
  if (dayStart !== lastDayStart) {
    lastDay = new Date(dayStart).toISOString().slice(0, 10)
    lastDayStart = dayStart
  }
  return lastDay
}

/** The first day of the window ending today: buckets older than it can go. */
export function oldestUsageDay(now: number): string {
  return utcDay(now - (USAGE_WINDOW_DAYS - 1) * DAY_MS)
}

/** The 30 UTC days ending with today, oldest first. */
export function usageWindow(now: number): string[] {
  const days: string[] = []
  for (let back = USAGE_WINDOW_DAYS - 1; back >= 0; back--) days.push(utcDay(now - back * DAY_MS))
  return days
}
