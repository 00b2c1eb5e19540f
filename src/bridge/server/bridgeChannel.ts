/**
 * The channel a playground tab holds to the server (`<base>__sandbox/bridge/*`):
 * the probe, an event stream down (one `hello`, then one `request` per
 * forwarded request), and POSTs up (replies, key hints, leaving). It serves
 * the page of this origin only.
 */
import {
  BRIDGE_PROTOCOL,
  type BridgeProbe,
  CHANNEL,
  parseForwardedReply,
  parseKeyHints,
  serverSentEvent,
  TOKEN_HEADER,
} from '../protocol.ts'
import type { Switchboard } from './switchboard.ts'

/** Replies to the channel may carry any core response (a preview package is tens of kilobytes). */
export const CHANNEL_BODY_LIMIT = 8 * 1024 * 1024

export interface ChannelOptions {
  switchboard: Switchboard
  /** The channel's folder (`<base>__sandbox/bridge/`), the path its endpoints are relative to. */
  channel: string
  /** The API's base path, as the probe reports it. */
  apiBase: string
  /** How often an idle event stream gets a comment, so a dead connection is noticed. */
  heartbeatMs: number
}

export interface Channel {
  /** Answers a request under the channel's folder; `truncated`: its body was cut at `CHANNEL_BODY_LIMIT`. */
  handle(request: Request, pathname: string, truncated: boolean): Promise<Response>
  /** Ends every event stream. */
  close(): void
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } })

function refusal(status: number, detail: string): Response {
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

export function createChannel({ switchboard, channel, apiBase, heartbeatMs }: ChannelOptions): Channel {
  /** How to end each open event stream, by its tab's token. */
  const streams = new Map<string, () => void>()
  const encoder = new TextEncoder()

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

  /** A reply or key hints, from the tab holding `token`. */
  async function message(request: Request, endpoint: string): Promise<Response> {
    const token = request.headers.get(TOKEN_HEADER) ?? ''
    let body: unknown
    try {
      body = await request.json()
    } catch {
      return refusal(400, `Failed to read the ${endpoint} message: it is not JSON.`)
    }
    try {
      // A refused reply or hint is an expected race (answered elsewhere, a stale token), not an error: the page's console stays quiet.
      if (endpoint === CHANNEL.keys) return json({ accepted: switchboard.hint(token, parseKeyHints(body).lastFour) })
      return json({ accepted: switchboard.reply(token, parseForwardedReply(body)) === 'accepted' })
    } catch (error) {
      return refusal(400, error instanceof Error ? error.message : String(error))
    }
  }

  async function leave(request: Request): Promise<Response> {
    // A closing tab says so (a beacon): its requests go to the next tab now, not when its stream is noticed gone.
    streams.get((await request.text()).trim())?.()
    return new Response(null, { status: 204 })
  }

  /** Answers the endpoint a request names. */
  function route(request: Request, pathname: string, truncated: boolean): Response | Promise<Response> {
    const endpoint = pathname.slice(channel.length)
    if (endpoint === CHANNEL.probe && request.method === 'GET') {
      const probe: BridgeProbe = { available: true, protocol: BRIDGE_PROTOCOL, apiBase }
      return json(probe)
    }
    if (!fromThePage(request)) return refusal(403, 'Failed to open the bridge channel: it serves the playground page of this origin only.')
    if (truncated) return refusal(413, `Failed to read the ${endpoint} message: it exceeds ${CHANNEL_BODY_LIMIT} bytes.`)
    if (endpoint === CHANNEL.events && request.method === 'GET') return eventStream()
    if (endpoint === CHANNEL.leave && request.method === 'POST') return leave(request)
    if (request.method === 'POST' && (endpoint === CHANNEL.reply || endpoint === CHANNEL.keys)) return message(request, endpoint)
    return refusal(
      404,
      `Failed to find "${request.method} ${pathname}": the channel has ${CHANNEL.events}, ${CHANNEL.reply} and ${CHANNEL.keys}.`,
    )
  }

  return {
    handle: (request, pathname, truncated) => Promise.resolve(route(request, pathname, truncated)),
    close() {
      for (const end of [...streams.values()]) end()
    },
  }
}
