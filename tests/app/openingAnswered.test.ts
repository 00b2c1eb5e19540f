import { afterEach, describe, expect, it, vi } from 'vitest'
import { openingAnswered } from '../../src/app/frame/openingAnswered.ts'

/** Whether the promise has settled after the microtasks queued so far ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => {
    done = true
  })
  await Promise.resolve()
  await Promise.resolve()
  return done
}

describe('what waits for the opening section’s first answer', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits for nothing on a section that loads nothing when it opens', async () => {
    for (const section of ['workspace', 'console', 'editor'] as const) expect(await settled(openingAnswered(section)), section).toBe(true)
  })

  it('waits on a data section, and 150 ms at most when its answer does not come', async () => {
    vi.useFakeTimers()
    const waiting = openingAnswered('overview')
    expect(await settled(waiting)).toBe(false)
    await vi.advanceTimersByTimeAsync(149)
    expect(await settled(waiting)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(waiting)).toBe(true)
  })
})
