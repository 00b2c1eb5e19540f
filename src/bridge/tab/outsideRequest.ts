import type { JournalEntry } from '../../api/core.ts'
import type { ForwardedRequest } from '../protocol.ts'

/**
 * One request that reached the sandbox over HTTP from outside the page (curl,
 * a script, another app): the sandbox's own journal record of the exchange,
 * the same one `GET /_developer-sandbox/requests` returns, and what only the
 * bridge knows about the client. Never a key: the journal redacts them all.
 */
export interface OutsideRequest {
  /** The bridge's id of the request (not the API's `X-Request-ID`, which is the journal's `requestId`). */
  id: string
  /** The exchange as the request journal recorded it. */
  exchange: JournalEntry
  /** `…abcd` of the key the client sent, null when it sent none. */
  keyHint: string | null
  /** The client's `User-Agent` and `Origin`, null when it sent none (curl sends no Origin). */
  userAgent: string | null
  origin: string | null
  /** Epoch milliseconds: when the server received the request, when the tab started running it. */
  receivedAt: number
  startedAt: number
}

/** One request header as the client sent it, or null. */
function header(request: ForwardedRequest, name: string): string | null {
  return request.headers.find(([candidate]) => candidate.toLowerCase() === name)?.[1] ?? null
}

/** The record of one answered outside request: its journal entry and its client. */
export function describeOutsideRequest(request: ForwardedRequest, exchange: JournalEntry, startedAt: number): OutsideRequest {
  // The console's hint for any credential: its last four characters, as the console's own entries show.
  const credential = header(request, 'authorization')?.trim() ?? ''
  return {
    id: request.id,
    exchange,
    keyHint: credential.length > 4 ? `…${credential.slice(-4)}` : null,
    // A browser drops User-Agent and Origin from a Request it builds, so the journal may lack them: the client said them here.
    userAgent: header(request, 'user-agent'),
    origin: header(request, 'origin'),
    receivedAt: request.receivedAt,
    startedAt,
  }
}
