/** UTC days for usage buckets: the same day string for every instant of a day, whatever was asked before. */
import { describe, expect, it } from 'vitest'
import { DAY_MS, usageWindow, utcDay } from '../../src/api/domain/usageDays.ts'

describe('utcDay', () => {
  it('names the UTC day of an instant, at both ends of the day', () => {
    const start = Date.UTC(2026, 10, 22)
    expect(utcDay(start)).toBe('2026-11-22')
    expect(utcDay(start + DAY_MS - 1)).toBe('2026-11-22')
    expect(utcDay(start + DAY_MS)).toBe('2026-11-23')
    expect(utcDay(start - 1)).toBe('2026-11-21')
  })

  it('answers correctly when asked about days out of order (the clock moved back)', () => {
    const days = [Date.UTC(2026, 0, 1, 23), Date.UTC(2025, 11, 31, 1), Date.UTC(2026, 0, 1, 0), Date.UTC(1969, 11, 31, 12)]
    expect(days.map(utcDay)).toEqual(['2026-01-01', '2025-12-31', '2026-01-01', '1969-12-31'])
  })

  it('refuses an instant that is not a date', () => {
    expect(() => utcDay(Number.NaN)).toThrow(RangeError)
  })

  it('lists the 30 days ending today, oldest first', () => {
    const window = usageWindow(Date.UTC(2026, 2, 1, 8))
    expect(window).toHaveLength(30)
    expect(window.at(0)).toBe('2026-01-31')
    expect(window.at(-1)).toBe('2026-03-01')
  })
})
