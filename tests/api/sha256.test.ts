/** Key hashes: Node's native SHA-256 and the pure-JS one browsers use give the same digest, so a browser export works on the server. */
import { describe, expect, it } from 'vitest'
import { portableSha256Hex, sha256Hex } from '../../src/api/domain/sha256.ts'

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('gives the same digest on both paths, for ASCII keys and any Unicode', () => {
    for (const text of ['', 'svc_test_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG', 'é', '🔑 key', 'a'.repeat(1000)]) {
      expect(sha256Hex(text)).toBe(portableSha256Hex(text))
    }
  })
})
