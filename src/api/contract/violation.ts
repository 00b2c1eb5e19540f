import type { ErrorObject } from 'ajv'
import type { FromSchema } from 'json-schema-to-ts'
import { obj, str } from './schemaParts.ts'

export const violationSchema = obj({
  pointer: { type: 'string', description: 'JSON Pointer (RFC 6901) into the request body; "" for the whole body.' },
  keyword: str,
  message: str,
})

/** One broken rule, located by a JSON Pointer (RFC 6901) into the request body. */
export type Violation = FromSchema<typeof violationSchema>

function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}

function quoteList(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ')
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/** Rewrites one ajv error as a violation with a human message and a pointer a user can jump to. */
export function toViolation(error: ErrorObject, pointerPrefix: string): Violation {
  const at = pointerPrefix + error.instancePath
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return { pointer: at, keyword: 'required', message: `must have required property "${String(params.missingProperty)}"` }
    case 'additionalProperties': {
      const name = String(params.additionalProperty)
      return { pointer: `${at}/${escapePointerToken(name)}`, keyword: 'additionalProperties', message: `property "${name}" is not allowed` }
    }
    case 'const':
      return { pointer: at, keyword: 'const', message: `must equal ${JSON.stringify(params.allowedValue)}` }
    case 'enum':
      return { pointer: at, keyword: 'enum', message: `must be one of ${quoteList(params.allowedValues as unknown[])}` }
    case 'type':
      return {
        pointer: at,
        keyword: 'type',
        message: `must be ${params.type === 'integer' ? 'an integer' : `of type ${String(params.type)}`}`,
      }
    case 'pattern':
      return { pointer: at, keyword: 'pattern', message: `must match the pattern ${String(params.pattern)}` }
    case 'minLength':
      return { pointer: at, keyword: 'minLength', message: `must be at least ${plural(Number(params.limit), 'character')} long` }
    case 'maxLength':
      return { pointer: at, keyword: 'maxLength', message: `must be at most ${plural(Number(params.limit), 'character')} long` }
    case 'minItems':
      return { pointer: at, keyword: 'minItems', message: `must have at least ${plural(Number(params.limit), 'item')}` }
    case 'maxItems':
      return { pointer: at, keyword: 'maxItems', message: `must have at most ${plural(Number(params.limit), 'item')}` }
    case 'minimum':
      return { pointer: at, keyword: 'minimum', message: `must be ${String(params.limit)} or more` }
    case 'maximum':
      return { pointer: at, keyword: 'maximum', message: `must be ${String(params.limit)} or less` }
    default:
      return { pointer: at, keyword: error.keyword, message: error.message ?? 'is invalid' }
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Sorts and deduplicates violations so that the same input always gives the
 * same list, whatever order ajv happened to report them in.
 */
export function sortViolations(violations: readonly Violation[]): Violation[] {
  const seen = new Set<string>()
  const unique: Violation[] = []
  for (const violation of violations) {
    const id = `${violation.pointer}\u0000${violation.keyword}\u0000${violation.message}`
    if (!seen.has(id)) {
      seen.add(id)
      unique.push(violation)
    }
  }
  return unique.sort((a, b) => compare(a.pointer, b.pointer) || compare(a.keyword, b.keyword) || compare(a.message, b.message))
}
