import type { HttpResult } from '../../client/sandboxClient.ts'

/** What a failed answer means and what the user can do next. */
export interface ProblemInfo {
  status: number
  code: string | undefined
  title: string
  detail: string | undefined
  hint: string
  action: 'choose-key' | 'issue-key' | 'clock-back' | 'fault-off' | 'wait' | 'reload' | undefined
  requiredScope: string | undefined
  /** Validation failures of 400/422: JSON Pointer and message. */
  errors: { pointer: string; message: string }[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function hintFor(
  status: number,
  code: string | undefined,
  body: Record<string, unknown>,
  headers: Record<string, string>,
  faultSwitchOn: boolean | undefined,
): Pick<ProblemInfo, 'hint' | 'action'> {
  switch (code) {
    case 'key_missing':
      return { hint: 'No key was sent. Choose a key issued in this tab or paste one in “Key for requests”.', action: 'choose-key' }
    case 'key_invalid':
      return {
        hint: 'The sandbox knows no such key. Check that it was pasted whole; keys of a reset or imported-over workspace are gone.',
        action: 'choose-key',
      }
    case 'key_expired':
      return { hint: 'Keys expire 180 days after issue. Move the clock back, or rotate to a new key.', action: 'clock-back' }
    case 'key_revoked':
      return { hint: 'Revocation is final. Issue a new key (rotation: new key first, then revoke the old).', action: 'issue-key' }
    case 'scope_missing':
      return {
        hint: `The key lacks the scope “${str(body.requiredScope) ?? '?'}”. Issue a key with that scope, and only the scopes you need.`,
        action: 'issue-key',
      }
    case 'rate_limited': {
      const retry = headers['retry-after']
      // The sandbox's own detail already says when to retry; the hint says it only when the detail does not.
      const said = /retry after/i.test(str(body.detail) ?? '')
      return {
        hint: `More than 120 requests in one minute for this key.${retry && !said ? ` Retry after ${retry} s.` : ''} Other tabs count too.`,
        action: 'wait',
      }
    }
    case 'authorization_unavailable':
      // With the switch off, the store really failed: switching it off again would do nothing.
      if (faultSwitchOn === false)
        return {
          hint: 'The sandbox could not read its key store, so it stayed closed (fail closed). The fault switch is off, so the store itself failed: another tab may be upgrading or holding the database. Close it or wait, then send again.',
          action: undefined,
        }
      return {
        hint: 'The sandbox could not confirm the key, so it stayed closed (fail closed). Is the “authorisation store failing” switch on?',
        action: 'fault-off',
      }
  }
  if (status === 0) return { hint: 'No answer at all: the sandbox worker did not respond. Reload the page.', action: 'reload' }
  // Every sandbox answer carries X-Request-ID; one without it came from the web server, so the worker is not intercepting.
  if (!headers['x-request-id']) {
    return {
      hint: 'This answer did not come from the sandbox (it has no X-Request-ID): the mock service worker is not intercepting this tab. Reload the page.',
      action: 'reload',
    }
  }
  if (status === 422)
    return { hint: 'The manifest breaks the service.tool/v1 contract; each error names the place with a JSON Pointer.', action: undefined }
  if (status === 400)
    return { hint: 'The request itself is malformed: check the JSON, the body fields and X-Request-ID.', action: undefined }
  if (status === 413) return { hint: 'Requests are limited to 64 KB.', action: undefined }
  return { hint: 'The sandbox refused the request.', action: undefined }
}

/**
 * Reads an error answer (RFC 9457 problem details) into words and a next step; undefined for a success.
 * `faultSwitchOn` tells a 503 caused by the playground's fault switch from a real store failure.
 */
export function describeResult(result: HttpResult, faultSwitchOn?: boolean): ProblemInfo | undefined {
  if (result.ok) return undefined
  const body: Record<string, unknown> = isRecord(result.body) ? result.body : {}
  const code = str(body.code)
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(isRecord).map((error) => ({ pointer: str(error.pointer) ?? '', message: str(error.message) ?? '' }))
    : []
  return {
    status: result.status,
    code,
    title: str(body.title) ?? (result.status === 0 ? 'No answer' : `HTTP ${result.status}`),
    detail: str(body.detail) ?? result.networkError,
    requiredScope: str(body.requiredScope),
    errors,
    ...hintFor(result.status, code, body, result.headers, faultSwitchOn),
  }
}
