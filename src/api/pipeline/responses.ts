import type { ApiError } from '../contract/ApiError.ts'
import { bearerChallenge } from '../contract/problemCodes.ts'
import { problemDetails } from '../contract/problemDetails.ts'
import type { RateLimitState } from '../domain/rateLimit.ts'

function baseHeaders(requestId: string, rate: RateLimitState, contentType: string): Headers {
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Request-ID': requestId,
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining),
    'X-RateLimit-Reset': String(rate.reset),
  })
  if (rate.retryAfter !== undefined) headers.set('Retry-After', String(rate.retryAfter))
  return headers
}

/** A 200 with a JSON body and the headers every response carries. */
export function jsonResponse(body: unknown, requestId: string, rate: RateLimitState): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: baseHeaders(requestId, rate, 'application/json') })
}

/** An RFC 9457 problem-details response for an ApiError, with its extra headers (`Allow`, and `WWW-Authenticate` on a 401). */
export function problemResponse(error: ApiError, requestId: string, rate: RateLimitState): Response {
  const headers = baseHeaders(requestId, rate, 'application/problem+json')
  const challenge = bearerChallenge(error.code)
  if (challenge) headers.set('WWW-Authenticate', challenge)
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value)
  return new Response(JSON.stringify(problemDetails(error, requestId)), { status: error.status, headers })
}
