import type { ApiAnswer, ApiRequest } from './exchange.ts'
import { JOURNAL_BODY_LIMIT, type JournalEntry, type JournalMessage } from './requestJournal.ts'

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

/** Anything shaped like a sandbox key; a journal must never hold one, whichever header or body carried it. */
const KEY_ANYWHERE = /svc_test_[A-Za-z0-9_-]{43}/g
const REDACTED = '[redacted]'
const MAX_HEADERS = 64

const decoder = new TextDecoder()

function redactKeys(text: string): string {
  return text.includes('svc_test_') ? text.replace(KEY_ANYWHERE, `svc_test_${REDACTED}`) : text
}

function message(headers: Record<string, string>, text: string | null, longer: boolean): JournalMessage {
  if (text === null) return { headers, body: null, bodyTruncated: false }
  const cut = longer || text.length > JOURNAL_BODY_LIMIT
  return { headers, body: redactKeys(cut ? text.slice(0, JOURNAL_BODY_LIMIT) : text), bodyTruncated: cut }
}

function requestHeaders(request: ApiRequest): Record<string, string> {
  const copied: Record<string, string> = {}
  let count = 0
  request.headers.forEach?.((value, name) => {
    if (count++ >= MAX_HEADERS) return
    const lower = name.toLowerCase()
    const kept = lower === 'authorization' ? REDACTED : redactKeys(value.slice(0, JOURNAL_BODY_LIMIT))
    copied[lower] = lower in copied ? `${copied[lower]}, ${kept}` : kept
  })
  return copied
}

function requestBody(bytes: Uint8Array | null): { text: string | null; longer: boolean } {
  if (bytes === null || bytes.byteLength === 0) return { text: null, longer: false }
  const longer = bytes.byteLength > JOURNAL_BODY_LIMIT
  return { text: decoder.decode(longer ? bytes.subarray(0, JOURNAL_BODY_LIMIT) : bytes), longer }
}

/** A bounded copy of one exchange: headers copied, bodies cut at the limit, every key-shaped string redacted. */
export function journalEntry(request: ApiRequest, answer: ApiAnswer, facts: JournalFacts): JournalEntry {
  const url = request.url
  const pathStart = url.indexOf('/', url.indexOf('//') + 2)
  const body = requestBody(facts.bytes)
  return {
    requestId: facts.requestId,
    time: new Date(facts.at).toISOString(),
    method: request.method,
    path: redactKeys(pathStart < 0 ? '/' : url.slice(pathStart, pathStart + 2048)),
    operationId: facts.operationId,
    status: answer.status,
    keyId: facts.keyId,
    keyLabel: facts.keyLabel,
    durationMs: Math.round((performance.now() - facts.startedMs) * 100) / 100,
    request: message(requestHeaders(request), body.text, body.longer),
    response: message({ ...answer.headers }, answer.body, false),
  }
}
