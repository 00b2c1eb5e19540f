import { BASE_PATH, isOperationId, JOURNAL_BODY_LIMIT, type JournalEntry, type OperationId } from '../../../api/core.ts'
import type { OutsideRequest } from '../../../bridge/tab/outsideRequest.ts'
import type { HttpResult } from '../../../client/sandboxClient.ts'
import { operationAt } from '../../ui/operations.ts'
import { redactHeaders, redactSecrets } from './redact.ts'

/** A request as the console describes it: never with a key in it. */
export interface ConsoleRequest {
  method: string
  /** Relative to the API base, with its query: `/status`, `/tools?limit=5`. */
  path: string
  /** Extra headers the user set (X-Request-ID and the like); never Authorization. */
  headers: Record<string, string>
  /** The raw body text; undefined for a method that carries none (GET, HEAD). */
  body: string | undefined
}

/** One sent request and its answer, as kept in the history: redacted, never a key. */
export interface HistoryEntry {
  id: string
  /** Real time of sending, ISO. */
  at: string
  /** The sandbox clock at sending, ISO (differs from `at` after a clock jump). */
  sandboxAt: string
  /** The operation the method and path name; null for a route the API does not have (a 404 or 405 tried on purpose). */
  operationId: OperationId | null
  method: string
  /** The full path, API base included, without the query. */
  path: string
  /** `''` or the query as sent, starting with `?`. */
  query: string
  /** Who sent it: this page's console, or a client outside the page through the dev or preview server. */
  source: 'console' | 'outside'
  /** For an outside request: what the client said it was. */
  client?: { userAgent: string | null; origin: string | null }
  /** `…abcd` of the key used, or null when none was sent. */
  keyHint: string | null
  requestHeaders: Record<string, string>
  requestBody: string | null
  status: number
  durationMs: number
  responseHeaders: Record<string, string>
  /** The response text, capped. */
  responseBody: string
  requestId: string | null
  networkError?: string
}

/** Bodies past this many characters are cut in the history; the live response view shows them whole. */
export const MAX_KEPT_BODY = 20_000

const cap = (text: string) =>
  text.length > MAX_KEPT_BODY ? `${text.slice(0, MAX_KEPT_BODY)}\n… (cut at ${MAX_KEPT_BODY} characters)` : text

/** The operation a full path (API base included) names, or null. */
export function operationOfPath(method: string, path: string): OperationId | null {
  return path.startsWith(BASE_PATH) ? operationAt(method, path.slice(BASE_PATH.length)) : null
}

export function toHistoryEntry(request: ConsoleRequest, result: HttpResult, keyHint: string | null, sandboxAt: number): HistoryEntry {
  const url = new URL(result.url)
  const entry: HistoryEntry = {
    id: `h_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
    at: new Date().toISOString(),
    sandboxAt: new Date(sandboxAt).toISOString(),
    operationId: operationOfPath(result.method, url.pathname),
    method: result.method,
    path: url.pathname,
    query: url.search,
    source: 'console',
    keyHint,
    requestHeaders: redactHeaders(request.headers),
    requestBody: request.body === undefined ? null : cap(redactSecrets(request.body)),
    status: result.status,
    durationMs: Math.round(result.durationMs * 10) / 10,
    responseHeaders: redactHeaders(result.headers),
    responseBody: cap(redactSecrets(result.text)),
    requestId: result.requestId,
  }
  if (result.networkError) entry.networkError = redactSecrets(result.networkError)
  return entry
}

/** A journal body as the history keeps it: the journal's 4 KB cut, said in the text as the history says its own. */
function journalBody(message: JournalEntry['request']): string | null {
  if (message.body === null) return null
  return message.bodyTruncated ? `${message.body}\n… (cut at ${JOURNAL_BODY_LIMIT} characters in the request journal)` : message.body
}

/**
 * An outside request the tab answered, as a history entry: the sandbox's
 * request-journal record of it (what `GET /_developer-sandbox/requests`
 * returns), marked as outside, with the client's User-Agent and Origin.
 * Authorization stays out of the kept headers (the key hint says which key),
 * like the console's own entries.
 */
export function fromOutsideRequest(request: OutsideRequest): HistoryEntry {
  const { exchange } = request
  const queryAt = exchange.path.indexOf('?')
  const operationId = isOperationId(exchange.operationId) ? exchange.operationId : null
  const requestHeaders = Object.fromEntries(Object.entries(exchange.request.headers).filter(([name]) => name !== 'authorization'))
  const requestBody = journalBody(exchange.request)
  return {
    // The bridge's id is a UUID and the journal's names the entry: the same request keeps its row across reads and reloads.
    id: `o_${request.id}`,
    at: new Date(request.startedAt + exchange.durationMs).toISOString(),
    sandboxAt: exchange.time,
    operationId,
    method: exchange.method,
    path: queryAt < 0 ? exchange.path : exchange.path.slice(0, queryAt),
    query: queryAt < 0 ? '' : redactSecrets(exchange.path.slice(queryAt)),
    source: 'outside',
    client: { userAgent: request.userAgent, origin: request.origin },
    keyHint: request.keyHint,
    requestHeaders: redactHeaders(requestHeaders),
    requestBody: requestBody === null ? null : cap(redactSecrets(requestBody)),
    status: exchange.status,
    durationMs: Math.round(exchange.durationMs * 10) / 10,
    responseHeaders: redactHeaders(exchange.response.headers),
    responseBody: cap(redactSecrets(journalBody(exchange.response) ?? '')),
    requestId: exchange.requestId,
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isStringMap = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string')

/** Keeps only well-formed entries, re-redacted: stored or imported history is never trusted blindly. */
export function parseHistory(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return []
  const entries: HistoryEntry[] = []
  for (const item of value) {
    if (!isRecord(item)) continue
    const {
      id,
      at,
      sandboxAt,
      operationId,
      method,
      path,
      keyHint,
      requestHeaders,
      requestBody,
      status,
      durationMs,
      responseHeaders,
      responseBody,
      requestId,
    } = item
    if (typeof id !== 'string' || typeof at !== 'string' || typeof method !== 'string' || typeof path !== 'string') continue
    if (!(operationId === null || isOperationId(operationId)) || typeof status !== 'number') continue
    if (!isStringMap(requestHeaders) || !isStringMap(responseHeaders) || typeof responseBody !== 'string') continue
    entries.push({
      id,
      at,
      sandboxAt: typeof sandboxAt === 'string' ? sandboxAt : at,
      operationId,
      method,
      path,
      query: typeof item.query === 'string' && (item.query === '' || item.query.startsWith('?')) ? redactSecrets(item.query) : '',
      source: item.source === 'outside' ? 'outside' : 'console',
      ...(item.source === 'outside' && isRecord(item.client)
        ? {
            client: {
              userAgent: typeof item.client.userAgent === 'string' ? item.client.userAgent : null,
              origin: typeof item.client.origin === 'string' ? item.client.origin : null,
            },
          }
        : {}),
      keyHint: typeof keyHint === 'string' ? keyHint.slice(-5) : null,
      requestHeaders: redactHeaders(requestHeaders),
      requestBody: typeof requestBody === 'string' ? cap(redactSecrets(requestBody)) : null,
      status,
      durationMs: typeof durationMs === 'number' ? durationMs : 0,
      responseHeaders: redactHeaders(responseHeaders),
      responseBody: cap(redactSecrets(responseBody)),
      requestId: typeof requestId === 'string' ? requestId : null,
      ...(typeof item.networkError === 'string' ? { networkError: redactSecrets(item.networkError) } : {}),
    })
  }
  return entries
}
