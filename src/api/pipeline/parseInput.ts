import { ApiError } from '../contract/ApiError.ts'
import { BODY_KINDS, type BodyKind } from '../contract/bodyKinds.ts'
import { validate } from '../contract/validators.ts'
import { findIJsonViolation } from './checkIJson.ts'

const decoder = new TextDecoder('utf-8', { fatal: true })

function badRequest(
  code: 'invalid_json' | 'invalid_content_type' | 'body_required' | 'invalid_body',
  detail: string,
  keyword: string,
  message: string,
): ApiError {
  return new ApiError(code, detail, { errors: [{ pointer: '', keyword, message }] })
}

function isJsonContentType(value: string | null): boolean {
  if (value === null) return false
  const mediaType = value.split(';')[0]?.trim().toLowerCase()
  return mediaType === 'application/json'
}

/**
 * Turns query and body into the operation's input, or the 400 that refuses it.
 * It runs after the key, rate and scope checks, as the check order says.
 */
export function parseInput(url: URL, kind: BodyKind, bytes: Uint8Array, contentType: string | null): unknown {
  // No query at all is the common case, and asking for searchParams parses one.
  const names = url.search === '' ? [] : [...new Set(url.searchParams.keys())]
  if (url.search.length > 1 || names.length > 0) {
    throw new ApiError(
      'unknown_query_parameter',
      `Failed to accept the query: this operation defines no query parameters${names.length ? ` (got ${names.map((name) => `"${name}"`).join(', ')})` : ''}.`,
      {
        errors: names.map((name) => ({ pointer: '', keyword: 'query', message: `query parameter "${name}" is not defined` })),
      },
    )
  }
  const body = BODY_KINDS[kind]
  if (!body) return undefined
  if (bytes.byteLength === 0) {
    if (!body.required) return {}
    throw badRequest(
      'body_required',
      'Failed to read the request body: a JSON object with "manifest" is required.',
      'required',
      'a JSON body is required',
    )
  }
  if (!isJsonContentType(contentType)) {
    throw badRequest(
      'invalid_content_type',
      `Failed to read the request body: Content-Type must be application/json, got ${contentType === null ? 'none' : `"${contentType.slice(0, 100)}"`}.`,
      'contentType',
      'Content-Type must be application/json',
    )
  }
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    throw badRequest('invalid_json', 'Failed to parse the request body: it is not valid UTF-8.', 'json', 'the body is not valid UTF-8')
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'malformed JSON'
    throw badRequest('invalid_json', `Failed to parse the request body: ${reason}`, 'json', reason)
  }
  const notIJson = findIJsonViolation(value)
  if (notIJson) {
    throw new ApiError('invalid_json', `Failed to accept the request body: at "${notIJson.pointer}", ${notIJson.message}.`, {
      errors: [notIJson],
    })
  }
  const violations = validate(body.validator, value)
  if (violations.length > 0) {
    throw new ApiError(
      'invalid_body',
      `Failed to accept the request body: ${violations.length} ${violations.length === 1 ? 'problem' : 'problems'}.`,
      { errors: violations },
    )
  }
  return value
}
