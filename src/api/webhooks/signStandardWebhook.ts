import { fromBase64, toBase64 } from '../crypto/encoding.ts'

const encoder = new TextEncoder()

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
 */
export async function signStandardWebhook(secret: string, id: string, timestamp: number, payload: string): Promise<SignedWebhook> {
  if (!secret.startsWith('whsec_')) throw new Error('Failed to sign "webhook": the secret must start with whsec_')
  const key = await crypto.subtle.importKey('raw', fromBase64(secret.slice('whsec_'.length)), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${payload}`))
  return {
    id,
    timestamp,
    payload,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${toBase64(new Uint8Array(signature))}`,
    },
  }
}
