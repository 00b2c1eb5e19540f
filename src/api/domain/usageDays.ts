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

/**
 * How many days with traffic a project keeps: three windows. The clock is a
 * simulation that can jump months either way and back, so what is kept is
 * bounded by days that saw traffic, not by the clock's distance from them: a
 * trip away loses nothing unless it serves traffic on 60 other days.
 */
export const USAGE_RETENTION_DAYS = 3 * USAGE_WINDOW_DAYS

/** The first day of the window ending today. */
export function oldestUsageDay(now: number): string {
  return utcDay(now - (USAGE_WINDOW_DAYS - 1) * DAY_MS)
}

/**
 * The days whose buckets go when a request at `now` is counted: none while
 * the project has traffic on at most `USAGE_RETENTION_DAYS` days (today
 * included), else the oldest of those outside the window ending today, until
 * that many are left. A day the clock's window shows is never dropped.
 */
export function usageDaysToDrop(stored: Iterable<string>, now: number): string[] {
  const today = utcDay(now)
  const days = new Set(stored).add(today)
  const excess = days.size - USAGE_RETENTION_DAYS
  if (excess <= 0) return []
  const from = oldestUsageDay(now)
  const outside = [...days].filter((day) => day < from || day > today).sort()
  return outside.slice(0, excess)
}

/** The 30 UTC days ending with today, oldest first. */
export function usageWindow(now: number): string[] {
  const days: string[] = []
  for (let back = USAGE_WINDOW_DAYS - 1; back >= 0; back--) days.push(utcDay(now - back * DAY_MS))
  return days
}
