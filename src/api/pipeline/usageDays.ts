/** UTC day arithmetic for the usage window. */

export const USAGE_WINDOW_DAYS = 30
const DAY_MS = 86_400_000

/** `YYYY-MM-DD` of an epoch-milliseconds instant, in UTC. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}

/** The 30 UTC days ending with today, oldest first. */
export function usageWindow(now: number): string[] {
  const days: string[] = []
  for (let back = USAGE_WINDOW_DAYS - 1; back >= 0; back--) days.push(utcDay(now - back * DAY_MS))
  return days
}
