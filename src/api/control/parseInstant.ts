import { ISO_INSTANT_PATTERN } from './controlSchemas.ts'

const INSTANT = new RegExp(ISO_INSTANT_PATTERN)

/**
 * Epoch milliseconds of an ISO 8601 instant, or undefined when the text is
 * not one or names a date that does not exist: `Date.parse` rolls
 * 2026-02-30 over into March, which a test author never means.
 */
export function parseInstant(text: string): number | undefined {
  if (!INSTANT.test(text)) return undefined
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const calendar = new Date(Date.UTC(year, month - 1, day))
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined
  const [hour, minute, second = 0] = text.slice(11, 19).split(':').map(Number) as [number, number, number?]
  if (hour > 23 || minute > 59 || second > 59) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : at
}
