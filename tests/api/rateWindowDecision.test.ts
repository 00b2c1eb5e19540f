/** The rate-limit decision as a pure function: the window it keeps, in order, whatever order it was stored in. */

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { currentWindow, decide, RATE_LIMIT, RATE_WINDOW_MS } from '../../src/api/domain/rateLimit.ts'

const NOW = Date.UTC(2026, 10, 22, 12)

/** The rule, written plainly: keep (now − 60 s, now + 60 s], sort, add now if fewer than 120. */
function reference(stamps: number[], now: number) {
  const kept = stamps.filter((stamp) => stamp > now - RATE_WINDOW_MS && stamp <= now + RATE_WINDOW_MS).sort((a, b) => a - b)
  const accepted = kept.length < RATE_LIMIT
  if (accepted) kept.push(now)
  return { accepted, stamps: kept.sort((a, b) => a - b) }
}

const record = (stamps: number[]) => ({ keyId: 'key_1', stamps, lastUsedAt: stamps.at(-1) ?? null })

describe('decide', () => {
  it('drops stamps that left the window and stamps more than a window ahead, and appends now', () => {
    const stamps = [NOW - RATE_WINDOW_MS, NOW - RATE_WINDOW_MS + 1, NOW - 5, NOW + RATE_WINDOW_MS + 1]
    const { accepted, record: next } = decide(record(stamps), 'key_1', NOW)
    expect(accepted).toBe(true)
    expect(next.stamps).toEqual([NOW - RATE_WINDOW_MS + 1, NOW - 5, NOW])
  })

  it('puts now before a later stamp another tab recorded first', () => {
    const { record: next } = decide(record([NOW - 10, NOW + 3]), 'key_1', NOW)
    expect(next.stamps).toEqual([NOW - 10, NOW, NOW + 3])
  })

  it('sorts a window stored out of order, so the reset time comes from the oldest stamp', () => {
    const { record: next, state } = decide(record([NOW - 100, NOW - 30_000, NOW - 200]), 'key_1', NOW)
    expect(next.stamps).toEqual([NOW - 30_000, NOW - 200, NOW - 100, NOW])
    expect(state.reset).toBe(Math.ceil((NOW - 30_000 + RATE_WINDOW_MS) / 1000))
  })

  it('writes the key tag it is given, and none when given none, whatever the stored record carried', () => {
    const tagged = { ...record([NOW - 100]), keyTag: 'old' }
    expect(decide(tagged, 'key_1', NOW, 'new').record.keyTag).toBe('new')
    expect(decide(tagged, 'key_1', NOW).record.keyTag).toBeUndefined()
  })

  it('leaves the stored record as it was', () => {
    const stored = record([NOW - 100, NOW - 200])
    decide(stored, 'key_1', NOW)
    expect(stored.stamps).toEqual([NOW - 100, NOW - 200])
  })

  it('agrees with the plain rule for any stored window, in any order', () => {
    const stamp = fc.integer({ min: NOW - 2 * RATE_WINDOW_MS, max: NOW + 2 * RATE_WINDOW_MS })
    fc.assert(
      fc.property(fc.array(stamp, { maxLength: 130 }), (stamps) => {
        const { accepted, record: next, state } = decide(record(stamps), 'key_1', NOW)
        const expected = reference(stamps, NOW)
        expect(accepted).toBe(expected.accepted)
        expect(next.stamps).toEqual(expected.stamps)
        expect(state.remaining).toBe(RATE_LIMIT - expected.stamps.length)
      }),
    )
  })
})

describe('currentWindow', () => {
  it('reports what a request would find without adding one, by the same rule as decide', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: NOW - 2 * RATE_WINDOW_MS, max: NOW + 2 * RATE_WINDOW_MS }), { maxLength: 130 }), (stamps) => {
        const state = currentWindow(record(stamps), NOW)
        const counted = stamps.filter((stamp) => stamp > NOW - RATE_WINDOW_MS && stamp <= NOW + RATE_WINDOW_MS)
        expect(state.remaining).toBe(Math.max(0, RATE_LIMIT - counted.length))
        expect(state.reset).toBe(Math.ceil((counted.length === 0 ? NOW : Math.min(...counted) + RATE_WINDOW_MS) / 1000))
        expect(state.retryAfter).toBeUndefined()
        // The request decide admits takes exactly one of what was left.
        const decision = decide(record(stamps), 'key_1', NOW)
        if (decision.accepted) expect(decision.state.remaining).toBe(state.remaining - 1)
        else expect(state.remaining).toBe(0)
      }),
    )
  })

  it('reports a full window for a key never used, reset now', () => {
    expect(currentWindow(undefined, NOW)).toEqual({ limit: RATE_LIMIT, remaining: RATE_LIMIT, reset: Math.ceil(NOW / 1000) })
  })
})
