import { ApiError } from '../contract/ApiError.ts'
import type { ApiRequest } from './exchange.ts'

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Echoes a well-formed client `X-Request-ID`, or makes a UUID when none was sent.
 * @note A malformed id is refused rather than replaced: silently swapping it
 * would break the client's own log correlation without telling it.
 */
export function resolveRequestId(request: ApiRequest, makeId: () => string): { id: string; error?: ApiError } {
  const sent = request.headers.get('x-request-id')
  if (sent === null) return { id: makeId() }
  if (CLIENT_REQUEST_ID.test(sent)) return { id: sent }
  return {
    id: makeId(),
    error: new ApiError(
      'invalid_request_id',
      'Failed to accept "X-Request-ID": it must be 1 to 128 characters of A-Z, a-z, 0-9, ".", "_", ":" and "-".',
    ),
  }
}
