import type { ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { toolRequestBodySchema, webhookTestBodySchema } from './bodySchemas.ts'
import { manifestSchema } from './manifestSchema.ts'
import { sortViolations, toViolation, type Violation } from './violation.ts'

// One ajv instance, each schema compiled once at module load: compiling is the
// expensive part, and validation must be deterministic across calls.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false })

const compiled = {
  manifest: ajv.compile(manifestSchema),
  toolRequestBody: ajv.compile(toolRequestBodySchema),
  webhookTestBody: ajv.compile(webhookTestBodySchema),
} satisfies Record<string, ValidateFunction>

export type ValidatorName = keyof typeof compiled

/** The compiled ajv function itself, exposed for benchmarks that compare against bare ajv. */
export function compiledValidator(name: ValidatorName): ValidateFunction {
  return compiled[name]
}

/**
 * Checks a value against one of the contract's schemas.
 * @returns an empty list when the value is valid, else sorted violations whose
 * pointers start with `pointerPrefix` (e.g. `/manifest`).
 */
export function validate(name: ValidatorName, value: unknown, pointerPrefix = ''): Violation[] {
  const fn = compiled[name]
  if (fn(value)) return []
  return sortViolations((fn.errors ?? []).map((error) => toViolation(error, pointerPrefix)))
}
