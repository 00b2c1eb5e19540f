import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import type { RandomBytes } from './random.ts'

/**
 * A reproducible random source: the same seed gives the same keys, ids and
 * webhook secrets in the same order, for snapshot tests.
 * @note SHA-256 in counter mode over the seed: well spread, not secret. Anyone
 * who knows the seed knows every key it makes, so use it in tests only.
 * @example
 * const sandbox = createSandboxCore({ indexedDB: new IDBFactory(), randomBytes: seededRandomBytes('my-suite') })
 */
export function seededRandomBytes(seed: string): RandomBytes {
  let block = 0
  let pool = new Uint8Array(0)
  return (length) => {
    const out = new Uint8Array(length)
    let filled = 0
    while (filled < length) {
      if (pool.length === 0) pool = sha256(utf8ToBytes(`${seed}\u0000${block++}`))
      const take = Math.min(pool.length, length - filled)
      out.set(pool.subarray(0, take), filled)
      pool = pool.subarray(take)
      filled += take
    }
    return out
  }
}
