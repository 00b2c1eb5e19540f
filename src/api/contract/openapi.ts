/**
 * The OpenAPI 3.1 document of the whole API, built from the same schemas the
 * code validates with, so the document, the validator and the editor agree.
 */
import { API_VERSION, BASE_PATH } from '../version.ts'
import { toolRequestBodySchema, webhookTestBodySchema } from './bodySchemas.ts'
import { OPERATIONS, type OperationId } from './operations.ts'
import { PROBLEMS, type ProblemCode } from './problemCodes.ts'
import { manifestComponent, problemSchema, responseSchemas } from './responseSchemas.ts'

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

const COMMON_HEADERS = {
  'X-Request-ID': headerRef('X-Request-ID'),
  'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
}

function codesFor(status: number): ProblemCode[] {
  return (Object.keys(PROBLEMS) as ProblemCode[]).filter((code) => PROBLEMS[code].status === status)
}

function problem(status: number, description: string, extraHeaders: Record<string, unknown> = {}) {
  return {
    description: `${description} Codes: ${codesFor(status).join(', ')}.`,
    headers: { ...COMMON_HEADERS, ...extraHeaders },
    content: { 'application/problem+json': { schema: ref('Problem') } },
  }
}

function responsesFor(operationId: OperationId, hasToolBody: boolean) {
  const responses: Record<string, unknown> = {
    200: { description: 'Success.', headers: COMMON_HEADERS, content: { 'application/json': { schema: ref(`${operationId}Response`) } } },
    400: problem(400, 'Malformed X-Request-ID, a query parameter, or a body that is not the documented JSON object.'),
    401: problem(401, 'The key is missing, invalid, expired or revoked.'),
    403: problem(403, 'The key lacks the scope this operation requires (`requiredScope`).'),
    413: problem(413, 'The body exceeds 65,536 bytes.'),
    429: problem(429, 'More than 120 requests in 60 s for this key.', { 'Retry-After': headerRef('Retry-After') }),
    500: problem(500, 'A defect in the sandbox; report it with the request id.'),
    503: problem(503, 'Authorisation could not be confirmed; the sandbox stays closed.'),
  }
  if (hasToolBody) responses[422] = problem(422, 'The manifest violates service.tool/v1; `errors` lists every violation.')
  return responses
}

/** Builds the OpenAPI 3.1 document. Pure: the same document every call. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of OPERATIONS) {
    const body =
      operation.body === 'toolRequest'
        ? { required: true, content: { 'application/json': { schema: ref('ToolRequestBody') } } }
        : operation.body === 'webhookTest'
          ? { required: false, content: { 'application/json': { schema: ref('WebhookTestBody') } } }
          : undefined
    paths[operation.path] ??= {}
    const entry = paths[operation.path] as Record<string, unknown>
    entry[operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      'x-required-scope': operation.scope,
      description: `Requires the scope \`${operation.scope}\`.`,
      security: [{ bearerKey: [operation.scope] }],
      parameters: [{ $ref: '#/components/parameters/X-Request-ID' }],
      ...(body ? { requestBody: body } : {}),
      responses: responsesFor(operation.operationId, operation.body === 'toolRequest'),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Developer Sandbox API',
      version: API_VERSION,
      description: [
        'A bounded sandbox API for approved developer-program members.',
        '',
        'Checks run in this order, and the first that fails answers: X-Request-ID (400) → route (404, 405 with Allow) → size (413) → key (401, or 503 when authorisation cannot be confirmed) → rate limit (429) → scope (403) → input (400) → manifest (422) → the operation (200).',
        'Unknown paths answer 404 and wrong methods 405, both as problem details.',
        'X-RateLimit-Reset is the Unix time in seconds at which the oldest request leaves the 60-second window (on a 429: when a new request will be accepted). On a response without an active key the three headers describe a full, unused window.',
      ].join('\n'),
    },
    servers: [
      {
        url: `{origin}${BASE_PATH}`,
        variables: { origin: { default: 'http://localhost:5173', description: 'Any origin: the playground answers on its own.' } },
      },
    ],
    security: [{ bearerKey: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svc_test_<43 base64url characters>',
          description: 'A sandbox key from the developer workspace.',
        },
      },
      parameters: {
        'X-Request-ID': {
          name: 'X-Request-ID',
          in: 'header',
          required: false,
          description: 'Echoed back; 1 to 128 characters of A-Z a-z 0-9 . _ : -. Generated (UUID) when absent.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
        },
      },
      headers: {
        'X-Request-ID': { description: 'The request id, on every response.', schema: { type: 'string' }, required: true },
        'X-RateLimit-Limit': { description: 'Requests allowed per key in any 60 s: 120.', schema: { type: 'integer' }, required: true },
        'X-RateLimit-Remaining': {
          description: 'Requests still allowed in the current window.',
          schema: { type: 'integer', minimum: 0 },
          required: true,
        },
        'X-RateLimit-Reset': {
          description: 'Unix epoch seconds at which the oldest request leaves the window.',
          schema: { type: 'integer' },
          required: true,
        },
        'Retry-After': {
          description: 'Seconds until a request will be accepted.',
          schema: { type: 'integer', minimum: 1 },
          required: true,
        },
      },
      schemas: {
        Manifest: manifestComponent(),
        ToolRequestBody: { ...stripDraft(toolRequestBodySchema), properties: { manifest: ref('Manifest') } },
        WebhookTestBody: stripDraft(webhookTestBodySchema),
        Problem: problemSchema,
        ...Object.fromEntries(Object.entries(responseSchemas).map(([id, schema]) => [`${id}Response`, schema])),
      },
    },
  }
}

function stripDraft<T extends { $schema?: string }>(schema: T): Omit<T, '$schema'> {
  const { $schema: _schema, ...rest } = schema
  return rest
}
