/**
 * The OpenAPI document as `developer-sandbox serve` serves it: the core's
 * document, plus what only an HTTP host answers: CORS (a refused preflight is
 * 403 `origin_not_allowed`), the Host check (403 `host_not_allowed`, 400
 * `malformed_request`) and node:http's own refusals, with their codes in the
 * `Problem` schema so a typed client knows them.
 *
 * A preflight is described, not declared as an `OPTIONS` operation: it is the
 * browser's plumbing, which no caller makes, and an operation for it gives
 * every generated client a method nobody should call and every contract
 * tester a request without the headers only a browser knows to send.
 */
import { BASE_PATH, buildOpenApiDocument } from '../api/core.ts'
import { ALLOWED_HEADERS, ALLOWED_METHODS, describePolicy, EXPOSED_HEADERS, type OriginPolicy, PREFLIGHT_MAX_AGE_SECONDS } from './cors.ts'
import { HOST_PROBLEMS, type HostProblemCode } from './hostProblem.ts'

type Schema = { allOf?: [unknown, { properties: { code: { enum: string[] } } }]; properties?: { code: { enum: string[] } } }
type Response = { description: string }

const HOST_CODES = Object.keys(HOST_PROBLEMS) as HostProblemCode[]

/** What this server tells browsers, in the words of its own CORS code. */
function corsDescription(policy: OriginPolicy): string {
  return [
    `**CORS.** ${
      policy === 'localhost'
        ? 'This server lets browser pages call from any http://localhost:* or http://127.0.0.1:* origin, the default; `--cors <origin,…>` sets an exact list instead.'
        : `This server lets browser pages call from exactly ${describePolicy(policy)}, its \`--cors\` list; without one it allows any http://localhost:* or http://127.0.0.1:* origin.`
    } A preflight (\`OPTIONS\` with \`Origin\` and \`Access-Control-Request-Method\`) from an allowed origin answers 204 with X-Request-ID, Access-Control-Allow-Methods \`${ALLOWED_METHODS}\`, Access-Control-Allow-Headers \`${ALLOWED_HEADERS}\` and Access-Control-Max-Age ${PREFLIGHT_MAX_AGE_SECONDS}; every answer to an allowed origin exposes \`${EXPOSED_HEADERS}\`.`,
    'A preflight from any other origin answers 403 `origin_not_allowed`, problem details naming the origins allowed, and the browser does not send the call; a request that needs no preflight from such an origin is answered without Access-Control-Allow-Origin, so the page cannot read the answer. Callers outside a browser send no Origin and meet none of this. An `OPTIONS` without those two headers is no preflight: the API answers it as any method no operation has (405, after the checks that come before the route).',
  ].join('\n')
}

const SERVER_DESCRIPTION = [
  '',
  'This HTTP server answers a request for a Host other than localhost, *.localhost, an IP address, the host it listens on or an `--allowed-hosts` name with 403 `host_not_allowed` (DNS-rebinding protection), and an HTTP/1.1 request without Host with 400 `malformed_request`.',
  'It answers bytes it cannot parse as HTTP/1.1 (Content-Length with Transfer-Encoding, a bad request line) with 400 `malformed_request`, headers over 16 KB with 431 `headers_too_large`, an unknown method with 501 `method_not_implemented`, an Expect other than 100-continue with 417 `expectation_failed`, and a request that does not arrive in time with 408 `request_timeout`: problem details with X-Request-ID, then the connection closes.',
].join('\n')

/** The document `serve` answers at /openapi.json, naming `origin` as its server and describing its CORS `policy`. */
export function serverOpenApiDocument(origin: string, policy: OriginPolicy = 'localhost'): Record<string, unknown> {
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
  for (const item of Object.values(paths)) {
    for (const entry of Object.values(item)) {
      const { 400: malformed, 403: forbidden } = entry.responses
      if (malformed) malformed.description += ' On this server also malformed_request (no or a malformed Host).'
      if (forbidden)
        forbidden.description +=
          " On this server also host_not_allowed (a Host it does not answer), and origin_not_allowed to a browser's CORS preflight from an origin this server does not allow, after which the browser does not send the call (see CORS in the API description)."
    }
  }
  return {
    ...document,
    info: { ...document.info, description: `${document.info.description}${SERVER_DESCRIPTION}\n\n${corsDescription(policy)}` },
    servers: [{ url: `${origin}${BASE_PATH}`, description: 'This developer-sandbox server.' }],
  }
}
