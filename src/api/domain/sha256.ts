import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/**
 * Lowercase hex SHA-256 of a UTF-8 string.
 * @note Synchronous (@noble/hashes, audited, pure JS) rather than Web Crypto:
 * a key is ~52 bytes, where `crypto.subtle.digest` costs ~40–100 µs in Node
 * (a round trip to its thread pool) and noble ~2 µs, on every request. It is
 * also safe to call inside an IndexedDB transaction, which an await is not.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)))
}
