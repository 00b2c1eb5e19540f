/**
 * One journalled exchange: what the journal takes of it as the answer leaves
 * (`captureExchange`), and the entry a reader sees (`journalEntry`).
 */
import type { FromSchema } from 'json-schema-to-ts'
import type { journalEntrySchema } from '../contract/journalSchema.ts'
import type { ApiAnswer, ApiRequest } from './exchange.ts'

/** One answered request as recorded; its schema is the one the control API documents. */
export type JournalEntry = FromSchema<typeof journalEntrySchema>

/** One side of an exchange as recorded. */
export type JournalMessage = JournalEntry['request']

/** Bodies are kept up to this many characters (4 KB of ASCII). */
export const JOURNAL_BODY_LIMIT = 4096

/** What the pipeline learnt about one request while answering it. */
export interface JournalFacts {
  requestId: string
  /** Sandbox-clock epoch milliseconds at arrival. */
  at: number
  startedMs: number
  operationId: string | null
  keyId: string | null
  keyLabel: string | null
  /** The body as read; null when it was never read (refused before reading). */
  bytes: Uint8Array | null
}

/**
 * One exchange as the journal keeps it: strings and numbers only, each already
 * redacted and bounded, so keeping it holds no key and nothing of the request.
 * Headers are `name:value` lines, names lowercased; no header name holds a
 * colon and no value a line break (Fetch and node:http both refuse them).
 */
export interface JournalCapture {
  requestId: string
  at: number
  durationMs: number
  method: string
  url: string
  operationId: string | null
  status: number
  keyId: string | null
  keyLabel: string | null
  requestHeaders: string
  requestBody: string | null
  requestBodyTruncated: boolean
  responseHeaders: string
  responseBody: string | null
  responseBodyTruncated: boolean
}

/**
 * One character of a key as a request may write it: as itself, percent-encoded
 * (once, or twice as `%255F`), or as a JSON `\u` escape. A journal must never
 * hold a key whichever of these spelt it.
 */
const hexOf = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0')
const spelt = (char: string) => `(?:${char}|%(?:25)?${hexOf(char)}|\\\\u00${hexOf(char)})`
const KEY_CHARACTER = '(?:[A-Za-z0-9_-]|%(?:25)?[0-9A-Fa-f]{2}|\\\\u00[0-9A-Fa-f]{2})'
/** Anything shaped like a sandbox key, however it is encoded. Case-blind for the hex digits; it redacts a little more, never less. */
const KEY_ANYWHERE = new RegExp(`${[...'svc_test_'].map(spelt).join('')}${KEY_CHARACTER}{43}`, 'gi')
/** Cheap first look: text without any spelling of "s" followed by "v" holds no key. */
const MAY_HOLD_KEY = /(?:s|%(?:25)?73|\\u0073)(?:v|%(?:25)?76|\\u0076)/i
const REDACTED = '[redacted]'
/** The longest a key may be spelt: 52 characters, each up to six (`\u005f`). */
const KEY_LENGTH = 52 * 6
const MAX_HEADERS = 64
/**
 * Headers whose whole value is a credential (the admin token in
 * `Proxy-Authorization`, a session cookie, an API key under any name): kept
 * as `[redacted]`, whatever they hold.
 */
const CREDENTIAL_HEADER = /^(?:authorization|proxy-authorization|cookie|set-cookie)$|token|secret|passw|api-?key|auth|session|credential/i

const decoder = new TextDecoder()

function redactKeys(text: string): string {
  return MAY_HOLD_KEY.test(text) ? text.replace(KEY_ANYWHERE, `svc_test_${REDACTED}`) : text
}

/**
 * The spellings of a secret (the admin token) a request may carry it in: as
 * itself, percent-encoded (a query, a path) and JSON-escaped (a body).
 */
export function secretSpellings(secret: string | undefined): readonly string[] {
  if (!secret) return []
  return [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])]
}

/** Keys by their shape, and every spelling of a secret wherever it appears. */
function redacted(text: string, secrets: readonly string[]): string {
  let kept = redactKeys(text)
  for (const secret of secrets) if (kept.includes(secret)) kept = kept.replaceAll(secret, REDACTED)
  return kept
}

/**
 * The first `JOURNAL_BODY_LIMIT` characters as a string of their own: a
 * slice of a long string would keep the whole of it alive in the journal.
 */
function bounded(text: string): { text: string; truncated: boolean } {
  if (text.length <= JOURNAL_BODY_LIMIT) return { text, truncated: false }
  return { text: JSON.parse(JSON.stringify(text.slice(0, JOURNAL_BODY_LIMIT))) as string, truncated: true }
}

function requestHeaderLines(request: ApiRequest, secrets: readonly string[]): string {
  const lines: string[] = []
  request.headers.forEach?.((value, name) => {
    if (lines.length >= MAX_HEADERS) return
    const lower = name.toLowerCase()
    lines.push(`${lower}:${CREDENTIAL_HEADER.test(lower) ? REDACTED : redacted(value, secrets).slice(0, JOURNAL_BODY_LIMIT)}`)
  })
  return lines.join('\n')
}

function answerHeaderLines(headers: Record<string, string>): string {
  const lines: string[] = []
  for (const name in headers) lines.push(`${name}:${headers[name]}`)
  return lines.join('\n')
}

function requestBody(bytes: Uint8Array | null, secrets: readonly string[]): { text: string | null; truncated: boolean } {
  if (bytes === null || bytes.byteLength === 0) return { text: null, truncated: false }
  // A key's (or secret's) length past the cut is decoded too, so one lying across the cut is redacted whole before it is cut.
  const reach = JOURNAL_BODY_LIMIT + Math.max(KEY_LENGTH, ...secrets.map((secret) => secret.length * 4))
  const whole = bytes.byteLength <= reach
  const kept = bounded(redacted(decoder.decode(whole ? bytes : bytes.subarray(0, reach)), secrets))
  return { text: kept.text, truncated: kept.truncated || !whole }
}

function answerBody(body: string | null, secrets: readonly string[]): { text: string | null; truncated: boolean } {
  return body === null ? { text: null, truncated: false } : bounded(redacted(body, secrets))
}

/**
 * What the journal keeps of one exchange, taken as the answer leaves: the
 * work a request pays for being journalled. Formatting waits for a reader.
 * `secrets` are the spellings of the host's admin token (`secretSpellings`):
 * redacted wherever they appear, whatever the header or parameter carrying them.
 */
export function captureExchange(
  request: ApiRequest,
  answer: ApiAnswer,
  facts: JournalFacts,
  secrets: readonly string[] = [],
): JournalCapture {
  const sent = requestBody(facts.bytes, secrets)
  const answered = answerBody(answer.body, secrets)
  return {
    requestId: facts.requestId,
    at: facts.at,
    durationMs: Math.round((performance.now() - facts.startedMs) * 100) / 100,
    method: request.method,
    url: redacted(request.url, secrets),
    operationId: facts.operationId,
    status: answer.status,
    keyId: facts.keyId,
    keyLabel: facts.keyLabel,
    requestHeaders: requestHeaderLines(request, secrets),
    requestBody: sent.text,
    requestBodyTruncated: sent.truncated,
    responseHeaders: answerHeaderLines(answer.headers),
    responseBody: answered.text,
    responseBodyTruncated: answered.truncated,
  }
}

/** Header lines back as a record; a name sent twice is one entry, its values joined as Fetch joins them. */
function headerRecord(lines: string): Record<string, string> {
  const headers: Record<string, string> = {}
  if (lines === '') return headers
  for (const line of lines.split('\n')) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon)
    const value = line.slice(colon + 1)
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  return headers
}

function message(headers: string, body: string | null, truncated: boolean): JournalMessage {
  return { headers: headerRecord(headers), body, bodyTruncated: body !== null && truncated }
}

function pathOf(url: string): string {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2)
  return pathStart < 0 ? '/' : url.slice(pathStart, pathStart + 2048)
}

/** The journal entry a reader sees, in the shape the control API documents. */
export function journalEntry(capture: JournalCapture): JournalEntry {
  return {
    requestId: capture.requestId,
    time: new Date(capture.at).toISOString(),
    method: capture.method,
    path: pathOf(capture.url),
    operationId: capture.operationId,
    status: capture.status,
    keyId: capture.keyId,
    keyLabel: capture.keyLabel,
    durationMs: capture.durationMs,
    request: message(capture.requestHeaders, capture.requestBody, capture.requestBodyTruncated),
    response: message(capture.responseHeaders, capture.responseBody, capture.responseBodyTruncated),
  }
}
