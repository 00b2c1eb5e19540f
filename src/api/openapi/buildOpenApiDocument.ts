/**
 * The OpenAPI 3.1 document of the whole API, derived from the operation list
 * and the same schemas the code validates with, so the document, the
 * validator and the editor agree.
 */
import { BODY_KINDS } from '../contract/bodyKinds.ts'
import { MANIFEST_SCHEMA_URI, manifestSchema } from '../contract/manifestSchema.ts'
import { PROBLEM_CODES, PROBLEMS, type ProblemCode } from '../contract/problemCodes.ts'
import { problemSchema } from '../contract/problemDetails.ts'
import { stripDraft } from '../contract/schemaParts.ts'
import { TAGS } from '../contract/tags.ts'
import { API_VERSION, BASE_PATH } from '../contract/version.ts'
import type { Operation } from '../operations/defineOperation.ts'
import { OPERATIONS } from '../operations/registry.ts'
import generatedExamples from './examples.generated.json' with { type: 'json' }
import { API_DESCRIPTION, CONTACT, HEADERS, LICENSE, PARAMETERS, SECURITY_SCHEMES } from './openApiComponents.ts'
import { requestBodyExamples } from './requestBodyExamples.ts'

/** Per operation id, per status: one response body the core really answered (`npm run generate:examples` writes it). */
const EXAMPLES: Record<string, Record<string, { summary: string; value: unknown }>> = generatedExamples

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

const COMMON_HEADERS = {
  'X-Request-ID': headerRef('X-Request-ID'),
  'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
}

const codesOf = (status: number): ProblemCode[] => PROBLEM_CODES.filter((code) => PROBLEMS[code].status === status)

/**
 * The statuses an operation documents a problem for, in the order of `PROBLEMS`: each gets a
 * `Problem<status>` component. 404 and 405 answer paths and methods no operation has, so no
 * operation can name them; the API description does.
 */
const documentedStatuses = (paths: Record<string, Record<string, { responses: Record<string, unknown> }>>) => {
  const used = new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((entry) => Object.keys(entry.responses))))
  return [...new Set(PROBLEM_CODES.map((code) => PROBLEMS[code].status))].filter((status) => used.has(String(status)))
}

/** `Problem<status>`: the problem details of one status, its `code` narrowed to the codes of that status. */
function statusProblemSchema(status: number) {
  return {
    description: `Problem details of a ${status}.`,
    allOf: [ref('Problem'), { type: 'object', properties: { status: { const: status }, code: { enum: codesOf(status) } } }],
  }
}

function problem(status: number, description: string, extraHeaders: Record<string, unknown> = {}) {
  return {
    description: `${description} Codes: ${codesOf(status).join(', ')}.`,
    headers: { ...COMMON_HEADERS, ...extraHeaders },
    content: { 'application/problem+json': { schema: ref(`Problem${status}`) } },
  }
}

/** Points `$ref`s at the manifest's `$id` to the document's Manifest component. */
function linkManifest(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(linkManifest)
  if (typeof schema !== 'object' || schema === null) return schema
  if ((schema as { $ref?: unknown }).$ref === MANIFEST_SCHEMA_URI) return ref('Manifest')
  return Object.fromEntries(Object.entries(schema).map(([name, value]) => [name, linkManifest(value)]))
}

function responsesFor(operation: Operation) {
  const responses: Record<string, unknown> = {
    200: {
      description: 'Success.',
      headers: COMMON_HEADERS,
      content: { 'application/json': { schema: ref(`${operation.operationId}Response`) } },
    },
    400: problem(400, 'Malformed X-Request-ID, a query parameter, or a body that is not the documented JSON object.'),
    401: problem(401, 'The key is missing, invalid, expired or revoked.', { 'WWW-Authenticate': headerRef('WWW-Authenticate') }),
    403: problem(403, 'The key lacks the scope this operation requires (`requiredScope`).'),
    413: problem(413, 'The body exceeds 65,536 bytes.'),
    429: problem(429, 'More than 120 requests in 60 s for this key.', { 'Retry-After': headerRef('Retry-After') }),
    500: problem(500, 'A defect in the sandbox; report it with the request id.'),
    503: problem(503, 'Authorisation could not be confirmed; the sandbox stays closed. Retry after `Retry-After` seconds.', {
      'Retry-After': headerRef('Retry-After'),
    }),
  }
  if (operation.body === 'toolRequest')
    responses[422] = problem(422, 'The manifest violates service.tool/v1; `errors` lists every violation.')
  return withExamples(operation.operationId, responses)
}

/** Puts each status's example, a body the core really answered, under its media type. */
function withExamples(operationId: string, responses: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const example = EXAMPLES[operationId]?.[status]
      if (!example) throw new TypeError(`Failed to document "${operationId}": no example of its ${status} (run npm run generate:examples)`)
      const { content, ...rest } = response as { content: Record<string, object> }
      const name = status === '200' ? 'success' : String((example.value as { code?: unknown }).code)
      const withExample = Object.fromEntries(
        Object.entries(content).map(([type, media]) => [type, { ...media, examples: { [name]: example } }]),
      )
      return [status, { ...rest, content: withExample }]
    }),
  )
}

function pathItem(operation: Operation) {
  const body = BODY_KINDS[operation.body]
  return {
    operationId: operation.operationId,
    summary: operation.title,
    tags: [operation.tag],
    'x-required-scope': operation.scope,
    description: `${operation.summary} Requires the scope \`${operation.scope}\`.`,
    security: [{ bearerKey: [operation.scope] }],
    parameters: [{ $ref: '#/components/parameters/X-Request-ID' }],
    ...(body
      ? {
          requestBody: {
            required: body.required,
            content: { 'application/json': { schema: ref(body.component), examples: requestBodyExamples(operation.body) } },
          },
        }
      : {}),
    responses: responsesFor(operation),
  }
}

/** Builds the OpenAPI 3.1 document. Pure: the same document every call. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, ReturnType<typeof pathItem>>> = {}
  for (const operation of OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: pathItem(operation) }
  }
  const bodySchemas = Object.values(BODY_KINDS).flatMap((kind) =>
    kind
      ? [[kind.component, linkManifest({ ...stripDraft(kind.schema), properties: { ...kind.schema.properties, ...kind.documented } })]]
      : [],
  )
  return {
    openapi: '3.1.0',
    info: { title: 'Developer Sandbox API', version: API_VERSION, description: API_DESCRIPTION, license: LICENSE, contact: CONTACT },
    servers: [
      {
        url: `{origin}${BASE_PATH}`,
        variables: { origin: { default: 'http://localhost:5173', description: 'Any origin: the playground answers on its own.' } },
      },
    ],
    security: [{ bearerKey: [] }],
    tags: Object.entries(TAGS)
      .filter(([name]) => OPERATIONS.some((operation) => operation.tag === name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      parameters: PARAMETERS,
      headers: HEADERS,
      schemas: {
        Manifest: stripDraft(manifestSchema),
        ...Object.fromEntries(bodySchemas),
        Problem: problemSchema,
        ...Object.fromEntries(documentedStatuses(paths).map((status) => [`Problem${status}`, statusProblemSchema(status)])),
        ...Object.fromEntries(OPERATIONS.map((operation) => [`${operation.operationId}Response`, linkManifest(operation.response)])),
      },
    },
  }
}
