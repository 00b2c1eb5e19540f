import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { bridgeProblem, bridgeRequestId } from './bridgeProblem.ts'
import type { Bridge } from './createBridge.ts'

/** Node's http ⇄ Fetch for the bridge: the one place that knows about sockets. */

/** CORS headers an earlier middleware (Vite's own CORS) may have set; the bridge's answer decides them alone. */
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
]

/** Reads at most `limit` bytes of a body; `truncated` when the client sent (or declared) more. */
function readCapped(request: IncomingMessage, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    const finish = (truncated: boolean) => {
      request.off('data', onData).off('end', onEnd).off('error', reject)
      resolve({ bytes: Buffer.concat(chunks, Math.min(total, limit)).subarray(0, limit), truncated })
    }
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      total += chunk.byteLength
      if (total >= limit) {
        request.pause()
        finish(total > limit || !request.readableEnded)
      }
    }
    const onEnd = () => finish(false)
    request.on('data', onData).on('end', onEnd).on('error', reject)
  })
}

/** The request as a Fetch `Request`, its body cut at `limit` bytes. */
export async function toFetchRequest(request: IncomingMessage, limit: number): Promise<{ request: Request; truncated: boolean }> {
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const method = request.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const { bytes, truncated } = hasBody ? await readCapped(request, limit) : { bytes: Buffer.alloc(0), truncated: false }
  return { request: new Request(url, { method, headers, body: hasBody ? new Uint8Array(bytes) : null }), truncated }
}

/** Writes a Fetch `Response`: whole with its length, or streamed for the event stream (which never ends on its own). */
export async function sendFetchResponse(response: Response, to: ServerResponse, closeAfter: boolean): Promise<void> {
  for (const name of CORS_HEADERS) to.removeHeader(name)
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of response.headers) headers[name] = value
  if (closeAfter) headers.connection = 'close'
  if (response.headers.get('content-type') !== 'text/event-stream') {
    const body = Buffer.from(await response.arrayBuffer())
    headers['content-length'] = String(body.byteLength)
    to.writeHead(response.status, headers).end(body)
    return
  }
  to.writeHead(response.status, headers).flushHeaders()
  if (!response.body) return void to.end()
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), to).catch(() => {
    // The client went away (a closed tab): cancelling the body has told the bridge.
  })
}

/**
 * A connect-style middleware serving the bridge's paths and passing every
 * other request on.
 */
export function bridgeMiddleware(bridge: Bridge, options: { preflightOnly?: boolean } = {}) {
  return async (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): Promise<void> => {
    try {
      // The path as sent decides: `api/developer/v1/%2e%2e/x` is under the API base to a client, whatever it resolves to.
      const rawPath = (request.url ?? '/').split('?')[0] ?? '/'
      const limit = bridge.bodyLimit(rawPath)
      if (limit === null) return next()
      // Ahead of the host's own middlewares only preflights are taken, before any body is read.
      const preflight = request.method === 'OPTIONS' && request.headers.origin && request.headers['access-control-request-method']
      if (options.preflightOnly && !preflight) return next()
      let converted: { request: Request; truncated: boolean }
      try {
        converted = await toFetchRequest(request, limit)
      } catch {
        // Fetch cannot carry CONNECT, TRACE or TRACK, so no tab could run them.
        const probe = new Request(new URL(request.url ?? '/', 'http://localhost'), {
          headers: { 'x-request-id': String(request.headers['x-request-id'] ?? '') },
        })
        const refusal = bridgeProblem(
          'method_not_implemented',
          `Failed to forward "${request.method}": the sandbox answers GET and POST.`,
          bridgeRequestId(probe),
        )
        return sendFetchResponse(refusal, response, true)
      }
      const answer = await bridge.handle(converted.request, { truncated: converted.truncated, rawPath })
      if (!answer) return next()
      await sendFetchResponse(answer, response, converted.truncated)
    } catch (error) {
      next(error)
    }
  }
}
