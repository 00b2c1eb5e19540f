/** The retention rule of usage buckets: bounded by days with traffic, never triggered by where the clock stands. */
import { describe, expect, it } from 'vitest'
import { DAY_MS, USAGE_RETENTION_DAYS, usageDaysToDrop, utcDay } from '../../src/api/domain/usageDays.ts'

const NOW = Date.UTC(2026, 10, 22, 12)
/** `count` consecutive UTC days, the first `from` days after NOW (negative: before). */
const daysFrom = (from: number, count: number) => Array.from({ length: count }, (_, i) => utcDay(NOW + (from + i) * DAY_MS))

describe('usageDaysToDrop', () => {
  it('drops nothing while the days with traffic fit, however far from the clock they lie', () => {
    const stored = [...daysFrom(-2_000, 40), ...daysFrom(-10, 5), ...daysFrom(3_000, 44)]
    expect(stored).toHaveLength(USAGE_RETENTION_DAYS - 1)
    expect(usageDaysToDrop(stored, NOW)).toEqual([])
  })

  it('counts today as a day with traffic, stored or not', () => {
    const stored = daysFrom(-200, USAGE_RETENTION_DAYS)
    expect(usageDaysToDrop(stored, NOW)).toEqual([stored[0]])
    expect(usageDaysToDrop([...stored.slice(1), utcDay(NOW)], NOW)).toEqual([])
  })

  it('drops the oldest days outside the window first, future days after past ones', () => {
    const past = daysFrom(-100, 10)
    const window = daysFrom(-29, 30)
    const future = daysFrom(31, USAGE_RETENTION_DAYS - 30)
    expect(usageDaysToDrop([...future, ...window, ...past], NOW)).toEqual(past)
  })

  it('never drops a day of the window ending today, not even when only they are old', () => {
    const window = daysFrom(-29, 30)
    const future = daysFrom(1, USAGE_RETENTION_DAYS)
    const dropped = usageDaysToDrop([...window, ...future], NOW)
    expect(dropped).toEqual(future.slice(0, 30))
    expect(dropped.some((day) => window.includes(day))).toBe(false)
  })

  it('counts a day with several buckets once', () => {
    const stored = daysFrom(-200, USAGE_RETENTION_DAYS - 1)
    expect(usageDaysToDrop([...stored, ...stored], NOW)).toEqual([])
  })
})
