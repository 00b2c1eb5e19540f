import { describe, expect, it } from 'vitest'
import { formatCount, formatDateTime, formatDay, formatOffset, formatRelative, isRealTime } from '../../src/app/ui/format.ts'

describe('the views’ formatting', () => {
  it('reads dates in the page’s locale, the same on every call', () => {
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 26))
    expect(formatDay('2026-11-26')).toBe(expected)
    expect(formatDay('2026-11-26')).toBe(expected)
  })

  it('gives back a value that is not a date as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date')
  })

  it('rounds a distance to its largest unit', () => {
    const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
    expect(formatRelative(3 * 86_400_000, 0)).toBe(rtf.format(3, 'day'))
    expect(formatRelative(0, 2 * 3_600_000)).toBe(rtf.format(-2, 'hour'))
    expect(formatRelative(400, 0)).toBe(rtf.format(0, 'second'))
  })

  it('words offsets and counts', () => {
    expect(formatOffset(0)).toBe('real time')
    expect(formatOffset(181 * 86_400_000)).toBe('+181 days')
    expect(formatOffset(-2 * 86_400_000)).toBe('−2 days')
    expect(formatCount(1, 'attempt')).toBe('1 attempt')
    expect(formatCount(3, 'attempt')).toBe('3 attempts')
  })

  it('calls an offset under a second real time, and words a shorter one than a day in minutes or seconds', () => {
    expect(isRealTime(-10)).toBe(true)
    expect(isRealTime(999)).toBe(true)
    expect(isRealTime(-1000)).toBe(false)
    expect(formatOffset(-10)).toBe('real time')
    expect(formatOffset(-20_000)).toBe('−20 s')
    expect(formatOffset(5 * 60_000)).toBe('+5 min')
    expect(formatOffset(-90 * 60_000)).toBe('−90 min')
  })
})
