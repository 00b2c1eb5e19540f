import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { fromBase64, toBase64 } from './encoding.ts'

export interface SignedWebhook {
  id: string
  timestamp: number
  payload: string
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string }
}

/**
 * Signs a payload the Standard Webhooks way: HMAC-SHA256 over
 * `id.timestamp.payload` with the base64 key behind `whsec_`, sent as `v1,<base64>`.
 * Any Standard Webhooks library (the `standardwebhooks` npm package, Svix) verifies it.
 * @note Synchronous (@noble/hashes) rather than Web Crypto: measured here at
 * ~4–8 µs against ~85–100 µs for `importKey` + `sign`, and it can run inside
 * the request's IndexedDB transaction, which an await on Web Crypto cannot.
 */
export function signStandardWebhook(secret: string, id: string, timestamp: number, payload: string): SignedWebhook {
  if (!secret.startsWith('whsec_')) throw new Error('Failed to sign "webhook": the secret must start with whsec_')
  const signature = hmac(sha256, fromBase64(secret.slice('whsec_'.length)), utf8ToBytes(`${id}.${timestamp}.${payload}`))
  return {
    id,
    timestamp,
    payload,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${toBase64(signature)}`,
    },
  }
}
