import { describe, expect, it } from 'vitest'
import { decodeRecord, encodeRecord } from '../../src/persistence/recordCodec.ts'

const window = (start: number, gap: number) => Array.from({ length: 120 }, (_, index) => start + index * gap)

describe('the record codec', () => {
  it('writes a full key-activity window under load in under 400 bytes, a quarter of its JSON', () => {
    const value = {
      keyId: 'key_0123456789abcdef',
      stamps: window(Date.UTC(2026, 10, 22, 12), 3),
      lastUsedAt: Date.UTC(2026, 10, 22, 12) + 357,
    }
    const row = encodeRecord('keyActivity', value)
    expect(JSON.stringify(value).length).toBeGreaterThan(1700)
    expect(row.length).toBeLessThan(400)
    expect(decodeRecord('keyActivity', row)).toEqual(value)
  })

  it('round-trips windows that are empty, spread over the minute, or out of order', () => {
    for (const stamps of [[], [5], window(1_700_000_000_000, 500), [1_700_000_000_900, 1_700_000_000_100, 1_700_000_000_500]]) {
      const value = { keyId: 'key_a', stamps, lastUsedAt: stamps.length ? 1_700_000_000_900 : null }
      expect(decodeRecord('keyActivity', encodeRecord('keyActivity', value))).toEqual(value)
    }
  })

  it('reads a key-activity row written as plain JSON (state version 1) as it is', () => {
    const value = { keyId: 'key_b', stamps: [1, 2, 3], lastUsedAt: 3 }
    expect(decodeRecord('keyActivity', JSON.stringify(value))).toEqual(value)
  })

  it('writes every other store as its JSON', () => {
    const key = { id: 'key_c', hash: 'ab', scopes: ['status.read'] }
    expect(encodeRecord('keys', key)).toBe(JSON.stringify(key))
    expect(decodeRecord('keys', JSON.stringify(key))).toEqual(key)
  })
})
