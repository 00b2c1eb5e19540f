/** What the embed says each rate-limit header means, for a key's window and for the full window of a request without a usable key. */
import { describe, expect, it } from 'vitest'
import { explainRateLimitHeader, rateWindowOwner } from '../../src/embed/ui/format.ts'

const NOW = Date.UTC(2026, 10, 22, 12)
const nowSeconds = String(Math.ceil(NOW / 1000))

describe('rateWindowOwner', () => {
  it('is the key when one was sent and not refused with 401', () => {
    expect(rateWindowOwner(true, 200)).toBe('key')
    expect(rateWindowOwner(true, 413)).toBe('key')
    expect(rateWindowOwner(true, 429)).toBe('key')
  })

  it('is nobody when no key was sent, and a refused key on a 401 with one', () => {
    expect(rateWindowOwner(false, 401)).toBe('no-key')
    expect(rateWindowOwner(false, 413)).toBe('no-key')
    expect(rateWindowOwner(true, 401)).toBe('refused-key')
  })
})

describe('explainRateLimitHeader', () => {
  it('speaks of the key’s own window when a key was sent', () => {
    expect(explainRateLimitHeader('x-ratelimit-remaining', '110', NOW, 'key')).toBe('requests left in the current minute for this key')
    expect(explainRateLimitHeader('x-ratelimit-reset', String(Math.ceil(NOW / 1000) + 42), NOW, 'key')).toMatch(/in 42 s/)
  })

  it('never says more than the 60 s window, though the header is rounded up to a whole second', () => {
    const now = NOW + 400
    // 0.4 s into a second, a window that ends 60 s from now is stamped 60.6 s ahead.
    expect(explainRateLimitHeader('x-ratelimit-reset', String(Math.ceil((now + 60_000) / 1000)), now, 'key')).toMatch(/\(in 60 s\)/)
    expect(explainRateLimitHeader('x-ratelimit-reset', String(Math.ceil(now / 1000) - 5), now, 'key')).toMatch(/\(in 0 s\)/)
  })

  it('says the 120 left is no one’s window when no key was sent', () => {
    const remaining = explainRateLimitHeader('x-ratelimit-remaining', '120', NOW, 'no-key')
    expect(remaining).toMatch(/no key was sent/i)
    expect(remaining).not.toMatch(/left in the current minute/)
    expect(explainRateLimitHeader('x-ratelimit-limit', '120', NOW, 'no-key')).toMatch(/per key/)
    expect(explainRateLimitHeader('x-ratelimit-reset', nowSeconds, NOW, 'no-key')).toMatch(/now/i)
  })

  it('says the window of a refused key is not shown', () => {
    expect(explainRateLimitHeader('x-ratelimit-remaining', '120', NOW, 'refused-key')).toMatch(/key was refused/i)
  })
})
