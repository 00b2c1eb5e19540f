/**
 * A typed fetch client for the Developer Sandbox API. Every call resolves to
 * an `ApiResult`, errors included: a failed request is data to show, never a
 * thrown exception (network failures too).
 */
import { BASE_PATH, OPERATIONS, type OperationId, type ProblemDetails, type ResponseBody } from '../api/core.ts'

export type { ProblemDetails, ResponseBody }

interface HttpResultBase {
  method: string
  url: string
  /** HTTP status; 0 when the request never got an answer (network error). */
  status: number
  /** Response headers, names lower-cased. */
  headers: Record<string, string>
  /** The raw response text, for display. */
  text: string
  requestId: string | null
  durationMs: number
  /** Set when fetch itself failed. */
  networkError?: string
}

/**
 * The answer to any request under the API base, errors included. On a 2xx
 * `body` is the parsed success body; otherwise the problem details (or
 * nothing, when the request never got an answer).
 */
export type HttpResult<Body = unknown> = HttpResultBase & ({ ok: true; body: Body } | { ok: false; body: ProblemDetails | undefined })

/** One operation's outcome: on a 2xx, `body` is its 200 body, typed from its response schema. */
export type ApiResult<Body = unknown> = HttpResult<Body> & { operationId: OperationId }

export interface ClientOptions {
  /** Origin the API lives on; the page's own by default. */
  origin?: string
  /** The bearer key sent on every call. */
  key?: string
  fetch?: typeof fetch
}

export interface CallOptions {
  key?: string
  headers?: Record<string, string>
  /** A JSON value, or a raw string sent as is. */
  body?: unknown
  rawBody?: string
  signal?: AbortSignal
}

/** Any request under the API base: a method and a path relative to the base, with its query. */
export interface SendOptions extends CallOptions {
  method: string
  /** Relative to the API base, starting with `/`: `/status?verbose=1`. */
  path: string
}

/** Base URL of the API on an origin. */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/$/, '')}${BASE_PATH}`
}

export function createSandboxClient(options: ClientOptions = {}) {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const origin = options.origin ?? globalThis.location?.origin ?? 'http://localhost'
  const defaultKey = options.key

  /** Sends any method to any path under the base: the console's way to try 404, 405 and query parameters. */
  async function send<Body = unknown>(request: SendOptions): Promise<HttpResult<Body>> {
    const url = `${apiBaseUrl(origin)}${request.path}`
    const headers = new Headers(request.headers)
    const key = request.key ?? defaultKey
    if (key && !headers.has('authorization')) headers.set('Authorization', `Bearer ${key}`)
    let body: string | undefined
    if (request.rawBody !== undefined) body = request.rawBody
    else if (request.body !== undefined) body = JSON.stringify(request.body)
    if (body !== undefined && !headers.has('content-type')) headers.set('Content-Type', 'application/json')
    const started = performance.now()
    const method = request.method
    try {
      const response = await fetchImpl(url, { method, headers, body, signal: request.signal })
      const text = await response.text()
      let parsed: unknown
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        parsed = undefined
      }
      // The sandbox answers a 2xx with its operation's body and anything else
      // with problem details; the response contract tests pin both.
      const outcome = response.ok
        ? { ok: true as const, body: parsed as Body }
        : { ok: false as const, body: parsed as ProblemDetails | undefined }
      return {
        method,
        url,
        status: response.status,
        ...outcome,
        // Lower-cased here: some fetch implementations (happy-dom's) iterate headers in their sent case.
        headers: Object.fromEntries(Array.from(response.headers, ([name, value]) => [name.toLowerCase(), value])),
        text,
        requestId: response.headers.get('x-request-id'),
        durationMs: performance.now() - started,
      }
    } catch (error) {
      return {
        method,
        url,
        status: 0,
        ok: false,
        headers: {},
        body: undefined,
        text: '',
        requestId: null,
        durationMs: performance.now() - started,
        networkError: error instanceof Error ? error.message : String(error),
      }
    }
  }

  async function call<Id extends OperationId>(operationId: Id, callOptions: CallOptions = {}): Promise<ApiResult<ResponseBody<Id>>> {
    const operation = OPERATIONS.find((candidate: { operationId: string }) => candidate.operationId === operationId)
    if (!operation) throw new TypeError(`Failed to call "${operationId}": no such operation`)
    const result = await send<ResponseBody<Id>>({ ...callOptions, method: operation.method, path: operation.path })
    return { operationId, ...result }
  }

  return {
    call,
    send,
    getProjectStatus: (o?: CallOptions) => call('getProjectStatus', o),
    getDeveloperProfile: (o?: CallOptions) => call('getDeveloperProfile', o),
    listDeveloperSessions: (o?: CallOptions) => call('listDeveloperSessions', o),
    getProjectUsage: (o?: CallOptions) => call('getProjectUsage', o),
    listWebhookEndpoints: (o?: CallOptions) => call('listWebhookEndpoints', o),
    listTools: (o?: CallOptions) => call('listTools', o),
    validateTool: (manifest: unknown, o?: CallOptions) => call('validateTool', { ...o, body: { manifest } }),
    previewTool: (manifest: unknown, o?: CallOptions) => call('previewTool', { ...o, body: { manifest } }),
    createWebhookTest: (message?: string, o?: CallOptions) =>
      call('createWebhookTest', { ...o, body: message === undefined ? {} : { message } }),
  }
}

export type SandboxClient = ReturnType<typeof createSandboxClient>
