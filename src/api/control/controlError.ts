/**
 * Refusals of the control API: every one is RFC 9457 problem+json with a
 * stable `code`, as the API's own are, so a client branches the same way.
 */
import type { Violation } from '../contract/violation.ts'

export const CONTROL_PROBLEMS = {
  invalid_json: { status: 400, title: 'Malformed JSON body' },
  invalid_body: { status: 400, title: 'Invalid request body' },
  invalid_query: { status: 400, title: 'Invalid query parameter' },
  invalid_snapshot: { status: 400, title: 'Invalid workspace snapshot' },
  invalid_key_options: { status: 400, title: 'Invalid key options' },
  workspace_name_invalid: { status: 400, title: 'Invalid workspace name' },
  admin_token_missing: { status: 401, title: 'Admin token missing' },
  admin_token_invalid: { status: 401, title: 'Admin token invalid' },
  control_forbidden: { status: 403, title: 'Control API answers this machine only' },
  not_found: { status: 404, title: 'Not found' },
  key_not_found: { status: 404, title: 'Key not found' },
  workspace_not_found: { status: 404, title: 'Workspace not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  key_exists: { status: 409, title: 'Key already registered' },
  workspace_is_default: { status: 409, title: 'The default workspace is kept' },
  keep_keys_refused: { status: 409, title: 'Keys cannot all be kept' },
  payload_too_large: { status: 413, title: 'Request too large' },
  internal_error: { status: 500, title: 'Internal error' },
  control_unavailable: { status: 503, title: 'Control API not ready' },
  store_unavailable: { status: 503, title: 'Store unavailable' },
} as const satisfies Record<string, { status: number; title: string }>

export type ControlProblemCode = keyof typeof CONTROL_PROBLEMS

export const CONTROL_PROBLEM_CODES = Object.keys(CONTROL_PROBLEMS) as ControlProblemCode[]

export class ControlError extends Error {
  readonly code: ControlProblemCode
  readonly status: number
  readonly errors: Violation[] | undefined
  readonly headers: Record<string, string>

  constructor(code: ControlProblemCode, detail: string, options: { errors?: Violation[]; headers?: Record<string, string> } = {}) {
    super(detail)
    this.name = 'ControlError'
    this.code = code
    this.status = CONTROL_PROBLEMS[code].status
    this.errors = options.errors
    this.headers = options.headers ?? {}
  }
}

const BASE_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, 'Content-Type': 'application/json' } })
}

export function problemResponse(error: ControlError, requestId: string): Response {
  const body = {
    type: `urn:developer-sandbox:problem:${error.code}`,
    title: CONTROL_PROBLEMS[error.code].title,
    status: error.status,
    detail: error.message,
    code: error.code,
    requestId,
    ...(error.errors ? { errors: error.errors } : {}),
  }
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { ...BASE_HEADERS, 'Content-Type': 'application/problem+json', 'X-Request-ID': requestId, ...error.headers },
  })
}

/**
 * Runs `checks`, which throw a ControlError to refuse: the refusal as problem
 * details, or undefined when every check passed. Any other error is ours and
 * propagates to the host's 500.
 */
export function refusalOf(checks: () => void, requestId: string): Response | undefined {
  try {
    checks()
    return undefined
  } catch (error) {
    if (error instanceof ControlError) return problemResponse(error, requestId)
    throw error
  }
}
