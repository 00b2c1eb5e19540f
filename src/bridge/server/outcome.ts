/** How a request forwarded to a playground tab ended, and the one reply that lets another tab try it. */
import { type ForwardedReply, fromBase64 } from '../protocol.ts'

export type Outcome =
  | { kind: 'answered'; reply: Extract<ForwardedReply, { status: number }> }
  | { kind: 'failed'; failure: string }
  /** No tab was connected, nor did one connect within the hand-over window. */
  | { kind: 'not_open' }
  /** A tab had the request and did not answer within the timeout. */
  | { kind: 'timeout' }

/** Whether a reply says the tab's database does not know the key at all: answered without side effects, so another tab may try. */
export function declinesKey(reply: Extract<ForwardedReply, { status: number }>): boolean {
  if (reply.status !== 401) return false
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(fromBase64(reply.body)))
    return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'key_invalid'
  } catch {
    return false
  }
}
