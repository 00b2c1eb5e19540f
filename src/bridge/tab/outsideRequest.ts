import type { ForwardedRequest } from '../protocol.ts'

/**
 * One request that reached the sandbox over HTTP from outside the page (curl,
 * a script, another app) and what the tab answered: what the history shows.
 * Redacted like everything the console keeps: never a key.
 */
export interface OutsideRequest {
  /** The bridge's id of the request (not the API's `X-Request-ID`, which is in the headers). */
  id: string
  method: string
  /** The URL the client addressed. */
  url: string
  /** Request headers, names lower-cased; Authorization as `Bearer [redacted …abcd]`. */
  requestHeaders: Record<string, string>
  /** The request body as text (keys masked); null when there was none. */
  requestBody: string | null
  status: number
  responseHeaders: Record<string, string>
  responseBody: string
  /** The client's `User-Agent` and `Origin`, null when it sent none (curl sends no Origin). */
  userAgent: string | null
  origin: string | null
  /** Epoch milliseconds: when the server received the request, when the tab started running it. */
  receivedAt: number
  startedAt: number
  /** How long the sandbox took to answer, in the tab. */
  durationMs: number
}

const KEY_ANYWHERE = /svc_test_[A-Za-z0-9_-]{4,}/g

function maskKeys(text: string): string {
  return text.replace(KEY_ANYWHERE, (key) => `svc_test_[redacted …${key.slice(-4)}]`)
}

function redactHeaders(pairs: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [rawName, value] of pairs) {
    const name = rawName.toLowerCase()
    kept[name] = name === 'authorization' ? `Bearer [redacted${value.length > 4 ? ` …${value.slice(-4)}` : ''}]` : maskKeys(value)
  }
  return kept
}

const text = (bytes: Uint8Array) => maskKeys(new TextDecoder().decode(bytes))

/** The record of one answered outside request, redacted. */
export function describeOutsideRequest(
  request: ForwardedRequest,
  requestBody: Uint8Array | null,
  answer: { status: number; headers: Iterable<[string, string]>; body: Uint8Array },
  timing: { startedAt: number; durationMs: number },
): OutsideRequest {
  const requestHeaders = redactHeaders(request.headers)
  return {
    id: request.id,
    method: request.method,
    url: maskKeys(request.url),
    requestHeaders,
    requestBody: requestBody === null ? null : text(requestBody),
    status: answer.status,
    responseHeaders: redactHeaders(answer.headers),
    responseBody: text(answer.body),
    userAgent: requestHeaders['user-agent'] ?? null,
    origin: requestHeaders.origin ?? null,
    receivedAt: request.receivedAt,
    startedAt: timing.startedAt,
    durationMs: Math.round(timing.durationMs * 10) / 10,
  }
}
