/**
 * The messages between the page's server and the playground tab that answers
 * for it (docs/decisions/012-http-bridge.md). Pure: no Node, no DOM, so both
 * sides and the tests share one definition.
 */

/** Bumped when a message changes shape; the probe reports it so a stale tab can tell. */
export const BRIDGE_PROTOCOL = 1

/** The folder, under the site's base, of the bridge's own endpoints (not the API's). */
export const CHANNEL_FOLDER = '__sandbox/bridge/'

/** The channel's endpoints, relative to `<base>__sandbox/bridge/`. */
export const CHANNEL = {
  /** GET: the probe. The dev and preview servers answer it live; a static build ships a file saying there is no bridge. */
  probe: 'probe.json',
  /** GET: Server-Sent Events, one `hello` then one `request` per forwarded request. */
  events: 'events',
  /** POST: a tab's answer to one forwarded request; answered `{ "accepted": boolean }` (false: answered elsewhere first, or timed out). */
  reply: 'reply',
  /** POST: the last four characters of the keys the tab's database holds, to route copied requests to it first. */
  keys: 'keys',
  /** POST (a beacon, the token as text): the tab is closing; its stream may outlive it for a while. */
  leave: 'leave',
} as const

/** The header that carries a responder's token on `reply` and `keys`; a custom header also forces a CORS preflight, which the channel never grants. */
export const TOKEN_HEADER = 'x-sandbox-bridge-token'

/** The answer of the probe. */
export type BridgeProbe = { available: false } | { available: true; protocol: number; apiBase: string }

/** The probe as a static build ships it: no server of ours, no bridge. */
export const STATIC_PROBE: BridgeProbe = { available: false }

/** Sent once when a tab's event stream opens: who it is to the server. */
export interface Hello {
  responderId: string
  token: string
}

/** One outside request as the server received it, for a tab to run through the sandbox. */
export interface ForwardedRequest {
  id: string
  method: string
  /** The URL the client addressed (`http://<Host><path and query>`). */
  url: string
  /** Header pairs as received, names lower-cased, hop-by-hop headers left out. */
  headers: [string, string][]
  /** The body as base64, at most the core's limit plus one byte; null when there was none. */
  body: string | null
  /** True when the body was cut at the limit plus one byte (the core answers 413 on it). */
  truncated: boolean
  /** Epoch milliseconds when the server received it. */
  receivedAt: number
}

/** A tab's answer to one forwarded request. */
export type ForwardedReply =
  | { id: string; status: number; headers: [string, string][]; body: string }
  /** The tab could not run the request at all (a defect): the server answers 500. */
  | { id: string; failure: string }

/** Which keys a tab's database holds, by their last four characters (what the workspace shows anyway). */
export interface KeyHints {
  lastFour: string[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isPairs = (value: unknown): value is [string, string][] =>
  Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'))
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

function failure(subject: string, reason: string): Error {
  return new Error(`Failed to read "${subject}": ${reason}`)
}

/** Checks a `request` event's data; a tab never runs a message it cannot vouch for. */
export function parseForwardedRequest(value: unknown): ForwardedRequest {
  if (!isRecord(value)) throw failure('forwarded request', 'it is not an object')
  const { id, method, url, headers, body, truncated, receivedAt } = value
  if (typeof id !== 'string' || id === '') throw failure('forwarded request', '"id" is not a non-empty string')
  if (typeof method !== 'string' || !/^[A-Z]+$/.test(method)) throw failure('forwarded request', '"method" is not an upper-case token')
  if (typeof url !== 'string' || !URL.canParse(url)) throw failure('forwarded request', '"url" is not an absolute URL')
  if (!isPairs(headers)) throw failure('forwarded request', '"headers" is not a list of name/value pairs')
  if (body !== null && (typeof body !== 'string' || !BASE64.test(body)))
    throw failure('forwarded request', '"body" is neither null nor base64')
  if (typeof truncated !== 'boolean') throw failure('forwarded request', '"truncated" is not a boolean')
  if (typeof receivedAt !== 'number' || !Number.isFinite(receivedAt)) throw failure('forwarded request', '"receivedAt" is not a number')
  return { id, method, url, headers, body, truncated, receivedAt }
}

/** Checks a tab's reply; the server answers a client only with a well-formed one. */
export function parseForwardedReply(value: unknown): ForwardedReply {
  if (!isRecord(value)) throw failure('reply', 'it is not an object')
  const { id } = value
  if (typeof id !== 'string' || id === '') throw failure('reply', '"id" is not a non-empty string')
  if ('failure' in value) {
    if (typeof value.failure !== 'string') throw failure('reply', '"failure" is not a string')
    return { id, failure: value.failure }
  }
  const { status, headers, body } = value
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    throw failure('reply', '"status" is not an HTTP status from 200 to 599')
  }
  if (!isPairs(headers)) throw failure('reply', '"headers" is not a list of name/value pairs')
  if (typeof body !== 'string' || !BASE64.test(body)) throw failure('reply', '"body" is not base64')
  return { id, status, headers, body }
}

/**
 * Checks a tab's key hints: a list of strings. Only four-character ones can
 * match a bearer key; others (an imported workspace may hold anything) are
 * dropped, not refused: a hint only orders the tabs.
 */
export function parseKeyHints(value: unknown): KeyHints {
  if (!isRecord(value) || !Array.isArray(value.lastFour)) throw failure('key hints', '"lastFour" is not a list')
  const hints: unknown[] = value.lastFour
  if (hints.length > 10_000 || !hints.every((item) => typeof item === 'string')) {
    throw failure('key hints', '"lastFour" must hold at most 10000 strings')
  }
  return { lastFour: (hints as string[]).filter((item) => item.length === 4) }
}

/** Checks the `hello` event's data. */
export function parseHello(value: unknown): Hello {
  if (!isRecord(value) || typeof value.responderId !== 'string' || typeof value.token !== 'string' || value.token === '') {
    throw failure('hello', 'it needs a "responderId" and a "token"')
  }
  return { responderId: value.responderId, token: value.token }
}

/** The last four characters of a bearer token, the hint a request is routed by; null without one. */
export function bearerLastFour(authorization: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S{5,})\s*$/i.exec(authorization ?? '')
  return match?.[1] ? match[1].slice(-4) : null
}

/** Bytes as base64, in both hosts (no Buffer in the page, no `toBase64` in Node 24). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000))
  }
  return btoa(binary)
}

/** The inverse of `toBase64`. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** One Server-Sent Event, as the stream carries it (the data is one JSON line). */
export function serverSentEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}
