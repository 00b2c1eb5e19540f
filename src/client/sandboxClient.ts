/**
 * A typed fetch client for the Developer Sandbox API. Every call resolves to
 * an `ApiResult`, errors included: a failed request is data to show, never a
 * thrown exception (network failures too).
 */
import type { OperationId } from '../api/contract/operations.ts'
import { OPERATIONS } from '../api/contract/operations.ts'
import { BASE_PATH } from '../api/version.ts'

/** The answer to any request under the API base, errors included. */
export interface HttpResult<Body = unknown> {
  method: string
  url: string
  /** HTTP status; 0 when the request never got an answer (network error). */
  status: number
  ok: boolean
  headers: Record<string, string>
  body: Body | undefined
  /** The raw response text, for display. */
  text: string
  requestId: string | null
  durationMs: number
  /** Set when fetch itself failed. */
  networkError?: string
}

/** The answer to one of the nine operations. */
export interface ApiResult<Body = unknown> extends HttpResult<Body> {
  operationId: OperationId
}

/** Any request under the API base: a method and a path relative to the base, with its query. */
export interface SendOptions extends CallOptions {
  method: string
  /** Relative to the API base, starting with `/`: `/status?verbose=1`. */
  path: string
}

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

/** Base URL of the API on an origin. */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/$/, '')}${BASE_PATH}`
}

export function createSandboxClient(options: ClientOptions = {}) {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const origin = options.origin ?? globalThis.location?.origin ?? 'http://localhost'
  const defaultKey = options.key

  async function send<Body = unknown>(options: SendOptions): Promise<HttpResult<Body>> {
    const url = `${apiBaseUrl(origin)}${options.path}`
    const headers = new Headers(options.headers)
    const key = options.key ?? defaultKey
    if (key && !headers.has('authorization')) headers.set('Authorization', `Bearer ${key}`)
    let body: string | undefined
    if (options.rawBody !== undefined) body = options.rawBody
    else if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined && !headers.has('content-type')) headers.set('Content-Type', 'application/json')
    const started = performance.now()
    const method = options.method
    try {
      const response = await fetchImpl(url, { method, headers, body, signal: options.signal })
      const text = await response.text()
      let parsed: Body | undefined
      try {
        parsed = text ? (JSON.parse(text) as Body) : undefined
      } catch {
        parsed = undefined
      }
      return {
        method,
        url,
        status: response.status,
        ok: response.ok,
        headers: Object.fromEntries(response.headers),
        body: parsed,
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

  async function call<Body = unknown>(operationId: OperationId, callOptions: CallOptions = {}): Promise<ApiResult<Body>> {
    const operation = OPERATIONS.find((candidate) => candidate.operationId === operationId)
    if (!operation) throw new TypeError(`Failed to call "${operationId}": no such operation`)
    const result = await send<Body>({ ...callOptions, method: operation.method, path: operation.path })
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
