import { PROBLEMS, type ProblemCode } from './problemCodes.ts'
import type { Scope } from './scopes.ts'
import type { Violation } from './violation.ts'

export interface ApiErrorOptions {
  errors?: Violation[]
  requiredScope?: Scope
  headers?: Record<string, string>
  cause?: unknown
}

/**
 * The one error type of the core: an ApiError thrown anywhere keeps its status
 * and becomes a problem-details response, so no stage builds a Response itself.
 * A store failure becomes 503 and anything else a logged 500 (see `pipeline/classifyFailure.ts`).
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
