/**
 * Runs one request the server forwarded through this tab's sandbox: an API
 * request through the same `handle` the service worker calls, a control call
 * (already authorised by the server) through the tab's control handler.
 */
import { CONTROL_BASE_PATH, ControlError, problemResponse, type RequestJournal, type Sandbox, type Workspace } from '../../api/core.ts'
import { type ForwardedReply, type ForwardedRequest, fromBase64, toBase64 } from '../protocol.ts'

/** The sandbox as the bridge uses it: the same `handle` the service worker calls, and the workspace for routing hints. */
export interface BridgeSandbox {
  handle: Sandbox['handle']
  workspace?: Pick<Workspace, 'listKeys' | 'subscribe'>
  /**
   * Answers a control call (`/_developer-sandbox/*`) the server has already authorised: it checks
   * the admin token before forwarding and never passes it on. Without it, control calls answer 503.
   */
  control?: (request: Request) => Promise<Response>
  /**
   * The journal `handle` records into: each outside request is announced as its
   * journal entry, the same record the control API's request journal returns.
   * Without one, outside requests are answered but not announced.
   */
  journal?: Pick<RequestJournal, 'find'>
}

/** What running a forwarded request gave: the reply for the server, and what the history needs. */
export interface ForwardedRun {
  reply: ForwardedReply
  /** The answer's `X-Request-ID`: the journal's key for the exchange; null when there was no answer. */
  requestId: string | null
  /** Whether it was a control call: answered, but never shown in the history. */
  control: boolean
}

/** Headers the core must not be told by the client: the body's real length decides the size rule, and the tab is no proxy. */
const NOT_FORWARDED = new Set(['host', 'content-length'])

function toRequest(forwarded: ForwardedRequest, url: string): Request {
  const headers = new Headers()
  for (const [name, value] of forwarded.headers) if (!NOT_FORWARDED.has(name)) headers.append(name, value)
  const carriesBody = forwarded.method !== 'GET' && forwarded.method !== 'HEAD'
  const body = forwarded.body === null ? null : fromBase64(forwarded.body)
  return new Request(url, { method: forwarded.method, headers, body: carriesBody ? body : null })
}

/** The URL a control handler expects (`/_developer-sandbox/…` at the root) for a control call under the site's base; null for any other URL. */
function controlUrl(forwarded: ForwardedRequest, controlBase: string): string | null {
  const url = new URL(forwarded.url)
  if (url.pathname !== controlBase && !url.pathname.startsWith(`${controlBase}/`)) return null
  url.pathname = `${CONTROL_BASE_PATH}${url.pathname.slice(controlBase.length)}`
  return url.href
}

function runControl(sandbox: BridgeSandbox, request: Request): Promise<Response> {
  if (sandbox.control) return sandbox.control(request)
  const refusal = new ControlError('control_unavailable', 'Failed to answer the control call: this playground tab has no control API.')
  return Promise.resolve(problemResponse(refusal, request.headers.get('x-request-id') ?? crypto.randomUUID()))
}

/** Runs `forwarded` in `sandbox`; `controlBase` is the control API's path under the site's base. A defect becomes a failure reply, never a throw. */
export async function runForwarded(sandbox: BridgeSandbox, forwarded: ForwardedRequest, controlBase: string): Promise<ForwardedRun> {
  const control = controlUrl(forwarded, controlBase)
  try {
    const request = toRequest(forwarded, control ?? forwarded.url)
    const response = await (control ? runControl(sandbox, request) : sandbox.handle(request))
    const bytes = new Uint8Array(await response.arrayBuffer())
    return {
      reply: { id: forwarded.id, status: response.status, headers: [...response.headers], body: toBase64(bytes) },
      requestId: response.headers.get('x-request-id'),
      control: control !== null,
    }
  } catch (error) {
    const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { reply: { id: forwarded.id, failure }, requestId: null, control: control !== null }
  }
}
