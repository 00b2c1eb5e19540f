/**
 * The one list of operations. Everything else that knows the operations (the
 * `OperationId` type, the route table, the OpenAPI document, the client's
 * body types, the console's list) is derived from this array.
 */
import { createWebhookTest } from './createWebhookTest.ts'
import type { BodyOfSchema, Operation } from './defineOperation.ts'
import { getDeveloperProfile } from './getDeveloperProfile.ts'
import { getProjectStatus } from './getProjectStatus.ts'
import { getProjectUsage } from './getProjectUsage.ts'
import { listDeveloperSessions } from './listDeveloperSessions.ts'
import { listTools } from './listTools.ts'
import { listWebhookEndpoints } from './listWebhookEndpoints.ts'
import { previewTool } from './previewTool.ts'
import { validateTool } from './validateTool.ts'

/** Every operation of the API, in the spec's order. */
export const OPERATIONS = [
  getProjectStatus,
  getDeveloperProfile,
  listDeveloperSessions,
  getProjectUsage,
  listWebhookEndpoints,
  listTools,
  validateTool,
  previewTool,
  createWebhookTest,
] as const satisfies readonly Operation[]

type Registered = (typeof OPERATIONS)[number]

export type OperationId = Registered['operationId']

/** What describes an operation to a caller: all of its declaration but `run`. */
export type OperationDefinition = Omit<Operation, 'operationId' | 'run'> & { operationId: OperationId }

/** The 200 body of an operation, typed from its response schema. */
export type ResponseBody<Id extends OperationId> = BodyOfSchema<Extract<Registered, { operationId: Id }>['response']>

export const OPERATION_IDS: readonly OperationId[] = OPERATIONS.map((operation) => operation.operationId)

/** Whether a value read from outside (a stored record, a query parameter) names an operation of the API. */
export function isOperationId(value: unknown): value is OperationId {
  return (OPERATION_IDS as readonly unknown[]).includes(value)
}
