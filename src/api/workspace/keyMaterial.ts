import { toBase64, toBase64Url, toHex } from '../crypto/encoding.ts'
import type { RandomBytes } from '../crypto/random.ts'

export const KEY_PREFIX = 'svc_test_'
/** 256 random bits as unpadded base64url: 43 characters. */
export const KEY_PATTERN = /^svc_test_[A-Za-z0-9_-]{43}$/
export const KEY_LIFETIME_MS = 180 * 86_400_000

/** A new plaintext key. It exists only in the issuing call's return value. */
export function generateKey(randomBytes: RandomBytes): string {
  return KEY_PREFIX + toBase64Url(randomBytes(32))
}

export function generateId(prefix: string, randomBytes: RandomBytes): string {
  return `${prefix}_${toHex(randomBytes(8))}`
}

export function generateWebhookSecret(randomBytes: RandomBytes): string {
  return `whsec_${toBase64(randomBytes(24))}`
}
