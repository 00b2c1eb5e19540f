import type { GeneratedValidator } from '../contract/validators.generated.js'
import { sortViolations, toViolation } from '../contract/violation.ts'
import { readBodyWithin } from '../pipeline/readBody.ts'
import { ControlError } from './controlError.ts'

/** Bodies of the small routes. */
export const CONTROL_BODY_LIMIT = 65_536
/**
 * A state import is checked, loaded and written in one turn, all or nothing,
 * and holds the sandbox while it runs: it is capped at what imports in a few
 * seconds (16 MiB, some 50,000 keys; 24,000 keys are 7.3 MB and take ~1.2 s).
 */
export const STATE_BODY_LIMIT = 16 * 1024 * 1024

/** What a state import over the cap is told to do instead. */
export const STATE_TOO_LARGE_ADVICE =
  'An import holds the sandbox while it runs, so it is capped at what imports in a few seconds; bring a larger export into serve with serve --import <file>, before it answers.'

async function readText(request: Request, limit: number, action: string, advice?: string): Promise<string> {
  const tooLarge = () =>
    new ControlError('payload_too_large', `Failed to ${action}: the body exceeds ${limit} bytes.${advice ? ` ${advice}` : ''}`)
  return new TextDecoder().decode(await readBodyWithin(request, limit, tooLarge))
}

/**
 * Reads a JSON body and parses it; an empty body reads as `empty` when one
 * is allowed. Not JSON, or too large: a ControlError, before anything changes.
 */
export async function readJson(
  request: Request,
  action: string,
  options: { limit?: number; empty?: unknown; tooLarge?: string } = {},
): Promise<unknown> {
  const text = await readText(request, options.limit ?? CONTROL_BODY_LIMIT, action, options.tooLarge)
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
