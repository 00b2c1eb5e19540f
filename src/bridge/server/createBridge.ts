import { authoriseControl, BASE_PATH, CONTROL_BASE_PATH, ControlError, MAX_BODY_BYTES, refusalOf, secretSpellings } from '../../api/core.ts'
import { applyCors, type OriginPolicy } from '../../server/cors.ts'
import { bearerLastFour, CHANNEL_FOLDER } from '../protocol.ts'
import { CHANNEL_BODY_LIMIT, createChannel } from './bridgeChannel.ts'
import { outcomeResponse, toForwarded } from './forwardedExchange.ts'
import { Switchboard } from './switchboard.ts'

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

/**
 * A control call may name the tab it is for by the last four characters of a key that tab holds
 * (several browsers can have the playground open on one server); otherwise the tab opened last answers.
 */
export const TAB_KEY_HEADER = 'x-sandbox-tab-key'

const NOTHING: ReadonlySet<string> = new Set()
/** The admin token stays on the server: the tab's handler is reached only through the channel, which only this server writes. */
const CONTROL_NOT_FORWARDED: ReadonlySet<string> = new Set(['authorization', 'x-request-id', TAB_KEY_HEADER])

/** Whether `pathname` is `folder` itself or below it. */
const under = (folder: string, pathname: string) => pathname === folder || pathname.startsWith(`${folder}/`)

/**
 * The server half of the bridge as a Fetch handler: `<base>api/developer/v1/*`
 * and the control API `<base>_developer-sandbox/*` are forwarded to the open
 * playground tab, and `<base>__sandbox/bridge/*` is the channel that tab
 * holds (`bridgeChannel.ts`).
 * @example
 * const bridge = createBridge({ base: '/' })
 * const response = await bridge.handle(request, { truncated: false }) // null: not the bridge's path
 */
export function createBridge(options: BridgeOptions): Bridge {
  const base = options.base.startsWith('/') ? options.base : '/'
  const apiBase = `${base}${BASE_PATH.slice(1)}`
  const controlBase = `${base}${CONTROL_BASE_PATH.slice(1)}`
  const channelFolder = `${base}${CHANNEL_FOLDER}`
  const timeoutMs = options.timeoutMs ?? 15_000
  const log = options.log ?? ((message: string) => console.error(message))
  const cors = options.cors ?? 'localhost'
  const adminToken = typeof options.adminToken === 'function' ? options.adminToken : () => options.adminToken as string | undefined
  const switchboard = new Switchboard({ timeoutMs, handoverMs: options.handoverMs ?? 3000 })
  const channel = createChannel({ switchboard, channel: channelFolder, apiBase, heartbeatMs: options.heartbeatMs ?? 15_000 })
  const context = (request: Request) => ({ page: new URL(base, request.url).href, timeoutMs, log })

  /**
   * A control call: the admin token is checked here, in constant time, and
   * never forwarded; the tab runs the call with its own control handler. No
   * CORS: the control API is for test suites, not for pages.
   */
  async function controlRequest(request: Request, body: BodyInfo): Promise<Response> {
    const requestId = request.headers.get('x-request-id')?.slice(0, 200) || crypto.randomUUID()
    const refused = refusalOf(() => {
      authoriseControl(request, adminToken())
      if (body.truncated) {
        throw new ControlError('payload_too_large', `Failed to read the control call: its body exceeds ${CHANNEL_BODY_LIMIT} bytes.`)
      }
    }, requestId)
    if (refused) return refused
    const forwarded = await toForwarded(request, body.truncated, CONTROL_NOT_FORWARDED)
    forwarded.headers.push(['x-request-id', requestId])
    const outcome = await switchboard.forward(forwarded, request.headers.get(TAB_KEY_HEADER)?.slice(0, 4) ?? null)
    return outcomeResponse(outcome, request, forwarded, context(request))
  }

  async function apiRequest(request: Request, body: BodyInfo): Promise<Response> {
    // One CORS rule set for every host of the sandbox: the HTTP server's.
    const decision = applyCors(request, cors)
    if ('preflight' in decision) return decision.preflight
    // The admin token is the server's alone: a client that sent it to the API somewhere odd (`?token=`, `X-Admin`) does not hand it to the tab's journal.
    const forwarded = await toForwarded(request, body.truncated, NOTHING, secretSpellings(adminToken()))
    const outcome = await switchboard.forward(forwarded, bearerLastFour(request.headers.get('authorization')))
    const response = outcomeResponse(outcome, request, forwarded, context(request))
    for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value)
    return response
  }

  return {
    bodyLimit(pathname) {
      if (under(apiBase, pathname)) return MAX_BODY_BYTES + 1
      return pathname.startsWith(channelFolder) || under(controlBase, pathname) ? CHANNEL_BODY_LIMIT : null
    },
    async handle(request, body) {
      const pathname = body.rawPath ?? new URL(request.url).pathname
      if (under(apiBase, pathname)) return apiRequest(request, body)
      if (pathname.startsWith(channelFolder)) return channel.handle(request, pathname, body.truncated)
      if (under(controlBase, pathname)) return controlRequest(request, body)
      return null
    },
    close() {
      channel.close()
      switchboard.close()
    },
    get stats() {
      return { connected: switchboard.connected, waiting: switchboard.waiting }
    },
  }
}
