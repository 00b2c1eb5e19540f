/**
 * Verifies a webhook with the `standardwebhooks` library, in the browser, and
 * says in words why a refused one fails: which header is missing, how far the
 * timestamp is off, or that the signature does not match (and, against a
 * known specimen, what was changed).
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { parseHeaders } from './parseHeaders.ts'
import type { SpecimenBody } from './specimenBody.ts'

export const REQUIRED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const
/** The replay window `standardwebhooks` applies, in seconds. */
export const TOLERANCE_SECONDS = 300

export type FailureReason =
  | 'headers-unreadable'
  | 'missing-header'
  | 'secret-invalid'
  | 'timestamp-invalid'
  | 'timestamp-too-old'
  | 'timestamp-too-new'
  | 'signature-mismatch'

export type VerifyResult =
  | { ok: true; eventType: string | null }
  | { ok: false; reason: FailureReason; title: string; detail: string; libraryMessage: string | null }

export interface VerifyInput {
  payload: string
  headers: string
  secret: string
}

const fail = (reason: FailureReason, title: string, detail: string, libraryMessage: string | null = null): VerifyResult => ({
  ok: false,
  reason,
  title,
  detail,
  libraryMessage,
})

/** An age in whole units, rounded down as a clock reads: 10 min 40 s is "10 min", which the verdict then states as the least it is. */
function seconds(value: number): string {
  const abs = Math.abs(value)
  if (abs < 120) return `${abs} s`
  if (abs < 7200) return `${Math.floor(abs / 60)} min`
  if (abs < 172_800) return `${Math.floor(abs / 3600)} h`
  return `${Math.floor(abs / 86_400)} days`
}

/** What differs from the specimen the sandbox signed, for a signature that no longer matches. */
function changesFrom(input: VerifyInput, headers: Record<string, string>, reference: SpecimenBody | undefined): string[] {
  if (!reference) return []
  const original = reference.specimen
  const changes: string[] = []
  if (input.payload !== original.payload) {
    let at = 0
    while (at < input.payload.length && input.payload[at] === original.payload[at]) at++
    changes.push(`the payload (first difference at character ${at + 1})`)
  }
  if (headers['webhook-id'] !== original.headers['webhook-id']) changes.push('the webhook-id header')
  if (headers['webhook-timestamp'] !== original.headers['webhook-timestamp']) changes.push('the webhook-timestamp header')
  if (headers['webhook-signature'] !== original.headers['webhook-signature']) changes.push('the signature itself')
  if (input.secret.trim() !== reference.verification.secret) changes.push('the secret')
  return changes
}

/**
 * Verifies like a receiver would, against the real clock (`nowSeconds`).
 * @param reference the specimen created here, if any, to name what was changed.
 */
export function verifySpecimen(input: VerifyInput, nowSeconds: number, reference?: SpecimenBody): VerifyResult {
  const parsed = parseHeaders(input.headers)
  if (!parsed.ok) return fail('headers-unreadable', 'Headers unreadable', `Failed to read "headers": ${parsed.reason}.`)
  const headers = parsed.headers
  const missing = REQUIRED_HEADERS.filter((name) => !headers[name])
  if (missing.length > 0) {
    return fail(
      'missing-header',
      `Missing header${missing.length > 1 ? 's' : ''}`,
      `Standard Webhooks needs ${missing.join(', ')}; without it nothing can be checked.`,
    )
  }
  let webhook: Webhook
  try {
    webhook = new Webhook(input.secret.trim())
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return fail('secret-invalid', 'Secret unusable', `The secret must be "whsec_" followed by base64 (${message}).`, message)
  }
  const timestamp = Number(headers['webhook-timestamp'])
  const age = nowSeconds - timestamp
  try {
    webhook.verify(input.payload, headers, { jsonParse: false })
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) {
      const message = error instanceof Error ? error.message : String(error)
      return fail('secret-invalid', 'Secret unusable', `The secret could not be used: ${message}.`, message)
    }
    switch (error.message) {
      case 'Invalid Signature Headers':
        return fail(
          'timestamp-invalid',
          'Timestamp unreadable',
          'webhook-timestamp must be whole seconds since 1970 (Unix time).',
          error.message,
        )
      case 'Message timestamp too old':
        return fail(
          'timestamp-too-old',
          'Timestamp too old',
          `The webhook was signed ${seconds(age)} ago; receivers refuse anything older than ${TOLERANCE_SECONDS / 60} minutes, so a captured webhook cannot be replayed later.`,
          error.message,
        )
      case 'Message timestamp too new':
        return fail(
          'timestamp-too-new',
          'Timestamp in the future',
          `The timestamp is ${seconds(age)} ahead of this computer's clock, beyond the ${TOLERANCE_SECONDS / 60}-minute tolerance. If the sandbox clock was moved forward, the specimen was signed at sandbox time.`,
          error.message,
        )
      default: {
        const changes = changesFrom(input, headers, reference)
        const what = changes.length > 0 ? ` Compared with the specimen created here, these changed: ${changes.join(', ')}.` : ''
        return fail(
          'signature-mismatch',
          'Signature mismatch',
          `No v1 signature matches HMAC-SHA256 of "id.timestamp.payload" under this secret: the payload, the id or the timestamp was changed after signing, or the secret is not the one that signed it.${what}`,
          error.message,
        )
      }
    }
  }
  let eventType: string | null = null
  try {
    const event: unknown = JSON.parse(input.payload)
    if (typeof event === 'object' && event !== null && 'type' in event && typeof event.type === 'string') eventType = event.type
  } catch {
    // A verified payload need not be JSON; the signature covers its bytes either way.
  }
  return { ok: true, eventType }
}
