/**
 * The problem-details answers of the sandbox's hosts themselves (the HTTP
 * server, the bridge): refusals made before the core sees a request, shaped
 * like the core's (RFC 9457 plus `code` and `requestId`, `X-Request-ID` and
 * the rate-limit headers of an unused window), so a client tells them apart
 * by `code` only. Free of Node modules: any Fetch host can use it.
 */
import { type ApiAnswer, PROBLEMS, RATE_LIMIT } from '../api/core.ts'

export const HOST_PROBLEMS = {
  /** A CORS preflight from an origin the `--cors` policy does not allow. */
  origin_not_allowed: { status: 403, title: 'Origin not allowed' },
  /** A `Host` the server does not answer to: what a DNS-rebinding page sends. */
  host_not_allowed: { status: 403, title: 'Host not allowed' },
  /** Bytes that are not an HTTP/1.1 request (framing, version, a missing Host). */
  malformed_request: { status: 400, title: 'Malformed request' },
  request_timeout: { status: 408, title: 'Request timeout' },
  payload_too_large: PROBLEMS.payload_too_large,
  expectation_failed: { status: 417, title: 'Expectation failed' },
  headers_too_large: { status: 431, title: 'Request headers too large' },
  /** A method HTTP/1.1 parsing does not know at all; a known one on a wrong path is the core's 405. */
  method_not_implemented: { status: 501, title: 'Method not implemented' },
  internal_error: PROBLEMS.internal_error,
} as const satisfies Record<string, { status: number; title: string }>

export type HostProblemCode = keyof typeof HOST_PROBLEMS

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The client's `X-Request-ID` when the core would echo it, else a fresh UUID. */
export function requestIdOf(sent: string | null | undefined): string {
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : crypto.randomUUID()
}

/** The headers every problem of a host carries. */
export function problemHeaders(requestId: string, now = Date.now()): Record<string, string> {
  return {
    'Content-Type': 'application/problem+json',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Request-ID': requestId,
    'X-RateLimit-Limit': String(RATE_LIMIT),
    'X-RateLimit-Remaining': String(RATE_LIMIT),
    'X-RateLimit-Reset': String(Math.ceil(now / 1000)),
  }
}

/** A problem answer for any code and its status and title: the hosts' one way to refuse. */
export function problemOf(
  code: string,
  problem: { status: number; title: string },
  detail: string,
  requestId: string,
  now = Date.now(),
): ApiAnswer {
  const body = { type: `urn:developer-sandbox:problem:${code}`, title: problem.title, status: problem.status, detail, code, requestId }
  return { status: problem.status, headers: problemHeaders(requestId, now), body: JSON.stringify(body) }
}

export function hostProblem(code: HostProblemCode, detail: string, requestId: string): ApiAnswer {
  return problemOf(code, HOST_PROBLEMS[code], detail, requestId)
}

export function answerResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}
