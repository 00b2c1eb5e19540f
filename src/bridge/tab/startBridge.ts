import { CONTROL_BASE_PATH } from '../../api/core.ts'
import {
  type BridgeProbe,
  CHANNEL,
  CHANNEL_FOLDER,
  type ForwardedRequest,
  parseForwardedRequest,
  parseHello,
  TOKEN_HEADER,
} from '../protocol.ts'
import { probeBridge, siteRoot } from './bridgeProbe.ts'
import { describeOutsideRequest, type OutsideRequest } from './outsideRequest.ts'
import { type BridgeSandbox, runForwarded } from './runForwarded.ts'

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
    const startedAt = Date.now()
    const { reply, requestId, control } = await runForwarded(sandbox, forwarded, controlBase)
    const accepted = await post(CHANNEL.reply, reply, as)
    // A control call is the test suite's, not the API's: it is answered, but the console's history never shows it.
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
