/** The API's answer to POST /tools/validate for one version of the text, as state the editor can show. */
import type { ApiResult } from '../../../client/sandboxClient.ts'
import { type ApiRefusal, describeRefusal } from '../../ui/apiRefusal.ts'
import { manifestPointer } from '../document/jsonPointer.ts'

/** One violation of the contract, its pointer already relative to the manifest. */
export interface Problem {
  /** Pointer into the manifest (the body's `/manifest` prefix stripped). */
  pointer: string
  keyword: string
  message: string
}

export type ValidationOutcome =
  | { kind: 'valid'; digest: string; requestId: string | null }
  | { kind: 'invalid'; problems: Problem[]; requestId: string | null }
  | { kind: 'refused'; refusal: ApiRefusal; requestId: string | null }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

function readProblems(body: unknown): Problem[] | null {
  if (!isRecord(body) || !Array.isArray(body.errors)) return null
  const problems: Problem[] = []
  for (const entry of body.errors) {
    if (!isRecord(entry) || typeof entry.pointer !== 'string') continue
    const pointer = manifestPointer(entry.pointer)
    if (pointer === null) continue
    problems.push({ pointer, keyword: String(entry.keyword ?? ''), message: String(entry.message ?? '') })
  }
  return problems
}

/** Classifies a validate (or preview) result: a verdict, or the reason there is none. */
export function toValidationOutcome(result: ApiResult, operation = 'validateTool'): ValidationOutcome {
  const { requestId } = result
  if (result.status === 200 && isRecord(result.body) && typeof result.body.digest === 'string') {
    return { kind: 'valid', digest: result.body.digest, requestId }
  }
  if (result.status === 422) {
    const problems = readProblems(result.body)
    if (problems) return { kind: 'invalid', problems, requestId }
  }
  return { kind: 'refused', refusal: describeRefusal(result, operation), requestId }
}
