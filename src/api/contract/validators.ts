import { manifest, toolRequestBody, webhookTestBody } from './validators.generated.js'
import { sortViolations, toViolation, type Violation } from './violation.ts'

const compiled = { manifest, toolRequestBody, webhookTestBody }

export type ValidatorName = keyof typeof compiled

/**
 * Checks a value against one of the contract's schemas, with validators
 * compiled by ajv at build time (scripts/generate-validators.mjs).
 * @returns an empty list when the value is valid, else sorted violations whose
 * pointers start with `pointerPrefix` (e.g. `/manifest`).
 */
export function validate(name: ValidatorName, value: unknown, pointerPrefix = ''): Violation[] {
  const fn = compiled[name]
  if (fn(value)) return []
  return sortViolations((fn.errors ?? []).map((error) => toViolation(error, pointerPrefix)))
}
