/**
 * The `Retry-After` of a 503: a store that failed to open is tried afresh on
 * the next request, and a transaction stuck behind another tab's gives up
 * after 5 s, so a retry sooner than that mostly meets the same wait.
 */
export const AUTHORIZATION_RETRY_AFTER_SECONDS = 5

/**
 * Every stable error `code` the API can answer with, its HTTP status and title.
 * Clients branch on `code`; titles and details are for people and may be reworded.
 */
export const PROBLEMS = {
  invalid_request_id: { status: 400, title: 'Invalid X-Request-ID' },
  invalid_json: { status: 400, title: 'Malformed JSON body' },
  invalid_content_type: { status: 400, title: 'Unsupported Content-Type' },
  body_required: { status: 400, title: 'Request body required' },
  invalid_body: { status: 400, title: 'Invalid request body' },
  unknown_query_parameter: { status: 400, title: 'Unknown query parameter' },
  key_missing: { status: 401, title: 'API key missing' },
  key_invalid: { status: 401, title: 'API key invalid', bearerError: 'invalid_token' },
  key_expired: { status: 401, title: 'API key expired', bearerError: 'invalid_token' },
  key_revoked: { status: 401, title: 'API key revoked', bearerError: 'invalid_token' },
  scope_missing: { status: 403, title: 'Scope missing' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  payload_too_large: { status: 413, title: 'Request too large' },
  manifest_invalid: { status: 422, title: 'Manifest violates service.tool/v1' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  internal_error: { status: 500, title: 'Internal error' },
  authorization_unavailable: { status: 503, title: 'Authorization unavailable', retryAfterSeconds: AUTHORIZATION_RETRY_AFTER_SECONDS },
} as const satisfies Record<string, { status: number; title: string; bearerError?: BearerError; retryAfterSeconds?: number }>

/** The RFC 6750 §3.1 error codes a 401 names; a request that sent no key gets none. */
type BearerError = 'invalid_token'

export type ProblemCode = keyof typeof PROBLEMS

/** Every problem code, in the order above. */
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[]

/** Problem `type` URIs are identifiers, not links: the sandbox never sends a reader off the page. */
export function problemType(code: ProblemCode): string {
  return `urn:developer-sandbox:problem:${code}`
}

/** The realm every `WWW-Authenticate` challenge names. */
export const BEARER_REALM = 'developer-sandbox'

/**
 * The `WWW-Authenticate` challenge of a 401 (RFC 9110 §11.6.1 requires one):
 * the Bearer scheme with the RFC 6750 `error` when a key was sent and refused,
 * none when no key was sent (RFC 6750 §3.1). `undefined` for other statuses.
 */
export function bearerChallenge(code: ProblemCode): string | undefined {
  const problem: { status: number; bearerError?: BearerError } = PROBLEMS[code]
  if (problem.status !== 401) return undefined
  return problem.bearerError ? `Bearer realm="${BEARER_REALM}", error="${problem.bearerError}"` : `Bearer realm="${BEARER_REALM}"`
}

/** The `Retry-After` seconds a problem always carries (a 503), or `undefined`; a 429's depends on its window. */
export function problemRetryAfter(code: ProblemCode): number | undefined {
  const problem: { status: number; retryAfterSeconds?: number } = PROBLEMS[code]
  return problem.retryAfterSeconds
}
