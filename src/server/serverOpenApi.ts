/**
 * The OpenAPI document as `developer-sandbox serve` serves it: the core's
 * document, plus what only an HTTP host answers: the CORS preflight of each
 * path (204, or 403 `origin_not_allowed`), the Host check (403
 * `host_not_allowed`, 400 `malformed_request`) and node:http's own refusals,
 * with their codes in the `Problem` schema so a typed client knows them.
 */
import { BASE_PATH, buildOpenApiDocument } from '../api/core.ts'
import { HOST_PROBLEMS, type HostProblemCode } from './hostProblem.ts'

type Schema = { allOf?: [unknown, { properties: { code: { enum: string[] } } }]; properties?: { code: { enum: string[] } } }
type Response = { description: string }

const HOST_CODES = Object.keys(HOST_PROBLEMS) as HostProblemCode[]

const PREFLIGHT_HEADERS = {
  'X-Request-ID': { $ref: '#/components/headers/X-Request-ID' },
  'Access-Control-Allow-Origin': { description: 'The origin asked for, when allowed.', schema: { type: 'string' }, required: true },
  'Access-Control-Allow-Methods': { description: 'GET, POST.', schema: { type: 'string' }, required: true },
  'Access-Control-Allow-Headers': {
    description: 'Authorization, Content-Type, X-Request-ID.',
    schema: { type: 'string' },
    required: true,
  },
  'Access-Control-Max-Age': { description: 'Seconds a browser may reuse this answer: 600.', schema: { type: 'string' }, required: true },
}

const PROBLEM_HEADERS = Object.fromEntries(
  ['X-Request-ID', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((name) => [
    name,
    { $ref: `#/components/headers/${name}` },
  ]),
)

/** `corsPreflightToolsValidate` for `/tools/validate`. */
const preflightId = (path: string) =>
  `corsPreflight${path
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')}`

function preflight(path: string) {
  return {
    operationId: preflightId(path),
    summary: `CORS preflight of ${path}`,
    tags: ['CORS'],
    description:
      'What a browser sends before a cross-origin call. Allowed origins: any http://localhost:* and http://127.0.0.1:* by default, or the `--cors` list.',
    security: [],
    parameters: [
      { name: 'Origin', in: 'header', required: true, schema: { type: 'string' } },
      { name: 'Access-Control-Request-Method', in: 'header', required: true, schema: { type: 'string' } },
    ],
    responses: {
      204: { description: 'The origin may call.', headers: PREFLIGHT_HEADERS },
      403: {
        description: 'The origin may not call. Codes: origin_not_allowed, host_not_allowed.',
        headers: PROBLEM_HEADERS,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem403' } } },
      },
    },
  }
}

const SERVER_DESCRIPTION = [
  '',
  'This HTTP server answers a request for a Host other than localhost, *.localhost, an IP address, the host it listens on or an `--allowed-hosts` name with 403 `host_not_allowed` (DNS-rebinding protection), and an HTTP/1.1 request without Host with 400 `malformed_request`.',
  'It answers bytes it cannot parse as HTTP/1.1 (Content-Length with Transfer-Encoding, a bad request line) with 400 `malformed_request`, headers over 16 KB with 431 `headers_too_large`, an unknown method with 501 `method_not_implemented`, an Expect other than 100-continue with 417 `expectation_failed`, and a request that does not arrive in time with 408 `request_timeout`: problem details with X-Request-ID, then the connection closes.',
].join('\n')

/** The document `serve` answers at /openapi.json, naming `origin` as its server. */
export function serverOpenApiDocument(origin: string): Record<string, unknown> {
  // A copy: the core's document shares its schemas (and their code lists) with the validators.
  const document = structuredClone(buildOpenApiDocument())
  const schemas = document.components.schemas as unknown as Record<string, Schema>
  const base = schemas.Problem?.properties?.code.enum
  if (base) base.push(...HOST_CODES.filter((code) => !base.includes(code)))
  for (const status of [400, 403]) {
    const narrowed = schemas[`Problem${status}`]?.allOf?.[1].properties.code.enum
    for (const code of HOST_CODES) if (HOST_PROBLEMS[code].status === status && !narrowed?.includes(code)) narrowed?.push(code)
  }
  const paths = document.paths as Record<string, Record<string, { responses: Record<string, Response> }>>
  for (const [path, item] of Object.entries(paths)) {
    for (const entry of Object.values(item)) {
      const { 400: malformed, 403: forbidden } = entry.responses
      if (malformed) malformed.description += ' On this server also malformed_request (no or a malformed Host).'
      if (forbidden) forbidden.description += ' On this server also host_not_allowed (a Host it does not answer).'
    }
    item.options = preflight(path) as never
  }
  return {
    ...document,
    info: { ...document.info, description: document.info.description + SERVER_DESCRIPTION },
    servers: [{ url: `${origin}${BASE_PATH}`, description: 'This developer-sandbox server.' }],
    tags: [...document.tags, { name: 'CORS', description: 'Preflights, answered by the HTTP server before any operation.' }],
  }
}
