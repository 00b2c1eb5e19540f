/**
 * One journalled exchange: what the journal takes of it as the answer leaves
 * (`captureExchange`), and the entry a reader sees (`journalEntry`).
 */
import type { FromSchema } from 'json-schema-to-ts'
import type { journalEntrySchema } from '../contract/journalSchema.ts'
import type { ApiAnswer, ApiRequest } from './exchange.ts'
import { CREDENTIAL_HEADER, KEY_LENGTH, REDACTED, redacted } from './journalRedaction.ts'

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

const MAX_HEADERS = 64
const decoder = new TextDecoder()

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
