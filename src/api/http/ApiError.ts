import { PROBLEMS, type ProblemCode } from '../contract/problemCodes.ts'
import type { Scope } from '../contract/scopes.ts'
import type { Violation } from '../contract/violation.ts'

export interface ApiErrorOptions {
  errors?: Violation[]
  requiredScope?: Scope
  headers?: Record<string, string>
  cause?: unknown
}

/**
 * The one error type of the core: anything thrown as an ApiError becomes a
 * problem-details response; anything else becomes a 500 (or 503 when it came
 * from authorisation), so no stage ever needs to build a Response itself.
 */
export class ApiError extends Error {
  readonly code: ProblemCode
  readonly status: number
  readonly title: string
  readonly detail: string
  readonly errors: Violation[] | undefined
  readonly requiredScope: Scope | undefined
  readonly headers: Record<string, string>

  constructor(code: ProblemCode, detail: string, options: ApiErrorOptions = {}) {
    super(detail, { cause: options.cause })
    this.name = 'ApiError'
    this.code = code
    this.status = PROBLEMS[code].status
    this.title = PROBLEMS[code].title
    this.detail = detail
    this.errors = options.errors
    this.requiredScope = options.requiredScope
    this.headers = options.headers ?? {}
  }
}
