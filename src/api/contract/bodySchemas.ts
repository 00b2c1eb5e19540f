/** JSON Schemas of the request bodies. Violations here are 400s; the manifest's own are 422s. */

export const toolRequestBodySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Tool request body',
  type: 'object',
  required: ['manifest'],
  additionalProperties: false,
  properties: {
    manifest: { description: 'The manifest to check; its violations are reported as 422.' },
  },
} as const

export const WEBHOOK_MESSAGE_MAX_LENGTH = 200

export const webhookTestBodySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Webhook test request body',
  type: 'object',
  additionalProperties: false,
  properties: {
    message: {
      type: 'string',
      maxLength: WEBHOOK_MESSAGE_MAX_LENGTH,
      description: 'Free text carried in the specimen payload; at most 200 characters (code points).',
    },
  },
} as const
