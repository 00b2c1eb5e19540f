import { describe, expect, it } from 'vitest'
import { keyRotation } from '../../bench/http/keyRotation.ts'

describe('the bench key rotation', () => {
  it('hands each key its share in turn, then the next', () => {
    let now = 0
    const rotation = keyRotation(['a', 'b', 'c'], 2, 60_000, () => now++)
    expect(Array.from({ length: 6 }, () => rotation.next())).toEqual(['a', 'a', 'b', 'b', 'c', 'c'])
    expect(rotation.overdrawn).toBe(0)
  })

  it('reuses a key only once a whole window has passed since its last request', () => {
    let now = 0
    const rotation = keyRotation(['a', 'b'], 2, 60_000, () => now)
    for (let sent = 0; sent < 4; sent++) rotation.next()
    // Both keys spent within the window: a fifth request would be refused, and is counted so.
    expect(rotation.next()).toBe('b')
    expect(rotation.overdrawn).toBe(1)
    now = 60_000
    expect(rotation.next()).toBe('a')
    expect(rotation.overdrawn).toBe(1)
  })

  it('counts every request beyond what the pool can serve within one window, as a run at too high a rate would send', () => {
    let now = 0
    // 400 keys of 110 requests at 3,000 requests a second: the pool wraps after ~15 s, well within a minute.
    const rotation = keyRotation(
      Array.from({ length: 400 }, (_, index) => `k${index}`),
      110,
      61_000,
      () => (now += 1000 / 3000),
    )
    for (let sent = 0; sent < 50_000; sent++) rotation.next()
    expect(rotation.overdrawn).toBe(50_000 - 400 * 110)
  })
})
