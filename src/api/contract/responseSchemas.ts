/**
 * JSON Schemas of every response body. They feed the OpenAPI document, and
 * the conformance tests validate real responses against them, so the
 * document cannot drift from the code.
 */

import {
  COLUMN_TYPES,
  CONSEQUENCE_CLASSES,
  DISPLAY_COLORS,
  DISPLAY_LAYOUTS,
  MANIFEST_PERMISSIONS,
  manifestSchema,
} from './manifestSchema.ts'
import { OPERATION_IDS } from './operations.ts'
import { PROBLEMS } from './problemCodes.ts'
import { SCOPES } from './scopes.ts'

const str = { type: 'string' } as const
const int = { type: 'integer', minimum: 0 } as const
const dateTime = { type: 'string', format: 'date-time' } as const
const nullable = <T extends object>(schema: T) => ({ oneOf: [schema, { type: 'null' }] })
const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties,
})
const list = (items: unknown) => obj({ data: { type: 'array', items } })

const violation = obj({
  pointer: { type: 'string', description: 'JSON Pointer (RFC 6901) into the request body; "" for the whole body.' },
  keyword: str,
  message: str,
})

export const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details. Branch on `code`; `title` and `detail` are for people.',
  required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', description: 'urn:developer-sandbox:problem:<code>' },
    title: str,
    status: { type: 'integer' },
    detail: str,
    code: { enum: Object.keys(PROBLEMS) },
    requestId: str,
    requiredScope: { enum: [...SCOPES], description: 'On 403: the scope the operation requires.' },
    errors: { type: 'array', items: violation, description: 'On 400 and 422: every violation, sorted by pointer, keyword, message.' },
  },
}

const counts = obj({ requests: int, errors: int })
const perOperation = obj(Object.fromEntries(OPERATION_IDS.map((id) => [id, counts])))

const column = obj({
  index: int,
  name: str,
  type: { enum: [...COLUMN_TYPES] },
  primary: { type: 'boolean' },
  section: nullable(str),
  unit: nullable(str),
  options: nullable({ type: 'array', items: str }),
})

export const responseSchemas = {
  getProjectStatus: obj({
    project: obj({ id: str, app: str }),
    environment: str,
    scopes: { type: 'array', items: { enum: [...SCOPES] } },
    apiVersion: { const: '2026-08-12' },
    key: obj({ id: str, lastFour: str, expiresAt: dateTime }),
  }),
  getDeveloperProfile: obj({
    project: obj({ id: str, app: str, environment: str, displayName: str, createdAt: dateTime }),
    dataBoundaries: obj({
      open: { type: 'array', items: obj({ scope: { enum: [...MANIFEST_PERMISSIONS] }, opens: str }) },
      closed: { type: 'array', items: obj({ category: { enum: ['account', 'health', 'school', 'family'] }, reason: str }) },
      privateAccountData: { const: false },
    }),
  }),
  listDeveloperSessions: list(
    obj({
      id: str,
      title: str,
      summary: str,
      startsAt: dateTime,
      durationMinutes: int,
      format: { enum: ['live-online', 'recorded', 'workshop'] },
      level: { enum: ['introductory', 'intermediate', 'advanced'] },
      topics: { type: 'array', items: str },
    }),
  ),
  getProjectUsage: obj({
    projectId: str,
    window: obj({
      days: { const: 30 },
      from: { type: 'string', format: 'date' },
      to: { type: 'string', format: 'date' },
      timeZone: { const: 'UTC' },
    }),
    totals: counts,
    operations: perOperation,
    days: {
      type: 'array',
      minItems: 30,
      maxItems: 30,
      items: obj({ date: { type: 'string', format: 'date' }, requests: int, errors: int, operations: perOperation }),
    },
  }),
  listWebhookEndpoints: list(
    obj({
      id: str,
      url: { type: 'string', format: 'uri' },
      description: str,
      events: { type: 'array', items: str },
      enabled: { type: 'boolean' },
      createdAt: dateTime,
      latestDelivery: obj({
        status: { enum: ['succeeded', 'failed', 'pending', 'never_attempted'] },
        attemptedAt: nullable(dateTime),
        responseStatus: nullable({ type: 'integer' }),
        attempts: int,
      }),
    }),
  ),
  listTools: list(
    obj({
      id: str,
      manifest: manifestSchemaRef(),
      digest: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      reviewedAt: dateTime,
      reviewedBy: str,
    }),
  ),
  validateTool: obj({
    valid: { const: true },
    schema: { const: 'service.tool/v1' },
    digest: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  }),
  previewTool: obj({
    schema: { const: 'service.tool/v1' },
    digest: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    manifest: obj({
      schema: { const: 'service.tool/v1' },
      name: nullable(str),
      version: nullable(str),
      entry: str,
      summary: nullable(str),
      permissions: { type: 'array', items: { enum: [...MANIFEST_PERMISSIONS] } },
      consequenceClass: nullable({ enum: [...CONSEQUENCE_CLASSES] }),
      inputs: nullable({ type: 'array', items: str }),
      outputs: nullable({ type: 'array', items: str }),
    }),
    permissions: { type: 'array', items: obj({ scope: { enum: [...MANIFEST_PERMISSIONS] }, opens: str }) },
    consequence: obj({ class: nullable({ enum: [...CONSEQUENCE_CLASSES] }), label: str, explanation: str }),
    display: nullable(
      obj({
        layout: { enum: [...DISPLAY_LAYOUTS] },
        icon: str,
        color: { enum: [...DISPLAY_COLORS] },
        primaryColumnIndex: int,
        sections: { type: 'array', items: str },
        columns: { type: 'array', items: column },
      }),
    ),
    safetyBoundary: obj({
      executesCode: { const: false },
      network: { const: false },
      entry: str,
      permissions: { type: 'array', items: { enum: [...MANIFEST_PERMISSIONS] } },
      closedData: { type: 'array', items: str },
    }),
    truncated: { type: 'boolean' },
    truncatedPointers: { type: 'array', items: str },
  }),
  createWebhookTest: obj({
    specimen: obj({
      id: str,
      type: { const: 'sandbox.test' },
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
} as const

function manifestSchemaRef() {
  return { $ref: '#/components/schemas/Manifest' }
}

/** The manifest schema without its draft-level keywords, for embedding under components. */
export function manifestComponent() {
  const { $schema: _schema, $id: _id, ...rest } = manifestSchema
  return rest
}
