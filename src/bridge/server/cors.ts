/**
 * CORS for the sandbox API on a server of ours, host-independent: it reads a
 * Fetch `Request` and answers with a Fetch `Response` or `Headers`, so any
 * host (the Vite bridge, the `serve` command) applies one policy.
 */

/**
 * An allowed origin: exact (`http://localhost:3000`), any port of a host
 * (`http://localhost:*`, which also takes the host without a port), or `*` for any.
 */
export type OriginPattern = string

/** Origins allowed when none are configured: any port on the loopback names a local app is served from. */
export const LOCAL_ORIGINS: readonly OriginPattern[] = ['http://localhost:*', 'http://127.0.0.1:*']

/** Response headers a page on another origin may read: the ones the API documents on every response, and 429's `Retry-After`. */
export const EXPOSED_HEADERS = [
  'X-Request-ID',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'WWW-Authenticate',
] as const

/** The methods the API answers. */
export const ALLOWED_METHODS = ['GET', 'POST'] as const

/** How long a browser may reuse a preflight answer, in seconds. */
export const PREFLIGHT_MAX_AGE_S = 600

export interface CorsOptions {
  /** Origins whose pages may call the API; `LOCAL_ORIGINS` when left out. */
  origins?: readonly OriginPattern[]
}

export interface CorsPolicy {
  /** Whether a page served from `origin` may call the API. */
  allows(origin: string | null): boolean
  /**
   * The answer to a CORS preflight (`OPTIONS` with `Origin` and
   * `Access-Control-Request-Method`), or null when `request` is not one and
   * should be handled as usual. A refused origin gets 403 problem details.
   */
  preflight(request: Request): Response | null
  /** The CORS headers for the response to an actual request; only `Vary: Origin` when its origin is absent or refused. */
  headers(request: Request): Headers
}

function compile(pattern: OriginPattern): (origin: string) => boolean {
  if (pattern === '*') return () => true
  const anyPort = /^(https?:\/\/[^/:]+):\*$/.exec(pattern)
  if (anyPort?.[1]) {
    const host = anyPort[1].toLowerCase()
    return (origin) => origin === host || (origin.startsWith(`${host}:`) && /^\d{1,5}$/.test(origin.slice(host.length + 1)))
  }
  if (!URL.canParse(pattern) || new URL(pattern).origin !== pattern.toLowerCase()) {
    throw new TypeError(
      `Failed to read the CORS origin "${pattern}": use an origin such as http://localhost:3000, http://localhost:* or *.`,
    )
  }
  const exact = pattern.toLowerCase()
  return (origin) => origin === exact
}

function refused(origin: string): Response {
  const code = 'cors_origin_not_allowed'
  const body = {
    type: `urn:developer-sandbox:problem:${code}`,
    title: 'Origin not allowed',
    status: 403,
    detail: `Failed to allow the origin "${origin}": only pages from the configured local origins may call this API.`,
    code,
  }
  return new Response(JSON.stringify(body), {
    status: 403,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', Vary: 'Origin' },
  })
}

/**
 * The CORS policy of the sandbox API over HTTP: allowed origins get a
 * preflight for any request headers (the origin list is the gate; bearer keys
 * are no cookies, so credentials are never allowed) and may read the
 * documented response headers.
 * @example
 * const cors = corsPolicy()
 * const preflight = cors.preflight(request)
 * if (preflight) return preflight
 * const response = await sandbox.handle(request)
 * for (const [name, value] of cors.headers(request)) response.headers.set(name, value)
 */
export function corsPolicy(options: CorsOptions = {}): CorsPolicy {
  const matchers = (options.origins ?? LOCAL_ORIGINS).map(compile)
  const allows = (origin: string | null) => origin !== null && matchers.some((matches) => matches(origin.toLowerCase()))
  return {
    allows,
    preflight(request) {
      const origin = request.headers.get('origin')
      const method = request.headers.get('access-control-request-method')
      if (request.method !== 'OPTIONS' || origin === null || method === null) return null
      if (!allows(origin)) return refused(origin)
      const headers = new Headers({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
        'Cache-Control': 'no-store',
        Vary: 'Origin, Access-Control-Request-Headers',
      })
      const requested = request.headers.get('access-control-request-headers')
      if (requested) headers.set('Access-Control-Allow-Headers', requested)
      return new Response(null, { status: 204, headers })
    },
    headers(request) {
      const origin = request.headers.get('origin')
      const headers = new Headers({ Vary: 'Origin' })
      if (!allows(origin)) return headers
      headers.set('Access-Control-Allow-Origin', origin as string)
      headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '))
      return headers
    },
  }
}
