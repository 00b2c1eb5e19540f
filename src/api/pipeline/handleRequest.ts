import { matchOperation, type OperationDefinition, type OperationId } from '../contract/operations.ts'
import { sha256Hex } from '../crypto/sha256.ts'
import { ApiError } from '../http/ApiError.ts'
import { readCredential } from '../http/credential.ts'
import { parseInput } from '../http/parseInput.ts'
import { readBody } from '../http/readBody.ts'
import { resolveRequestId } from '../http/requestId.ts'
import { jsonResponse, problemResponse } from '../http/responses.ts'
import type { Operation } from '../operations/types.ts'
import type { Connection } from '../store/connection.ts'
import { REQUEST_STORES } from '../store/schema.ts'
import { BASE_PATH } from '../version.ts'
import { type CheckedRequest, checkInTransaction, type Outcome } from './checkInTransaction.ts'
import type { Faults } from './faults.ts'
import { type RateLimitState, unusedWindow } from './rateLimit.ts'
import type { RequestTransaction } from './transaction.ts'

export interface HandlerDependencies {
  connection: Connection
  now: () => number
  /** How long a request's transaction may wait and run before it is aborted with 503. */
  transactionTimeoutMs: number
  faults: () => Faults
  operations: Record<OperationId, Operation>
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function route(request: Request, url: URL): OperationDefinition {
  const relative = url.pathname.startsWith(`${BASE_PATH}/`) ? url.pathname.slice(BASE_PATH.length) : undefined
  const match = relative === undefined ? undefined : matchOperation(request.method, relative)
  if (!match) throw new ApiError('not_found', `Failed to find "${url.pathname.slice(0, 200)}": no such operation.`)
  if ('allow' in match) {
    throw new ApiError(
      'method_not_allowed',
      `Failed to ${request.method.slice(0, 20)} "${url.pathname}": allowed ${match.allow.join(', ')}.`,
      {
        headers: { Allow: match.allow.join(', ') },
      },
    )
  }
  return match.operation
}

function unavailable(cause: unknown): ApiError {
  return new ApiError(
    'authorization_unavailable',
    'Failed to confirm authorisation: the key store is unavailable, so the sandbox stays closed. Retry shortly.',
    { cause },
  )
}

/**
 * The request pipeline, in the documented check order:
 * request id → route (404/405) → size (413) → key (401/503) → rate (429) →
 * scope (403) → input (400) → manifest (422) → operation (200) → usage.
 * Everything a request reads or writes in the store happens in one read-write
 * transaction, so the rate limit holds across tabs and concurrent requests.
 */
export function createRequestHandler({ connection, now, faults, operations, transactionTimeoutMs }: HandlerDependencies) {
  /** Runs the store checks and the operation in one transaction; any failure of the store is a 503. */
  async function authorizeAndRun(request: CheckedRequest): Promise<{ outcome: Outcome; rate: RateLimitState }> {
    let tx: RequestTransaction | undefined
    try {
      if (faults().authorization === 'unavailable') throw new Error('authorization fault switched on')
      const db = await connection.get()
      // Relaxed durability: the commit is ordered and atomic but not flushed to
      // disk before it reports. A crash could forget the last few stamps and
      // counts; it can never admit a 121st request within a running browser.
      const active = db.transaction(REQUEST_STORES, 'readwrite', { durability: 'relaxed' })
      tx = active
      // A transaction queued behind another tab's long one must not hang the
      // request: past the timeout it is aborted (nothing it did commits) and
      // the answer is 503, as for any other unconfirmed authorisation.
      const timer = setTimeout(() => active.abort(), transactionTimeoutMs)
      active.done.then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      )
      const checked = await checkInTransaction(active, request, now, operations)
      await active.done
      return checked
    } catch (error) {
      // Nothing half-done may commit: a refused or failed request changes nothing.
      tx?.abort()
      throw unavailable(error)
    }
  }

  return async function handle(request: Request): Promise<Response> {
    const { id: requestId, error: requestIdError } = resolveRequestId(request, () => crypto.randomUUID())
    let rate = unusedWindow(now())
    try {
      if (requestIdError) throw requestIdError
      const url = new URL(request.url)
      const definition = route(request, url)
      const bytes = await readBody(request)
      const latency = faults().latencyMs ?? 0
      if (latency > 0) await delay(latency)
      const token = readCredential(request)
      // Input is checked before the key is looked up (it needs no store and
      // Web Crypto cannot run inside the transaction) but its verdict is
      // reported only after the key, rate and scope checks, as documented.
      let deferred: ApiError | undefined
      let input: unknown
      let prepared: unknown
      try {
        input = parseInput(url, definition.body, bytes, request.headers.get('content-type'))
        const operation = operations[definition.operationId]
        prepared = operation.prepare ? await operation.prepare(input) : undefined
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        deferred = error
      }
      const hash = sha256Hex(token)
      const run = await authorizeAndRun({ definition, hash, deferred, input, prepared })
      rate = run.rate
      if ('error' in run.outcome) throw run.outcome.error
      const result = run.outcome.result
      const body = 'finish' in result ? await result.finish() : result.body
      return jsonResponse(body, requestId, rate)
    } catch (error) {
      if (error instanceof ApiError) return problemResponse(error, requestId, rate)
      console.error('Failed to handle a sandbox request:', error)
      return problemResponse(
        new ApiError('internal_error', 'Failed to handle the request: an unexpected error occurred in the sandbox.', { cause: error }),
        requestId,
        rate,
      )
    }
  }
}
