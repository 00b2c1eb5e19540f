import { randomUUID } from 'node:crypto'
import { authoriseControl, BASE_PATH, CONTROL_BASE_PATH, ControlError, MAX_BODY_BYTES, problemResponse } from '../../api/core.ts'
import { applyCors, type OriginPolicy } from '../../server/cors.ts'
import {
  BRIDGE_PROTOCOL,
  type BridgeProbe,
  bearerLastFour,
  CHANNEL,
  CHANNEL_FOLDER,
  type ForwardedRequest,
  parseForwardedReply,
  parseKeyHints,
  serverSentEvent,
  TOKEN_HEADER,
  toBase64,
} from '../protocol.ts'
import { bridgeProblem, bridgeRequestId } from './bridgeProblem.ts'
import { type Outcome, Switchboard } from './switchboard.ts'

export interface BridgeOptions {
  /** Which browser origins may call the API: any local dev server by default, as for `developer-sandbox serve`. */
  cors?: OriginPolicy
  /** The site's base path (`/` or `/sandbox/`); the API answers under `<base>api/developer/v1`. */
  base: string
  /** How long the tab may take to answer one request; 15 s by default (the core's own store timeouts are shorter). */
  timeoutMs?: number
  /** How long a request waits for a tab after the last one left; 3 s by default, enough for a reload or a hand-over. */
  handoverMs?: number
  /** How often an idle event stream gets a comment, so a dead connection is noticed; 15 s by default. */
  heartbeatMs?: number
  /**
   * The admin token control calls (`<base>_developer-sandbox/*`) must present; checked here, before
   * forwarding, so it never reaches the page. Until there is one, every control call answers 503.
   */
  adminToken?: string | (() => string | undefined)
  /** Where a tab's failure is reported; `console.error` by default. */
  log?: (message: string) => void
}

/** What a host must tell the bridge besides the request: whether it cut the body at `bodyLimit`. */
export interface BodyInfo {
  truncated: boolean
  /** The path as the client sent it, before URL parsing resolved `%2e%2e` and the like: what decides whether a path is the API's. */
  rawPath?: string
}

export interface Bridge {
  /** How many body bytes to read for a path as sent: the core's limit plus one under the API, more for the channel, null for paths that are not the bridge's. */
  bodyLimit(pathname: string): number | null
  /** Answers a request under the API base, the control base or the channel; null for any other path. */
  handle(request: Request, body: BodyInfo): Promise<Response | null>
  /** Ends every event stream and answers everything waiting with 503. */
  close(): void
  /** The tabs and requests the bridge holds now (for tests and diagnostics). */
  readonly stats: { connected: number; waiting: number }
}

/** Replies to the channel may carry any core response (a preview package is tens of kilobytes). */
const CHANNEL_BODY_LIMIT = 8 * 1024 * 1024

/** Headers that describe one hop, not the request: never forwarded to the tab or back. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
])

/**
 * A control call may name the tab it is for by the last four characters of a key that tab holds
 * (several browsers can have the playground open on one server); otherwise the tab opened last answers.
 */
export const TAB_KEY_HEADER = 'x-sandbox-tab-key'

const NOTHING: ReadonlySet<string> = new Set()
/** The admin token stays on the server: the tab's handler is reached only through the channel, which only this server writes. */
const CONTROL_NOT_FORWARDED: ReadonlySet<string> = new Set(['authorization', 'x-request-id', TAB_KEY_HEADER])

/** Statuses whose response has no body by definition. */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } })

function channelRefusal(status: number, detail: string): Response {
  const code = 'bridge_channel_refused'
  const body = { type: `urn:developer-sandbox:problem:${code}`, title: 'Bridge channel refused', status, detail, code }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' },
  })
}

/** The channel serves the page of this origin only: a page elsewhere could otherwise take requests (and their keys) or forge answers. */
function fromThePage(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  return site === null || site === 'same-origin'
}

/**
 * The server half of the bridge as a Fetch handler: `<base>api/developer/v1/*`
 * is forwarded to the open playground tab, and `<base>__sandbox/bridge/*` is
 * the channel that tab holds (an event stream down, POSTs up).
 * @example
 * const bridge = createBridge({ base: '/' })
 * const response = await bridge.handle(request, { truncated: false }) // null: not the bridge's path
 */
export function createBridge(options: BridgeOptions): Bridge {
  const base = options.base.startsWith('/') ? options.base : '/'
  const apiBase = `${base}${BASE_PATH.slice(1)}`
  const channel = `${base}${CHANNEL_FOLDER}`
  const timeoutMs = options.timeoutMs ?? 15_000
  const heartbeatMs = options.heartbeatMs ?? 15_000
  const log = options.log ?? ((message: string) => console.error(message))
  const cors = options.cors ?? 'localhost'
  const switchboard = new Switchboard({ timeoutMs, handoverMs: options.handoverMs ?? 3000 })
  /** How to end each open event stream, by its tab's token. */
  const streams = new Map<string, () => void>()
  const encoder = new TextEncoder()

  const isApi = (pathname: string) => pathname === apiBase || pathname.startsWith(`${apiBase}/`)
  const isChannel = (pathname: string) => pathname.startsWith(channel)
  const controlBase = `${base}${CONTROL_BASE_PATH.slice(1)}`
  const isControl = (pathname: string) => pathname === controlBase || pathname.startsWith(`${controlBase}/`)
  const adminToken = typeof options.adminToken === 'function' ? options.adminToken : () => options.adminToken as string | undefined

  function eventStream(): Response {
    let token = ''
    let end = () => {}
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => controller.enqueue(encoder.encode(text))
        const hello = switchboard.connect((forwarded) => write(serverSentEvent('request', forwarded)))
        token = hello.token
        const heartbeat = setInterval(() => {
          try {
            write(': keep-alive\n\n')
          } catch {
            end()
          }
        }, heartbeatMs)
        end = () => {
          clearInterval(heartbeat)
          streams.delete(token)
          switchboard.disconnect(token)
          try {
            controller.close()
          } catch {
            // Already closed or cancelled by the client.
          }
        }
        streams.set(token, end)
        write(`retry: 1000\n\n${serverSentEvent('hello', hello)}`)
      },
      cancel() {
        end()
      },
    })
    return new Response(stream, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    })
  }

  async function channelRequest(request: Request, pathname: string, body: BodyInfo): Promise<Response> {
    const endpoint = pathname.slice(channel.length)
    if (endpoint === CHANNEL.probe && request.method === 'GET') {
      const probe: BridgeProbe = { available: true, protocol: BRIDGE_PROTOCOL, apiBase }
      return json(probe)
    }
    if (!fromThePage(request))
      return channelRefusal(403, 'Failed to open the bridge channel: it serves the playground page of this origin only.')
    if (body.truncated) return channelRefusal(413, `Failed to read the ${endpoint} message: it exceeds ${CHANNEL_BODY_LIMIT} bytes.`)
    if (endpoint === CHANNEL.events && request.method === 'GET') return eventStream()
    if (endpoint === CHANNEL.leave && request.method === 'POST') {
      // A closing tab says so (a beacon): its requests go to the next tab now, not when its stream is noticed gone.
      streams.get((await request.text()).trim())?.()
      return new Response(null, { status: 204 })
    }
    const token = request.headers.get(TOKEN_HEADER) ?? ''
    if (request.method !== 'POST' || (endpoint !== CHANNEL.reply && endpoint !== CHANNEL.keys)) {
      return channelRefusal(
        404,
        `Failed to find "${request.method} ${pathname}": the channel has ${CHANNEL.events}, ${CHANNEL.reply} and ${CHANNEL.keys}.`,
      )
    }
    let message: unknown
    try {
      message = await request.json()
    } catch {
      return channelRefusal(400, `Failed to read the ${endpoint} message: it is not JSON.`)
    }
    try {
      // A refused reply or hint is an expected race (answered elsewhere, a stale token), not an error: the page's console stays quiet.
      if (endpoint === CHANNEL.keys) return json({ accepted: switchboard.hint(token, parseKeyHints(message).lastFour) })
      return json({ accepted: switchboard.reply(token, parseForwardedReply(message)) === 'accepted' })
    } catch (error) {
      return channelRefusal(400, error instanceof Error ? error.message : String(error))
    }
  }

  function answer(outcome: Outcome, request: Request, forwarded: ForwardedRequest): Response {
    const page = new URL(base, request.url).href
    const requestId = () => bridgeRequestId(request)
    switch (outcome.kind) {
      case 'answered': {
        const { status, headers, body } = outcome.reply
        const kept = headers.filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()))
        return new Response(NULL_BODY.has(status) ? null : Buffer.from(body, 'base64'), { status, headers: kept })
      }
      case 'failed': {
        const id = requestId()
        log(
          `Failed to run "${forwarded.method} ${new URL(forwarded.url).pathname}" in the playground tab (request ${id}): ${outcome.failure}`,
        )
        return bridgeProblem('internal_error', `Failed to run the request in the playground tab: ${outcome.failure}`, id)
      }
      case 'timeout':
        return bridgeProblem(
          'playground_timeout',
          `Failed to get an answer from the playground: the tab at ${page} did not answer within ${timeoutMs / 1000} s. Bring the tab to the front (a sleeping tab answers late) and send the request again.`,
          requestId(),
        )
      case 'not_open':
        return bridgeProblem(
          'playground_not_open',
          `Failed to reach the sandbox: no playground tab is open for this server. Open ${page} in a browser, keep the tab open, and send the request again.`,
          requestId(),
        )
    }
  }

  function toForwarded(request: Request, bytes: Uint8Array | null, body: BodyInfo, dropped: ReadonlySet<string>): ForwardedRequest {
    return {
      id: randomUUID(),
      method: request.method,
      url: request.url,
      headers: [...request.headers].filter(([name]) => !HOP_BY_HOP.has(name) && !dropped.has(name)),
      body: bytes && bytes.byteLength > 0 ? toBase64(bytes) : null,
      truncated: body.truncated,
      receivedAt: Date.now(),
    }
  }

  /**
   * A control call: the admin token is checked here, in constant time, and
   * never forwarded; the tab runs the call with its own control handler. No
   * CORS: the control API is for test suites, not for pages.
   */
  async function controlRequest(request: Request, body: BodyInfo): Promise<Response> {
    const requestId = request.headers.get('x-request-id')?.slice(0, 200) || crypto.randomUUID()
    try {
      authoriseControl(request, adminToken())
      if (body.truncated) {
        throw new ControlError('payload_too_large', `Failed to read the control call: its body exceeds ${CHANNEL_BODY_LIMIT} bytes.`)
      }
    } catch (error) {
      if (error instanceof ControlError) return problemResponse(error, requestId)
      throw error
    }
    const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : null
    const forwarded = toForwarded(request, bytes, body, CONTROL_NOT_FORWARDED)
    forwarded.headers.push(['x-request-id', requestId])
    const outcome = await switchboard.forward(forwarded, request.headers.get(TAB_KEY_HEADER)?.slice(0, 4) ?? null)
    return answer(outcome, request, forwarded)
  }

  async function apiRequest(request: Request, body: BodyInfo): Promise<Response> {
    // One CORS rule set for every host of the sandbox: the HTTP server's.
    const decision = applyCors(request, cors)
    if ('preflight' in decision) return decision.preflight
    const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : null
    const forwarded = toForwarded(request, bytes, body, NOTHING)
    const outcome = await switchboard.forward(forwarded, bearerLastFour(request.headers.get('authorization')))
    const response = answer(outcome, request, forwarded)
    for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value)
    return response
  }

  return {
    bodyLimit(pathname) {
      if (isApi(pathname)) return MAX_BODY_BYTES + 1
      return isChannel(pathname) || isControl(pathname) ? CHANNEL_BODY_LIMIT : null
    },
    async handle(request, body) {
      const pathname = body.rawPath ?? new URL(request.url).pathname
      if (isApi(pathname)) return apiRequest(request, body)
      if (isChannel(pathname)) return channelRequest(request, pathname, body)
      if (isControl(pathname)) return controlRequest(request, body)
      return null
    },
    close() {
      for (const end of [...streams.values()]) end()
      switchboard.close()
    },
    get stats() {
      return { connected: switchboard.connected, waiting: switchboard.waiting }
    },
  }
}
