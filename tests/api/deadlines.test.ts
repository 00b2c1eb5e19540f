import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Deadlines } from '../../src/api/pipeline/deadlines.ts'

describe('deadlines of one length, watched by one timer', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const watch = () => new Deadlines(1000, () => Date.now())

  it('expires a deadline once its time has passed, and not a moment before', () => {
    const deadlines = watch()
    const expired = vi.fn()
    deadlines.set(expired)
    vi.advanceTimersByTime(999)
    expect(expired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(expired).toHaveBeenCalledOnce()
  })

  it('never expires a released deadline, and releasing twice is harmless', () => {
    const deadlines = watch()
    const expired = vi.fn()
    const release = deadlines.set(expired)
    release()
    release()
    vi.advanceTimersByTime(5000)
    expect(expired).not.toHaveBeenCalled()
  })

  it('expires each of many deadlines at its own time, in the order they were set, through one timer', () => {
    const deadlines = watch()
    const order: string[] = []
    deadlines.set(() => order.push('a'))
    vi.advanceTimersByTime(300)
    const releaseB = deadlines.set(() => order.push('b'))
    vi.advanceTimersByTime(300)
    deadlines.set(() => order.push('c'))
    expect(vi.getTimerCount()).toBe(1)
    releaseB()
    vi.advanceTimersByTime(400)
    expect(order).toEqual(['a'])
    vi.advanceTimersByTime(599)
    expect(order).toEqual(['a'])
    vi.advanceTimersByTime(1)
    expect(order).toEqual(['a', 'c'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('still expires the rest when one expiry throws', () => {
    const deadlines = watch()
    const later = vi.fn()
    deadlines.set(() => {
      throw new Error('an expiry that fails')
    })
    vi.advanceTimersByTime(500)
    deadlines.set(later)
    expect(() => vi.advanceTimersByTime(500)).toThrow('an expiry that fails')
    vi.advanceTimersByTime(500)
    expect(later).toHaveBeenCalledOnce()
  })

  it('arms again after falling idle: a deadline set after the timer ran out still expires', () => {
    const deadlines = watch()
    deadlines.set(() => {})()
    vi.advanceTimersByTime(2000)
    const expired = vi.fn()
    deadlines.set(expired)
    vi.advanceTimersByTime(1000)
    expect(expired).toHaveBeenCalledOnce()
  })
})
