/**
 * One operation of the control API's OpenAPI document: its success answer
 * with an example, and the refusals every control call shares.
 */

import { DESCRIPTIONS } from './controlDescriptions.ts'
import { CONTROL_EXAMPLES } from './controlExamples.ts'
import { badInput as badInputProblem, type ProblemResponse, REFUSALS, tooLarge } from './controlRefusals.ts'
import { CONTROL_BODY_LIMIT, STATE_BODY_LIMIT } from './readControlBody.ts'

export type Component = keyof typeof CONTROL_EXAMPLES

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const json = (name: Component) => ({ 'application/json': { schema: ref(name), example: CONTROL_EXAMPLES[name] } })

export function operation(operationId: string, summary: string, success: Component, extra: Record<string, unknown> = {}) {
  const {
    requestBody,
    parameters,
    status = 200,
    badInput,
    refusals = {},
    ...rest
  } = extra as {
    requestBody?: Component
    parameters?: unknown[]
    status?: number
    badInput?: string
    refusals?: Record<number, ProblemResponse>
  }
  return {
    operationId,
    summary,
    description: DESCRIPTIONS[operationId],
    tags: [operationId.endsWith('Workspace') || operationId.endsWith('Workspaces') ? 'workspaces' : 'control'],
    ...rest,
    ...(parameters ? { parameters } : {}),
    ...(requestBody ? { requestBody: { required: requestBody !== 'Reset', content: json(requestBody) } } : {}),
    responses: {
      [status]: status === 204 ? { description: 'Done; no body.' } : { description: 'Success.', content: json(success) },
      ...(badInput ? { 400: badInputProblem(badInput, requestBody ? 'body' : 'query') } : {}),
      ...(requestBody ? { 413: tooLarge(requestBody === 'Snapshot' ? STATE_BODY_LIMIT : CONTROL_BODY_LIMIT) } : {}),
      ...refusals,
      ...REFUSALS,
    },
  }
}

export const query = (name: string, description: string, schema: object) => ({ name, in: 'query', required: false, description, schema })
