import { PROBLEMS, RATE_LIMIT } from '../../api/core.ts'

/**
 * The bridge's own problem-details answers, shaped like the core's (RFC 9457
 * plus `code` and `requestId`, `X-Request-ID` and the rate-limit headers of an
 * unused window): a client cannot tell them apart by shape, only by `code`.
 */
export const BRIDGE_PROBLEMS = {
  /** No playground tab is connected: nothing can vouch for a key. */
  playground_not_open: { status: 503, title: 'Playground not open' },
  /** A tab had the request and did not answer within the timeout. */
  playground_timeout: { status: 503, title: 'Playground did not answer' },
  /** A tab could not run the request at all: a defect, logged with the request id. */
  internal_error: PROBLEMS.internal_error,
  /** A method no browser can put in a `Request` (CONNECT, TRACE, TRACK). */
  method_not_implemented: { status: 501, title: 'Method not implemented' },
} as const satisfies Record<string, { status: number; title: string }>

export type BridgeProblemCode = keyof typeof BRIDGE_PROBLEMS

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The client's `X-Request-ID` when the core would echo it, else a fresh UUID. */
export function bridgeRequestId(request: Request): string {
  const sent = request.headers.get('x-request-id')
  return sent !== null && CLIENT_REQUEST_ID.test(sent) ? sent : crypto.randomUUID()
}

/** A problem-details response of the bridge itself. */
export function bridgeProblem(code: BridgeProblemCode, detail: string, requestId: string, now = Date.now()): Response {
  const { status, title } = BRIDGE_PROBLEMS[code]
  const body = { type: `urn:developer-sandbox:problem:${code}`, title, status, detail, code, requestId }
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-ID': requestId,
      'X-RateLimit-Limit': String(RATE_LIMIT),
      'X-RateLimit-Remaining': String(RATE_LIMIT),
      'X-RateLimit-Reset': String(Math.ceil(now / 1000)),
    },
  })
}
