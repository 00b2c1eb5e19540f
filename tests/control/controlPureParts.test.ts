import { describe, expect, it } from 'vitest'
import { bearerToken, tokenMatches } from '../../src/api/control/adminToken.ts'
import { parseInstant } from '../../src/api/control/parseInstant.ts'
import { SandboxClock } from '../../src/api/control/sandboxClock.ts'
import { takeFaults } from '../../src/api/pipeline/faults.ts'

describe('the admin token check', () => {
  it('accepts only the same token, whatever its length or characters', () => {
    expect(tokenMatches('sécret-token', 'sécret-token')).toBe(true)
    expect(tokenMatches('sécret-tokem', 'sécret-token')).toBe(false)
    expect(tokenMatches('sécret-token-longer', 'sécret-token')).toBe(false)
    expect(tokenMatches('sécret', 'sécret-token')).toBe(false)
    expect(tokenMatches('', '')).toBe(false)
  })

  it('reads the Bearer scheme only', () => {
    expect(bearerToken('Bearer abc')).toBe('abc')
    expect(bearerToken('bearer  abc ')).toBe('abc')
    expect(bearerToken('Basic abc')).toBeNull()
    expect(bearerToken(null)).toBeNull()
  })
})

describe('an ISO instant', () => {
  it('parses dates that exist, with a zone', () => {
    expect(parseInstant('2028-02-29T12:00:00Z')).toBe(Date.UTC(2028, 1, 29, 12))
    expect(parseInstant('2026-09-01T12:00:00.5+02:00')).toBe(Date.UTC(2026, 8, 1, 10, 0, 0, 500))
  })

  it.each(['2026-02-29T00:00:00Z', '2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', '2026-09-01T24:00:00Z', '2026-09-01', 'tomorrow'])(
    'refuses %s',
    (text) => {
      expect(parseInstant(text)).toBeUndefined()
    },
  )
})

describe('the sandbox clock', () => {
  it('adds its offset to real time, and goes back to it', () => {
    let real = 1_000
    const clock = new SandboxClock(0, () => real)
    clock.set(5_000)
    real = 1_010
    expect(clock.now()).toBe(5_010)
    clock.advance(-10)
    expect(clock.now()).toBe(5_000)
    clock.reset()
    expect(clock.now()).toBe(1_010)
  })
})

describe('faults limited to operations and a count', () => {
  it('apply only to the named operations, and only as many times as counted', () => {
    const faults = { authorization: 'unavailable' as const, operations: ['getProjectStatus'], count: 2 }
    expect(takeFaults(faults, 'listTools')).toBeUndefined()
    expect(takeFaults(faults, 'getProjectStatus')).toBe(faults)
    expect(takeFaults(faults, 'getProjectStatus')).toBe(faults)
    expect(takeFaults(faults, 'getProjectStatus')).toBeUndefined()
    expect(faults.count).toBe(0)
  })

  it('do nothing when no fault is on, whatever the count', () => {
    const faults = { count: 3 }
    expect(takeFaults(faults, 'getProjectStatus')).toBeUndefined()
    expect(faults.count).toBe(3)
  })
})
