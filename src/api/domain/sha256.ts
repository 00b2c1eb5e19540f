import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

type NodeHash = (algorithm: string, data: string, encoding: 'hex') => string

/**
 * Cloudflare's documented mark of its runtime. workerd's `node:crypto` hashes
 * through a stream object built per call (~40 µs a key under load, about 4 %
 * of a workspace's request), where @noble/hashes takes a few.
 */
const inWorkers = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers'

/**
 * Node's one-shot native hash, where the host has one: `process.getBuiltinModule`
 * finds it without an import a browser bundle would have to resolve.
 */
const nativeHash = inWorkers
  ? undefined
  : (globalThis as { process?: { getBuiltinModule?: (id: string) => { hash?: NodeHash } | undefined } }).process?.getBuiltinModule?.(
      'node:crypto',
    )?.hash

/**
 * Lowercase hex SHA-256 of a UTF-8 string.
 * @note Synchronous rather than Web Crypto: a key is ~52 bytes, where
 * `crypto.subtle.digest` costs ~40–100 µs in Node (a round trip to its thread
 * pool), and it runs on every request. Synchronous is also safe inside an
 * IndexedDB transaction, which an await is not. Node hashes natively (~1 µs);
 * elsewhere @noble/hashes (audited, pure JS, ~3 µs) does.
 */
export const sha256Hex: (text: string) => string = nativeHash ? (text) => nativeHash('sha256', text, 'hex') : portableSha256Hex

/** The pure-JS path, the one browsers take; the same digest as Node's. */
export function portableSha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)))
}
