import { ApiError } from '../contract/ApiError.ts'
import { toBase64Url } from '../domain/encoding.ts'
import { type RateLimitState, unusedWindow } from '../domain/rateLimit.ts'
import { sha256Hex } from '../domain/sha256.ts'
import type { Operation } from '../operations/defineOperation.ts'
import type { Connection } from '../store/connection.ts'
import { StoreError } from '../store/StoreError.ts'
import { countRequest } from '../store/usageBuckets.ts'
import { authorize } from './authorize.ts'
import { readCredential, wellFormedCredential } from './credential.ts'
import { Deadlines } from './deadlines.ts'
import type { ApiAnswer, ApiRequest } from './exchange.ts'
import { toApiError } from './failureResponse.ts'
import { type Faults, takeFaults } from './faults.ts'
import type { JournalFacts } from './journalEntry.ts'
import { KeyCache } from './keyCache.ts'
import { keyWindow } from './keyWindow.ts'
import { parseInput } from './parseInput.ts'
import { readBody } from './readBody.ts'
import { resolveRequestId } from './requestId.ts'
import type { RequestJournal } from './requestJournal.ts'
import { RequestTransactions } from './requestTransaction.ts'
import { jsonAnswer, problemAnswer } from './responses.ts'
import { route, routeTable } from './route.ts'

export interface HandlerDependencies {
  connection: Connection
  now: () => number
  /** How long a request's transaction may wait and run before it is aborted with 503. */
  transactionTimeoutMs: number
  faults: () => Faults
  operations: readonly Operation[]
  randomBytes: (length: number) => Uint8Array<ArrayBuffer>
  /** Where each answered request is recorded; nothing is copied when absent. */
  journal?: RequestJournal | undefined
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function withoutBody(answer: ApiAnswer): ApiAnswer {
  answer.body = null
  return answer
}

/**
 * The request pipeline, in the documented check order:
 * request id → route (404/405) → size (413) → key (401/503) → rate (429) →
 * scope (403) → input (400) → manifest (422) → operation (200) → usage.
 * Key, rate, scope, input and the operation run in one transaction.
 */
export function createRequestHandler({
  connection,
  now,
  faults,
  operations,
  transactionTimeoutMs,
  randomBytes,
  journal,
}: HandlerDependencies) {
  const table = routeTable(operations)
  const deadlines = new Deadlines(transactionTimeoutMs)
  // Not from `randomBytes`: a tag is never shown, and drawing it there would shift what a seeded sandbox generates.
  const keys = new KeyCache(() => toBase64Url(crypto.getRandomValues(new Uint8Array(12))))
  const transactions = new RequestTransactions(connection, deadlines)
  const operationIds = operations.map((operation) => operation.operationId)

  /** A HEAD runs as its GET, counted and rate-limited alike (decision 016), and answers without the body. */
  return function handle(request: ApiRequest): Promise<ApiAnswer> {
    const answered = journal ? journaled(request, journal) : answer(request, undefined)
    return request.method === 'HEAD' ? answered.then(withoutBody) : answered
  }

  async function journaled(request: ApiRequest, into: RequestJournal): Promise<ApiAnswer> {
    const facts: JournalFacts = {
      requestId: '',
      at: now(),
      startedMs: performance.now(),
      operationId: null,
      keyId: null,
      keyLabel: null,
      bytes: null,
    }
    const answered = await answer(request, facts)
    into.record(request, answered, facts)
    return answered
  }

  async function answer(request: ApiRequest, facts: JournalFacts | undefined): Promise<ApiAnswer> {
    const { id: requestId, error: requestIdError } = resolveRequestId(request, () => crypto.randomUUID())
    if (facts) facts.requestId = requestId
    let rate: RateLimitState | undefined
    // Whether the request reached the store: a refusal from there on has checked its key already.
    let checked = false
    try {
      if (requestIdError) throw requestIdError
      const url = new URL(request.url)
      const operation = route(table, request.method, url)
      if (facts) facts.operationId = operation.operationId
      const bytes = await readBody(request)
      if (facts) facts.bytes = bytes
      const fault = takeFaults(faults(), operation.operationId)
      const latency = fault?.latencyMs ?? 0
      if (latency > 0) await delay(latency)
      const hash = sha256Hex(readCredential(request))
      if (fault?.authorization === 'unavailable') throw new StoreError('Failed to open the store: the authorization fault is on')
      checked = true
      const body = await transactions.run(async (tx) => {
        const admission = await authorize(
          tx,
          hash,
          operation,
          now,
          (state) => {
            rate = state
          },
          keys,
          facts &&
            ((key) => {
              facts.keyId = key.id
              facts.keyLabel = key.label
            }),
        )
        try {
          const input = parseInput(url, operation.body, bytes, request.headers.get('content-type'))
          // Counted before the operation runs, so GET /usage includes the request asking for it.
          countRequest(tx, admission.slot, false)
          return await operation.run({ tx, key: admission.key, now: admission.at, input, randomBytes, operationIds })
        } catch (error) {
          // A refusal (400, 422, or one the operation raises) counts as an error; the count replaces the one above.
          if (error instanceof ApiError) countRequest(tx, admission.slot, true)
          throw error
        }
      })
      return jsonAnswer(body, requestId, rate ?? unusedWindow(now()))
    } catch (error) {
      const refusal = toApiError(error, requestId)
      return problemAnswer(refusal, requestId, rate ?? (checked ? undefined : await windowOf(request)) ?? unusedWindow(now()))
    }
  }

  /**
   * The window of the key a request refused before the key check carries,
   * if it carries an active one; a store that fails to say is no reason to
   * change the refusal, so that failure leaves the headers at a full window.
   */
  async function windowOf(request: ApiRequest): Promise<RateLimitState | undefined> {
    const credential = wellFormedCredential(request)
    if (credential === undefined) return undefined
    return keyWindow(connection, deadlines, sha256Hex(credential), now).catch(() => undefined)
  }
}
