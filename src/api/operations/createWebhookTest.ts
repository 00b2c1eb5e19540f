import { int, obj, str } from '../contract/schemaParts.ts'
import { toHex } from '../domain/encoding.ts'
import { signStandardWebhook } from '../domain/signStandardWebhook.ts'
import { StoreError } from '../store/StoreError.ts'
import { defineOperation } from './defineOperation.ts'

export const DEFAULT_WEBHOOK_MESSAGE = 'Hello from the Developer Sandbox'
export const SPECIMEN_EVENT_TYPE = 'sandbox.test' as const
/** The replay window Standard Webhooks verifiers apply by default. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300

/**
 * POST /webhooks/test: a signed specimen and everything needed to verify it.
 * @note Nothing is sent anywhere: the specimen is only returned to the caller.
 */
export const createWebhookTest = defineOperation({
  operationId: 'createWebhookTest',
  method: 'POST',
  path: '/webhooks/test',
  scope: 'webhooks.test',
  tag: 'webhooks',
  body: 'webhookTest',
  title: 'Create a webhook specimen',
  summary: 'Create a signed webhook specimen; nothing is delivered.',
  response: obj({
    specimen: obj({
      id: str,
      type: { const: SPECIMEN_EVENT_TYPE },
      payload: { type: 'string', description: 'The exact bytes that were signed: verify these, not a re-serialisation.' },
      headers: obj({
        'webhook-id': str,
        'webhook-timestamp': { type: 'string', pattern: '^[0-9]+$' },
        'webhook-signature': { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+=*$' },
      }),
    }),
    verification: obj({
      scheme: { const: 'standard-webhooks/v1' },
      algorithm: { const: 'HMAC-SHA256' },
      secret: { type: 'string', pattern: '^whsec_' },
      signedContent: str,
      signatureHeader: { const: 'webhook-signature' },
      toleranceSeconds: int,
    }),
    delivered: { const: false },
  }),
  async run({ tx, key, now, input, randomBytes }) {
    const project = await tx.objectStore('projects').get(key.projectId)
    if (!project) throw new StoreError(`Failed to read project "${key.projectId}": the store has a key without its project`)
    const id = `msg_${toHex(randomBytes(12))}`
    const timestamp = Math.floor(now / 1000)
    const payload = JSON.stringify({
      type: SPECIMEN_EVENT_TYPE,
      timestamp: new Date(timestamp * 1000).toISOString(),
      data: { projectId: project.id, environment: project.environment, message: input.message ?? DEFAULT_WEBHOOK_MESSAGE, specimen: true },
    })
    const signed = signStandardWebhook(project.webhookSecret, id, timestamp, payload)
    return {
      specimen: { id, type: SPECIMEN_EVENT_TYPE, payload, headers: signed.headers },
      verification: {
        scheme: 'standard-webhooks/v1' as const,
        algorithm: 'HMAC-SHA256' as const,
        secret: project.webhookSecret,
        signedContent: `${id}.${timestamp}.${payload}`,
        signatureHeader: 'webhook-signature' as const,
        toleranceSeconds: TIMESTAMP_TOLERANCE_SECONDS,
      },
      delivered: false as const,
    }
  },
})
