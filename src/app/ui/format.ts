/** Formatting shared by the views: one place decides how times and sizes read. */

/**
 * Made on first use: the page's first Intl formatter loads the locale's data,
 * about 10 ms of the main thread that a cold page's first API answer would
 * otherwise wait for, before anything is formatted.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}

const dateTime = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }))
const dateTimeSeconds = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }))
const dateOnly = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }))
const relativeTime = onFirstUse(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }))

export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? String(value) : dateTime().format(date)
}

/** Date and time to the second, for logs where requests a second apart must read apart. */
export function formatDateTimeSeconds(value: string | number | Date): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeSeconds().format(date)
}

/** A `YYYY-MM-DD` UTC day as a readable date. */
export function formatDay(day: string): string {
  return dateOnly().format(new Date(`${day}T00:00:00Z`))
}

/** "in 3 days", "2 hours ago": distance from the sandbox clock, rounded to the largest unit. */
export function formatRelative(target: number, now: number): string {
  const diff = target - now
  const abs = Math.abs(diff)
  const units: [number, Intl.RelativeTimeFormatUnit][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ]
  const rtf = relativeTime()
  for (const [size, unit] of units) {
    if (abs >= size || unit === 'second') return rtf.format(Math.round(diff / size), unit)
  }
  return rtf.format(0, 'second')
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`
}

/**
 * Whether a clock offset is real time. Putting a clock "back on now" through
 * an instant leaves the few milliseconds the call took; no one moves a
 * sandbox clock by less than a second on purpose.
 */
export function isRealTime(offsetMs: number): boolean {
  return Math.abs(offsetMs) < 1000
}

/** A clock offset as "+181 days", "−2 days", "+5 min", "−20 s" or "real time". */
export function formatOffset(offsetMs: number): string {
  if (isRealTime(offsetMs)) return 'real time'
  const abs = Math.abs(offsetMs)
  const tenths = Math.round((abs / 86_400_000) * 10) / 10
  const rounded =
    abs >= 86_400_000
      ? `${tenths} ${tenths === 1 ? 'day' : 'days'}`
      : abs >= 60_000
        ? `${Math.round(abs / 60_000)} min`
        : `${Math.round(abs / 1000)} s`
  return offsetMs > 0 ? `+${rounded}` : `−${rounded}`
}

/** "1 attempt", "3 attempts": a count with its noun, singular for exactly one. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`
}
