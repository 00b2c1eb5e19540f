/** The parts of the OpenAPI document that no operation owns: security, shared headers and parameters. */
import { AUTHORIZATION_RETRY_AFTER_SECONDS, bearerChallenge, PROBLEM_CODES } from '../contract/problemCodes.ts'
import { RATE_LIMIT, RATE_WINDOW_MS } from '../domain/rateLimit.ts'

/** The package's license (package.json `license`), as an SPDX identifier. */
export const LICENSE = { name: 'MIT', identifier: 'MIT' }

/** Who answers for the API: the sandbox is run by the developer program. */
export const CONTACT = { name: 'Developer program' }

/** Every challenge a 401 can carry (none of them holds a regular-expression metacharacter). */
const CHALLENGES = [...new Set(PROBLEM_CODES.flatMap((code) => bearerChallenge(code) ?? []))]

export const SECURITY_SCHEMES = {
  bearerKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'svc_test_<43 base64url characters>',
    description: 'A sandbox key from the developer workspace.',
  },
}

export const PARAMETERS = {
  'X-Request-ID': {
    name: 'X-Request-ID',
    in: 'header',
    required: false,
    description: 'Echoed back; 1 to 128 characters of A-Z a-z 0-9 . _ : -. Generated (UUID) when absent.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
    example: 'checkout-test.42',
  },
}

export const HEADERS = {
  'X-Request-ID': {
    description: 'The request id, on every response.',
    schema: { type: 'string' },
    required: true,
    example: '7d0f4b8e-2c1a-4e5b-9a3d-6f8e1c2b4a70',
  },
  'X-RateLimit-Limit': {
    description: `Requests allowed per key in any ${RATE_WINDOW_MS / 1000} s: ${RATE_LIMIT}.`,
    schema: { type: 'integer', const: RATE_LIMIT },
    required: true,
    example: RATE_LIMIT,
  },
  'X-RateLimit-Remaining': {
    description: 'Requests still allowed in the current window.',
    schema: { type: 'integer', minimum: 0 },
    required: true,
    example: RATE_LIMIT - 1,
  },
  'X-RateLimit-Reset': {
    description: 'Unix epoch seconds at which the oldest request leaves the window.',
    schema: { type: 'integer', minimum: 0 },
    required: true,
    example: 1786536060,
  },
  'WWW-Authenticate': {
    description: `The Bearer challenge (RFC 6750 §3): \`${bearerChallenge('key_missing')}\` when no key was sent; \`${bearerChallenge('key_invalid')}\` when the key sent is malformed, unknown, expired or revoked.`,
    schema: { type: 'string', pattern: `^(${CHALLENGES.join('|')})$` },
    required: true,
    example: bearerChallenge('key_invalid'),
  },
  'Retry-After': {
    description: `Seconds to wait before retrying: on a 429, until a request will be accepted; on a 503, ${AUTHORIZATION_RETRY_AFTER_SECONDS}, the time a stuck store usually takes to answer again.`,
    schema: { type: 'integer', minimum: 1 },
    required: true,
    example: AUTHORIZATION_RETRY_AFTER_SECONDS,
  },
}

export const API_DESCRIPTION = [
  'A bounded sandbox API for approved developer-program members.',
  '',
  'Checks run in this order, and the first that fails answers: X-Request-ID (400) → route (404, 405 with Allow) → size (413) → key (401, or 503 when authorisation cannot be confirmed) → rate limit (429) → scope (403) → input (400) → manifest (422) → the operation (200).',
  'Unknown paths answer 404 and wrong methods 405 (with Allow), both as problem details. HEAD on a GET operation answers as that GET without the body, and counts toward the rate limit and usage like it.',
  'Every 401 carries WWW-Authenticate: Bearer, with error="invalid_token" when the key sent was refused (RFC 6750).',
  'X-RateLimit-Reset is the Unix time in seconds at which the oldest request leaves the 60-second window (on a 429: when a new request will be accepted). A request refused before its key is checked (400 for X-Request-ID, 404, 405, 413, 503) reports the window of the active key it carries, uncounted; with no usable key, or when the store itself failed, the three headers describe a full, unused window.',
].join('\n')
