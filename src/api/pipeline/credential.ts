import { ApiError } from '../contract/ApiError.ts'
import { KEY_PATTERN } from '../domain/keys.ts'
import type { ApiRequest } from './exchange.ts'

/**
 * Reads the bearer key from `Authorization`, refusing with 401 before any
 * store access when it is absent or cannot possibly be a sandbox key.
 */
export function readCredential(request: ApiRequest): string {
  const header = request.headers.get('authorization')
  if (header === null || header.trim() === '') {
    throw new ApiError('key_missing', 'Failed to authenticate: send "Authorization: Bearer svc_test_…".')
  }
  const match = /^Bearer +(\S+) *$/i.exec(header)
  const token = match?.[1]
  if (!token || !KEY_PATTERN.test(token)) {
    throw new ApiError(
      'key_invalid',
      'Failed to authenticate: the Authorization header does not carry a sandbox key ("Bearer svc_test_…").',
    )
  }
  return token
}
