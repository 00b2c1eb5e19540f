import { CONTROL_BASE_PATH, ControlError, problemResponse, type RequestJournal, type Sandbox, type Workspace } from '../../api/core.ts'
import {
  type BridgeProbe,
  CHANNEL,
  CHANNEL_FOLDER,
  type ForwardedReply,
  type ForwardedRequest,
  fromBase64,
  parseForwardedRequest,
  parseHello,
  TOKEN_HEADER,
  toBase64,
} from '../protocol.ts'
import { describeOutsideRequest, type OutsideRequest } from './outsideRequest.ts'

/** Whether outside clients can reach this tab's sandbox, and at which URL. */
export type BridgeStatus =
  | { state: 'starting' }
  /** No server of ours (`static-host`: a static deployment), or the probe failed (`unreachable`). */
  | { state: 'unavailable'; reason: 'static-host' | 'unreachable' }
  /** Another tab of this playground answers; this one takes over when it closes. */
  | { state: 'standby'; apiUrl: string }
  /** This tab leads and is (re)opening its channel to the server. */
  | { state: 'connecting'; apiUrl: string }
  /** This tab answers outside requests sent to `apiUrl`. */
  | { state: 'answering'; apiUrl: string }
  | { state: 'stopped' }

export interface BridgeTab {
  readonly status: BridgeStatus
  /** Calls `listener` on every status change; returns the unsubscribe function. */
  subscribe(listener: (status: BridgeStatus) => void): () => void
  /** Calls `listener` with every outside request this tab answered; returns the unsubscribe function. */
  onOutsideRequest(listener: (request: OutsideRequest) => void): () => void
  /** Leaves the bridge: closes the channel and gives up leadership to another tab. */
  stop(): void
}

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

interface EventStream {
  readonly readyState: number
  close(): void
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
}

export interface StartBridgeOptions {
  /** The site's root URL; the page's base by default. */
  siteUrl?: string | URL
  /** Web Locks, for leadership among tabs; `navigator.locks` by default. */
  locks?: LockManager
  /** The EventSource implementation; the browser's by default. */
  EventSource?: new (
    url: string,
  ) => EventStream
  /** How long to wait before reopening a channel the server refused or dropped. */
  reconnectMs?: number
  /**
   * The server's answer to the probe, asked earlier with `probeBridge`; by
   * default the bridge asks when it starts.
   */
  probe?: Promise<BridgeProbe | null>
}

const CLOSED = 2
/** Headers the core must not be told by the client: the body's real length decides the size rule, and the tab is no proxy. */
const NOT_FORWARDED = new Set(['host', 'content-length'])

function toRequest(forwarded: ForwardedRequest, body: Uint8Array<ArrayBuffer> | null, url = forwarded.url): Request {
  const headers = new Headers()
  for (const [name, value] of forwarded.headers) if (!NOT_FORWARDED.has(name)) headers.append(name, value)
  const carriesBody = forwarded.method !== 'GET' && forwarded.method !== 'HEAD'
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

/** The site's root URL: the page's base unless given. */
function siteRoot(siteUrl: string | URL | undefined): URL {
  return new URL(siteUrl ?? new URL(import.meta.env.BASE_URL, globalThis.location?.href))
}

/** A server that takes the probe and never answers is a server without the bridge, not one to wait for. */
const PROBE_TIMEOUT_MS = 5000

/**
 * Asks the page's server whether it offers the bridge: null when it cannot be
 * reached. The playground asks before it registers the service worker, so the
 * probe goes straight to the server instead of through the worker, ahead of
 * the page's first API request; `startBridge` takes the answer as `probe`.
 */
export function probeBridge(siteUrl?: string | URL, timeoutMs = PROBE_TIMEOUT_MS): Promise<BridgeProbe | null> {
  return readProbe(new URL(CHANNEL.probe, new URL(CHANNEL_FOLDER, siteRoot(siteUrl))), timeoutMs)
}

async function readProbe(url: URL, timeoutMs: number): Promise<BridgeProbe | null> {
  try {
    const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) })
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return null
    const probe = (await response.json()) as BridgeProbe
    return probe.available === true && typeof probe.apiBase === 'string' ? probe : { available: false }
  } catch {
    return null
  }
}

/**
 * Offers this tab's sandbox to outside clients through the page's server, when
 * there is one: one tab of the playground leads (a Web Lock), holds an event
 * stream from the server, runs each forwarded request through `handle` and
 * posts the response back. When it closes, the next tab takes the lock.
 * @example
 * const bridge = startBridge(sandbox)
 * bridge.onOutsideRequest((request) => history.add(request))
 */
export function startBridge(sandbox: BridgeSandbox, options: StartBridgeOptions = {}): BridgeTab {
  const siteUrl = siteRoot(options.siteUrl)
  const channel = new URL(CHANNEL_FOLDER, siteUrl)
  const controlBase = new URL(CONTROL_BASE_PATH.slice(1), siteUrl).pathname
  const locks = options.locks ?? navigator.locks
  const EventStreamClass = options.EventSource ?? (globalThis.EventSource as unknown as new (url: string) => EventStream)
  const reconnectMs = options.reconnectMs ?? 1000
  const stopped = new AbortController()
  const statusListeners = new Set<(status: BridgeStatus) => void>()
  const outsideListeners = new Set<(request: OutsideRequest) => void>()
  let status: BridgeStatus = { state: 'starting' }
  let token: string | null = null

  const set = (next: BridgeStatus) => {
    if (stopped.signal.aborted && next.state !== 'stopped') return
    status = next
    for (const listener of statusListeners) listener(next)
  }

  async function post(endpoint: string, message: unknown, as: string): Promise<boolean> {
    try {
      const response = await fetch(new URL(endpoint, channel), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: as },
        body: JSON.stringify(message),
      })
      return response.ok && ((await response.json()) as { accepted?: unknown }).accepted === true
    } catch {
      return false
    }
  }

  async function sendKeyHints(): Promise<void> {
    const as = token
    if (!as || !sandbox.workspace) return
    const keys = await sandbox.workspace.listKeys().catch(() => [])
    await post(CHANNEL.keys, { lastFour: keys.map((key) => key.lastFour).filter((lastFour) => lastFour.length === 4) }, as)
  }

  async function answer(data: string): Promise<void> {
    // The reply goes back on the channel the request came from, even if it reconnects meanwhile.
    const as = token
    if (!as) return
    let forwarded: ForwardedRequest
    try {
      forwarded = parseForwardedRequest(JSON.parse(data))
    } catch {
      return
    }
    const body = forwarded.body === null ? null : fromBase64(forwarded.body)
    const startedAt = Date.now()
    let reply: ForwardedReply
    let requestId: string | null = null
    // A control call is the test suite's, not the API's: it is answered, but the console's history never shows it.
    const control = controlUrl(forwarded, controlBase)
    try {
      const request = toRequest(forwarded, body, control ?? forwarded.url)
      const response = await (control ? runControl(sandbox, request) : sandbox.handle(request))
      const bytes = new Uint8Array(await response.arrayBuffer())
      requestId = response.headers.get('x-request-id')
      reply = { id: forwarded.id, status: response.status, headers: [...response.headers], body: toBase64(bytes) }
    } catch (error) {
      reply = { id: forwarded.id, failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
    }
    const accepted = await post(CHANNEL.reply, reply, as)
    if (!accepted || control || requestId === null) return
    const exchange = sandbox.journal?.find(requestId)
    if (!exchange) return
    const record = describeOutsideRequest(forwarded, exchange, startedAt)
    for (const listener of outsideListeners) listener(record)
  }

  /** Holds the channel while this tab leads; resolves when the bridge stops. */
  function lead(apiUrl: string): Promise<void> {
    return new Promise((resolve) => {
      let source: EventStream | null = null
      let retry: ReturnType<typeof setTimeout> | undefined
      const open = () => {
        token = null
        set({ state: 'connecting', apiUrl })
        const opened = new EventStreamClass(new URL(CHANNEL.events, channel).href)
        source = opened
        opened.addEventListener('hello', (event) => {
          token = parseHello(JSON.parse(event.data)).token
          set({ state: 'answering', apiUrl })
          void sendKeyHints()
        })
        opened.addEventListener('request', (event) => void answer(event.data))
        opened.addEventListener('error', () => {
          token = null
          set({ state: 'connecting', apiUrl })
          // A stream that failed for good (a refused or non-stream answer) is reopened here; others reconnect by themselves.
          if (opened.readyState === CLOSED && !stopped.signal.aborted) retry = setTimeout(open, reconnectMs)
        })
      }
      const unsubscribe = sandbox.workspace?.subscribe(() => void sendKeyHints()) ?? (() => {})
      // A closed tab's stream can stay open on the server for a while (it runs through the service worker): say goodbye.
      const leave = () => {
        if (token && typeof navigator.sendBeacon === 'function') navigator.sendBeacon(new URL(CHANNEL.leave, channel), token)
      }
      globalThis.addEventListener?.('pagehide', leave)
      stopped.signal.addEventListener(
        'abort',
        () => {
          leave()
          globalThis.removeEventListener?.('pagehide', leave)
          clearTimeout(retry)
          source?.close()
          unsubscribe()
          resolve()
        },
        { once: true },
      )
      open()
    })
  }

  async function run(): Promise<void> {
    const probe = await (options.probe ?? probeBridge(siteUrl))
    if (!probe) return set({ state: 'unavailable', reason: 'unreachable' })
    if (!probe.available) return set({ state: 'unavailable', reason: 'static-host' })
    const apiUrl = new URL(probe.apiBase, channel).href
    set({ state: 'standby', apiUrl })
    await locks.request(`developer-sandbox:bridge:${channel.pathname}`, { signal: stopped.signal }, () => lead(apiUrl))
  }

  run().catch(() => {
    // Only a stop while waiting for the lock ends here; the status already says so.
  })

  return {
    get status() {
      return status
    },
    subscribe(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    onOutsideRequest(listener) {
      outsideListeners.add(listener)
      return () => outsideListeners.delete(listener)
    },
    stop() {
      if (stopped.signal.aborted) return
      stopped.abort()
      set({ state: 'stopped' })
    },
  }
}
