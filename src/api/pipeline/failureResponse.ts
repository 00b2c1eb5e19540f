import { ApiError } from '../contract/ApiError.ts'
import { StoreError } from '../store/StoreError.ts'

/**
 * The one error path: an ApiError keeps its status; a store failure (open,
 * request, abort, timeout, the `authorization` fault) is 503
 * `authorization_unavailable`, because authorisation cannot be confirmed;
 * anything else is our bug, logged with the request id and answered 500.
 */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof StoreError) {
    return new ApiError(
      'authorization_unavailable',
      'Failed to confirm authorisation: the key store is unavailable, so the sandbox stays closed. Retry shortly.',
      { cause: error },
    )
  }
  console.error(`Failed to handle sandbox request "${requestId}":`, error)
  return new ApiError(
    'internal_error',
    `Failed to handle the request: an unexpected error occurred in the sandbox. Report it with the request id "${requestId}".`,
    { cause: error },
  )
}
