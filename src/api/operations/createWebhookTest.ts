import { toHex } from '../crypto/encoding.ts'
import type { RandomBytes } from '../crypto/random.ts'
import { signStandardWebhook } from '../webhooks/signStandardWebhook.ts'
import type { Operation } from './types.ts'

export const DEFAULT_WEBHOOK_MESSAGE = 'Hello from the Developer Sandbox'
export const SPECIMEN_EVENT_TYPE = 'sandbox.test'
/** The replay window Standard Webhooks verifiers apply by default. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300

/**
 * POST /webhooks/test: a signed specimen and everything needed to verify it.
 * @note Nothing is sent anywhere: the specimen is only returned to the caller.
 */
export function createWebhookTest(randomBytes: RandomBytes): Operation<{ message?: string }> {
  return {
    async run({ tx, key, now, input }) {
      const project = await tx.objectStore('projects').get(key.projectId)
      if (!project) throw new Error(`Failed to read project "${key.projectId}": missing`)
      const id = `msg_${toHex(randomBytes(12))}`
      const timestamp = Math.floor(now / 1000)
      const payload = JSON.stringify({
        type: SPECIMEN_EVENT_TYPE,
        timestamp: new Date(timestamp * 1000).toISOString(),
        data: {
          projectId: project.id,
          environment: project.environment,
          message: input.message ?? DEFAULT_WEBHOOK_MESSAGE,
          specimen: true,
        },
      })
      const secret = project.webhookSecret
      return {
        finish: async () => {
          const signed = await signStandardWebhook(secret, id, timestamp, payload)
          return {
            specimen: { id, type: SPECIMEN_EVENT_TYPE, payload, headers: signed.headers },
            verification: {
              scheme: 'standard-webhooks/v1',
              algorithm: 'HMAC-SHA256',
              secret,
              signedContent: `${id}.${timestamp}.${payload}`,
              signatureHeader: 'webhook-signature',
              toleranceSeconds: TIMESTAMP_TOLERANCE_SECONDS,
            },
            delivered: false,
          }
        },
      }
    },
  }
}
