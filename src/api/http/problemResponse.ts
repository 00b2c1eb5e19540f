import { problemType } from '../contract/problemCodes.ts'
import type { ApiError } from './ApiError.ts'

/** The RFC 9457 body every error answers with. */
export interface ProblemDetails {
  type: string
  title: string
  status: number
  detail: string
  code: string
  requestId: string
  requiredScope?: string
  errors?: { pointer: string; keyword: string; message: string }[]
}

export function problemBody(error: ApiError, requestId: string): ProblemDetails {
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
