import type { ApiError } from '../contract/ApiError.ts'
import { bearerChallenge, problemRetryAfter } from '../contract/problemCodes.ts'
import { problemDetails } from '../contract/problemDetails.ts'
import type { RateLimitState } from '../domain/rateLimit.ts'
import type { ApiAnswer } from './exchange.ts'

function baseHeaders(requestId: string, rate: RateLimitState, contentType: string): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Request-ID': requestId,
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining),
    'X-RateLimit-Reset': String(rate.reset),
  }
  if (rate.retryAfter !== undefined) headers['Retry-After'] = String(rate.retryAfter)
  return headers
}

/** A 200 with a JSON body and the headers every response carries. */
export function jsonAnswer(body: unknown, requestId: string, rate: RateLimitState): ApiAnswer {
  return { status: 200, headers: baseHeaders(requestId, rate, 'application/json'), body: JSON.stringify(body) }
}

/**
 * An RFC 9457 problem-details answer for an ApiError, with its extra headers
 * (`Allow`, `WWW-Authenticate` on a 401, `Retry-After` on a 503).
 */
export function problemAnswer(error: ApiError, requestId: string, rate: RateLimitState): ApiAnswer {
  const headers = baseHeaders(requestId, rate, 'application/problem+json')
  const challenge = bearerChallenge(error.code)
  if (challenge) headers['WWW-Authenticate'] = challenge
  const retryAfter = problemRetryAfter(error.code)
  if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter)
  for (const [name, value] of Object.entries(error.headers)) headers[name] = value
  return { status: error.status, headers, body: JSON.stringify(problemDetails(error, requestId)) }
}
