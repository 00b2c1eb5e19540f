import { ApiError } from '../contract/ApiError.ts'
import { KEY_PATTERN } from '../domain/keys.ts'
import type { ApiRequest } from './exchange.ts'

const BEARER = /^Bearer +(\S+) *$/i

/**
 * Reads the bearer key from `Authorization`, refusing with 401 before any
 * store access when it is absent or cannot possibly be a sandbox key.
 */
export function readCredential(request: ApiRequest): string {
  const header = request.headers.get('authorization')
  if (header === null || header.trim() === '') {
    throw new ApiError('key_missing', 'Failed to authenticate: send "Authorization: Bearer svc_test_…".')
  }
  const token = BEARER.exec(header)?.[1]
  if (!token || !KEY_PATTERN.test(token)) {
    throw new ApiError(
      'key_invalid',
      'Failed to authenticate: the Authorization header does not carry a sandbox key ("Bearer svc_test_…").',
    )
  }
  return token
}

/** The bearer key when `Authorization` carries a well-formed one, else `undefined`; never refuses. */
export function wellFormedCredential(request: ApiRequest): string | undefined {
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1]
  return token !== undefined && KEY_PATTERN.test(token) ? token : undefined
}
