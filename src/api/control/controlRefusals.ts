/**
 * The refusals the control API's document lists, each with an example of the
 * code it carries, so an example's status always matches its response.
 */
import { CONTROL_PROBLEMS, type ControlProblemCode } from './controlError.ts'
import { CONTROL_EXAMPLES } from './controlExamples.ts'

export const problem = (description: string, code: ControlProblemCode, detail: string) => ({
  description,
  content: {
    'application/problem+json': {
      schema: { $ref: '#/components/schemas/ControlProblem' },
      example: {
        ...CONTROL_EXAMPLES.ControlProblem,
        type: `urn:developer-sandbox:problem:${code}`,
        title: CONTROL_PROBLEMS[code].title,
        status: CONTROL_PROBLEMS[code].status,
        code,
        detail,
      },
    },
  },
})

export type ProblemResponse = ReturnType<typeof problem>

/** What every route may answer, whatever it is asked. */
export const REFUSALS = {
  401: problem(
    'The admin token is missing or wrong (admin_token_missing, admin_token_invalid).',
    'admin_token_missing',
    CONTROL_EXAMPLES.ControlProblem.detail,
  ),
  500: problem(
    'A defect in the sandbox; report it with the request id.',
    'internal_error',
    'Failed to answer the control call: an unexpected error occurred.',
  ),
  503: problem(
    'The host has no admin token yet (control_unavailable), or its store cannot answer for now (store_unavailable).',
    'control_unavailable',
    'Failed to authorise the control call: the host has no admin token yet.',
  ),
}

/** A bad body or query; nothing changes. */
export const badInput = (description: string, where: 'body' | 'query') =>
  where === 'body'
    ? problem(description, 'invalid_json', "Failed to read the body: the body is not JSON (Unexpected token '}').")
    : problem(description, 'invalid_query', 'Failed to read the journal: unknown parameter "sort".')

/** Every route that reads a body caps it before it parses it. */
export const tooLarge = (limit: number) =>
  problem(
    `The body exceeds ${limit} bytes (payload_too_large); nothing changes.`,
    'payload_too_large',
    `Failed to read the body: the body exceeds ${limit} bytes.`,
  )

/**
 * OpenAPI has no place for a method a path does not have, so the path item
 * says it: the handler answers 405 with `Allow` naming the documented methods.
 */
export const WRONG_METHOD = 'Any other method answers 405 (method_not_allowed) with an Allow header listing the methods below.'
