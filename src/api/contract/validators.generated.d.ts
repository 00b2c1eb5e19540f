// Types of the generated standalone validators (see scripts/generate-validators.mjs).
import type { ErrorObject } from 'ajv'

export interface GeneratedValidator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}

export const manifest: GeneratedValidator
export const toolRequestBody: GeneratedValidator
export const webhookTestBody: GeneratedValidator
export const clockChange: GeneratedValidator
export const faultsChange: GeneratedValidator
export const reset: GeneratedValidator
export const issueKey: GeneratedValidator
export const createWorkspace: GeneratedValidator
