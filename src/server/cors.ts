/**
 * CORS for any host of the sandbox (the HTTP server, a dev-server plugin):
 * pure, over Fetch `Request`/`Response`, so every host answers browsers alike.
 */
import { OPERATIONS } from '../api/core.ts'
import { answerResponse, hostProblem, requestIdOf } from './hostProblem.ts'

/** Which browser origins may call: any local dev server (the default), or an exact list. */
export type OriginPolicy = 'localhost' | readonly string[]

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/

export const ALLOWED_METHODS = [...new Set(OPERATIONS.map((operation) => operation.method))].join(', ')
export const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-ID'
// Without these a browser client cannot read the rate-limit headers.
export const EXPOSED_HEADERS = 'X-Request-ID, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, WWW-Authenticate'
export const PREFLIGHT_MAX_AGE_SECONDS = '600'

export type CorsDecision =
  /** A preflight, answered here; the request goes no further. */
  | { preflight: Response }
  /** Headers to add to the host's answer (none for a request without an allowed `Origin`). */
  | { headers: Record<string, string> }

export function describePolicy(policy: OriginPolicy): string {
  return policy === 'localhost' ? 'any http://localhost:* or http://127.0.0.1:* origin' : policy.join(', ')
}

export function isAllowedOrigin(origin: string, policy: OriginPolicy): boolean {
  return policy === 'localhost' ? LOCAL_ORIGIN.test(origin) : policy.includes(origin)
}

/**
 * Reads `--cors`-style input: comma-separated origins, each exactly an origin (scheme, host, port).
 * @throws TypeError naming the first value that is not an origin.
 */
export function parseOriginList(value: string): string[] {
  const origins = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (origins.length === 0) throw new TypeError('Failed to read "--cors": give at least one origin, e.g. http://localhost:3000.')
  for (const origin of origins) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin) {
      throw new TypeError(`Failed to read "--cors": "${origin.slice(0, 100)}" is not an origin (scheme://host[:port], no path or slash).`)
    }
  }
  return origins
}

/** What CORS reads of a request: a Fetch Request, or the core's own `ApiRequest`. */
export interface CorsRequest {
  readonly method: string
  readonly headers: { get(name: string): string | null }
}

function isPreflight(request: CorsRequest): boolean {
  return (
    request.method === 'OPTIONS' && request.headers.get('origin') !== null && request.headers.get('access-control-request-method') !== null
  )
}

function refusedPreflight(origin: string, policy: OriginPolicy, requestId: string): Response {
  const refusal = hostProblem(
    'origin_not_allowed',
    `Failed to allow the cross-origin request from "${origin.slice(0, 200)}": the sandbox allows ${describePolicy(policy)}.`,
    requestId,
  )
  return answerResponse({ ...refusal, headers: { ...refusal.headers, Vary: 'Origin' } })
}

/** Decides what CORS says about one request under a policy. */
export function applyCors(request: CorsRequest, policy: OriginPolicy): CorsDecision {
  const origin = request.headers.get('origin')
  const allowed = origin !== null && isAllowedOrigin(origin, policy)
  if (isPreflight(request)) {
    // The preflight is answered here, not by the core, so the request id is given here too.
    const requestId = requestIdOf(request.headers.get('x-request-id'))
    if (!allowed) return { preflight: refusedPreflight(origin ?? '', policy, requestId) }
    return {
      preflight: new Response(null, {
        status: 204,
        headers: {
          'X-Request-ID': requestId,
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
          Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      }),
    }
  }
  if (origin === null) return { headers: {} }
  // The answer depends on Origin either way, so caches must key on it.
  if (!allowed) return { headers: { Vary: 'Origin' } }
  return { headers: { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, Vary: 'Origin' } }
}
