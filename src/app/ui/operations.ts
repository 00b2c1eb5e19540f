import { OPERATIONS, type OperationDefinition, type OperationId } from '../../api/index.ts'

/** The nine operation ids in the spec's order. */
export { OPERATION_IDS } from '../../api/index.ts'

export function operationById(operationId: OperationId): OperationDefinition {
  const found = OPERATIONS.find((operation) => operation.operationId === operationId)
  if (!found) throw new Error(`Failed to find operation "${operationId}": unknown`)
  return found
}

/** The operation a method and a path relative to the API base name, or null for a route the API does not have. */
export function operationAt(method: string, path: string): OperationId | null {
  return OPERATIONS.find((operation) => operation.method === method && operation.path === path)?.operationId ?? null
}
