/** The rules of a sandbox key: its form, its lifetime, its status, and how keys, ids and secrets are made. */
import { toBase64, toBase64Url, toHex } from './encoding.ts'
import type { RandomBytes } from './random.ts'
import { DAY_MS } from './usageDays.ts'

export const KEY_PREFIX = 'svc_test_'
/** 256 random bits as unpadded base64url: 43 characters. */
export const KEY_PATTERN = /^svc_test_[A-Za-z0-9_-]{43}$/
/** A key expires this long after it was issued, by the sandbox clock. */
export const KEY_LIFETIME_MS = 180 * DAY_MS

export type KeyStatus = 'active' | 'expired' | 'revoked'

/** Revocation wins over expiry: a revoked key stays "revoked" after its expiry date too. */
export function keyStatus(key: { revokedAt: number | null; expiresAt: number }, now: number): KeyStatus {
  if (key.revokedAt !== null) return 'revoked'
  return now >= key.expiresAt ? 'expired' : 'active'
}

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
