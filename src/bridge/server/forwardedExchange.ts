/**
 * One exchange the bridge carries, both ways: a client's request as the tab
 * receives it, and the tab's outcome as the client receives it, as an
 * answer or as a problem that says what to do.
 */
import { randomUUID } from 'node:crypto'
import { type ForwardedRequest, toBase64 } from '../protocol.ts'
import { bridgeProblem, bridgeRequestId } from './bridgeProblem.ts'
import type { Outcome } from './outcome.ts'

/** Headers that describe one hop, not the request: never forwarded to the tab or back. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
])

/** Statuses whose response has no body by definition. */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

/** A client's request as the tab receives it, without the hop's headers and the headers in `dropped`. */
export async function toForwarded(request: Request, truncated: boolean, dropped: ReadonlySet<string>): Promise<ForwardedRequest> {
  const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : null
  return {
    id: randomUUID(),
    method: request.method,
    url: request.url,
    headers: [...request.headers].filter(([name]) => !HOP_BY_HOP.has(name) && !dropped.has(name)),
    body: bytes && bytes.byteLength > 0 ? toBase64(bytes) : null,
    truncated,
    receivedAt: Date.now(),
  }
}

export interface OutcomeContext {
  /** The playground page's URL, which a person opens or brings forward when no tab answers. */
  page: string
  timeoutMs: number
  log: (message: string) => void
}

/** The client's answer for a forwarded request's outcome. */
export function outcomeResponse(outcome: Outcome, request: Request, forwarded: ForwardedRequest, context: OutcomeContext): Response {
  switch (outcome.kind) {
    case 'answered': {
      const { status, headers, body } = outcome.reply
      const kept = headers.filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()))
      return new Response(NULL_BODY.has(status) ? null : Buffer.from(body, 'base64'), { status, headers: kept })
    }
    case 'failed': {
      const id = bridgeRequestId(request)
      context.log(
        `Failed to run "${forwarded.method} ${new URL(forwarded.url).pathname}" in the playground tab (request ${id}): ${outcome.failure}`,
      )
      return bridgeProblem('internal_error', `Failed to run the request in the playground tab: ${outcome.failure}`, id)
    }
    case 'timeout':
      return bridgeProblem(
        'playground_timeout',
        `Failed to get an answer from the playground: the tab at ${context.page} did not answer within ${context.timeoutMs / 1000} s. Bring the tab to the front (a sleeping tab answers late) and send the request again.`,
        bridgeRequestId(request),
      )
    case 'not_open':
      return bridgeProblem(
        'playground_not_open',
        `Failed to reach the sandbox: no playground tab is open for this server. Open ${context.page} in a browser, keep the tab open, and send the request again.`,
        bridgeRequestId(request),
      )
  }
}
