/**
 * node:http ⇄ Fetch, for any Node host of the sandbox. The request body is
 * streamed with a cap (`cappedBody.ts`), so the core answers its own 413 and
 * a huge upload is never held in memory.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { ApiAnswer, ApiRequest } from '../api/core.ts'
import { cappedBody } from './cappedBody.ts'

export interface AdaptedRequest {
  request: ApiRequest
  /** The URL's path as `new URL` normalises it, for the host's own routes. */
  path: string
  /** True when part of the upload was never read (refused before reading, or cut at the cap). */
  unread(): boolean
}

/** How long a connection whose upload was refused keeps draining before it is cut, so the client can read the answer. */
const LINGER_MS = 2000

/** The path of the request target: an absolute-form target ("http://x/path") keeps only its path; "*" and the like route nowhere. */
function targetPath(incoming: IncomingMessage): string {
  const raw = incoming.url ?? '/'
  return raw.startsWith('/') ? raw.replace(/^\/+/, '/') : URL.canParse(raw) ? new URL(raw).pathname : '/'
}

/**
 * A header as Fetch's `Headers.get` reads it: every value of a repeated
 * header, joined with ", ". Node's own `headers` keeps only the first of some
 * (Authorization among them), and `headersDistinct` builds arrays for every
 * header to answer for one.
 */
function headerValue(raw: readonly string[], lowerName: string): string | null {
  let value: string | null = null
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as string
    if (name.length !== lowerName.length || name.toLowerCase() !== lowerName) continue
    const next = raw[index + 1] as string
    value = value === null ? next : `${value}, ${next}`
  }
  return value
}

/** A path URL parsing leaves as it is: no dot segments, escapes or backslashes to resolve. */
const PLAIN_PATH = /^\/[\w\-/]*$/

/** The path of `url` (`origin` + `target`) as `new URL` gives it, parsed only when parsing could change it. */
export function normalisedPath(url: string, target: string): string {
  const end = target.search(/[?#]/)
  const path = end < 0 ? target : target.slice(0, end)
  return PLAIN_PATH.test(path) ? path : new URL(url).pathname
}

/**
 * The request as the core reads it, straight from node:http: headers from
 * Node's own parse, and a body (streamed with the cap) only when one was
 * sent. `origin` (e.g. `http://127.0.0.1:4010`) makes the URL: the `Host`
 * header is the client's to choose and is not trusted. `limit` may depend on
 * the path: the control API takes a whole workspace export in one body.
 */
export function toApiRequest(
  incoming: IncomingMessage,
  response: ServerResponse,
  origin: string,
  limit: number | ((path: string) => number),
): AdaptedRequest {
  const method = incoming.method ?? 'GET'
  const target = targetPath(incoming)
  const url = origin + target
  const path = normalisedPath(url, target)
  const hasBody =
    method !== 'GET' &&
    method !== 'HEAD' &&
    (incoming.headers['content-length'] !== undefined || incoming.headers['transfer-encoding'] !== undefined)
  let body: ReadableStream<Uint8Array> | null = null
  if (hasBody) {
    const expectsContinue = /100-continue/i.test(incoming.headers.expect ?? '')
    body = cappedBody(incoming, typeof limit === 'number' ? limit : limit(path), () => {
      if (expectsContinue) response.writeContinue()
    })
  }
  const request: ApiRequest = {
    method,
    url,
    headers: {
      get: (name) => headerValue(incoming.rawHeaders, name.toLowerCase()),
      forEach(callback) {
        const raw = incoming.rawHeaders
        for (let index = 0; index < raw.length; index += 2) callback(raw[index + 1] as string, raw[index] as string)
      },
    },
    body,
  }
  return { request, path, unread: () => body !== null && !incoming.readableEnded }
}

/** An adapted request as a Fetch Request, for the routes that want one (the admin route); it shares the request's body. */
export function toFetchRequest(incoming: IncomingMessage, request: ApiRequest): Request {
  const headers = new Headers()
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
    const name = incoming.rawHeaders[index] ?? ''
    // Node validated the header bytes already; an HTTP/2 pseudo-header has no Fetch form.
    if (!name.startsWith(':')) headers.append(name, incoming.rawHeaders[index + 1] ?? '')
  }
  const init = { method: request.method, headers, body: request.body, ...(request.body ? { duplex: 'half' } : {}) }
  return new Request(request.url, init as RequestInit)
}

/** Lets the client read the answer before the socket is cut, while the rest of its upload is discarded unread. */
function lingerThenClose(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end()
    socket.resume()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
  }
}

/** Extra headers (CORS) after the answer's own; `closeAfter` as for `writeFetchResponse`. */
export function writeAnswer(outgoing: ServerResponse, answer: ApiAnswer, extraHeaders: Record<string, string>, closeAfter: boolean): void {
  // A flat name, value list: node:http writes it as it is, where an object is walked key by key.
  const headers: string[] = []
  for (const name in answer.headers) headers.push(name, answer.headers[name] as string)
  for (const name in extraHeaders) headers.push(name, extraHeaders[name] as string)
  if (closeAfter) {
    headers.push('Connection', 'close')
    if (outgoing.socket) lingerThenClose(outgoing.socket)
  }
  if (answer.body !== null) headers.push('Content-Length', String(Buffer.byteLength(answer.body)))
  outgoing.writeHead(answer.status, headers)
  outgoing.end(answer.body ?? undefined)
}

/** Writes a Fetch response (the admin route, CORS preflights) as an answer; the same rules as `writeAnswer`. */
export async function writeFetchResponse(
  outgoing: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string>,
  closeAfter: boolean,
): Promise<void> {
  const body = response.body ? await response.text() : null
  writeAnswer(outgoing, { status: response.status, headers: Object.fromEntries(response.headers), body }, extraHeaders, closeAfter)
}
