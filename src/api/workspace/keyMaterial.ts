import { toBase64, toBase64Url, toHex } from '../crypto/encoding.ts'
import type { RandomBytes } from '../crypto/random.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export const KEY_PREFIX = 'svc_test_'
/** 256 random bits as unpadded base64url: 43 characters. */
export const KEY_PATTERN = /^svc_test_[A-Za-z0-9_-]{43}$/
export const KEY_LIFETIME_MS = 180 * 86_400_000

/** A new plaintext key. It exists only in the issuing call's return value. */
export function generateKey(randomBytes: RandomBytes): string {
  return KEY_PREFIX + toBase64Url(randomBytes(32))
}

/**
 * A plaintext key a test suite chose (a fixed key for its app config), checked
 * against the format `generateKey` produces, so it hashes and displays alike.
 * @throws WorkspaceError `invalid_key` when it is not `svc_test_` + 43 base64url characters.
 */
export function checkKeyFormat(key: unknown, action: string): string {
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    // The refused value is not echoed: a near-miss may still be someone's secret.
    throw new WorkspaceError(
      'invalid_key',
      `Failed to ${action}: the given key is not "${KEY_PREFIX}" followed by 43 characters of A-Z, a-z, 0-9, "-" and "_".`,
    )
  }
  return key
}

export function generateId(prefix: string, randomBytes: RandomBytes): string {
  return `${prefix}_${toHex(randomBytes(8))}`
}

export function generateWebhookSecret(randomBytes: RandomBytes): string {
  return `whsec_${toBase64(randomBytes(24))}`
}
