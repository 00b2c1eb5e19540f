import { ApiError } from '../contract/ApiError.ts'
import { BASE_PATH } from '../contract/version.ts'
import type { Operation } from '../operations/defineOperation.ts'

/** The route table, from the operation list: path → method → operation. */
export function routeTable(operations: readonly Operation[]): Map<string, Map<string, Operation>> {
  const table = new Map<string, Map<string, Operation>>()
  for (const operation of operations) {
    const methods = table.get(operation.path) ?? new Map<string, Operation>()
    if (methods.has(operation.method)) {
      throw new TypeError(`Failed to register "${operation.operationId}": ${operation.method} ${operation.path} is taken`)
    }
    methods.set(operation.method, operation)
    table.set(operation.path, methods)
  }
  return table
}

/**
 * Finds the operation a request names. `HEAD` finds the `GET` of its path
 * (RFC 9110 §9.3.2): the caller answers it as that GET without the body.
 * @throws ApiError 404 for an unknown path, 405 with `Allow` for a known path and a wrong method.
 */
export function route(table: Map<string, Map<string, Operation>>, method: string, url: URL): Operation {
  const path = url.pathname
  const relative = path.startsWith(`${BASE_PATH}/`) ? path.slice(BASE_PATH.length) : undefined
  const methods = relative === undefined ? undefined : table.get(relative)
  if (!methods) throw new ApiError('not_found', `Failed to find "${path.slice(0, 200)}": no such operation.`)
  const operation = methods.get(method === 'HEAD' ? 'GET' : method)
  if (operation) return operation
  const allow = [...methods.keys()].flatMap((allowed) => (allowed === 'GET' ? ['GET', 'HEAD'] : [allowed])).join(', ')
  throw new ApiError('method_not_allowed', `Failed to ${method.slice(0, 20)} "${path}": allowed ${allow}.`, {
    headers: { Allow: allow },
  })
}
