import type { GeneratedValidator } from '../contract/validators.generated.js'
import { sortViolations, toViolation } from '../contract/violation.ts'
import { readBodyWithin } from '../pipeline/readBody.ts'
import { ControlError } from './controlError.ts'

/** Bodies of the small routes; a state import may be as large as a workspace grows. */
export const CONTROL_BODY_LIMIT = 65_536
export const STATE_BODY_LIMIT = 64 * 1024 * 1024

async function readText(request: Request, limit: number, action: string): Promise<string> {
  const tooLarge = () => new ControlError('payload_too_large', `Failed to ${action}: the body exceeds ${limit} bytes.`)
  return new TextDecoder().decode(await readBodyWithin(request, limit, tooLarge))
}

/**
 * Reads a JSON body and parses it; an empty body reads as `empty` when one
 * is allowed. Not JSON, or too large: a ControlError, before anything changes.
 */
export async function readJson(request: Request, action: string, options: { limit?: number; empty?: unknown } = {}): Promise<unknown> {
  const text = await readText(request, options.limit ?? CONTROL_BODY_LIMIT, action)
  if (text.trim() === '') {
    if (options.empty !== undefined) return options.empty
    throw new ControlError('invalid_json', `Failed to ${action}: the body is empty; send a JSON object.`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ControlError('invalid_json', `Failed to ${action}: the body is not JSON (${(error as Error).message}).`)
  }
}

/** Checks a body against its compiled schema; each violation names its field by JSON Pointer. */
export function checkBody<T>(validator: GeneratedValidator, value: unknown, action: string): T {
  if (validator(value)) return value as T
  const errors = sortViolations((validator.errors ?? []).map((error) => toViolation(error, '')))
  // The root's own complaint (too many properties) says less than one that names a field.
  const first = errors.find((error) => error.pointer !== '') ?? errors[0]
  const where = first ? `"${first.pointer || '/'}" ${first.message}` : 'it does not match the schema'
  throw new ControlError('invalid_body', `Failed to ${action}: ${where}.`, { errors })
}
