import type { FromSchema } from 'json-schema-to-ts'
import type { ApiError } from './ApiError.ts'
import { PROBLEM_CODES, problemType } from './problemCodes.ts'
import { arrayOf, str } from './schemaParts.ts'
import { SCOPES } from './scopes.ts'
import { violationSchema } from './violation.ts'

/** RFC 9457 problem details, the body of every error response. */
export const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details. Branch on `code`; `title` and `detail` are for people.',
  required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', description: 'urn:developer-sandbox:problem:<code>' },
    title: str,
    status: { type: 'integer' },
    detail: str,
    code: { enum: PROBLEM_CODES },
    requestId: str,
    requiredScope: { enum: SCOPES, description: 'On 403: the scope the operation requires.' },
    errors: { ...arrayOf(violationSchema), description: 'On 400 and 422: every violation, sorted by pointer, keyword, message.' },
  },
} as const

/** The body every error answers with, typed from `problemSchema`. */
export type ProblemDetails = FromSchema<typeof problemSchema>

export function problemDetails(error: ApiError, requestId: string): ProblemDetails {
  const body: ProblemDetails = {
    type: problemType(error.code),
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    requestId,
  }
  if (error.requiredScope) body.requiredScope = error.requiredScope
  if (error.errors) body.errors = error.errors
  return body
}
