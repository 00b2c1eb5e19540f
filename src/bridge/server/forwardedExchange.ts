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

const REDACTED = '[redacted]'

function withoutText(text: string, secrets: readonly string[]): string {
  let kept = text
  for (const secret of secrets) if (kept.includes(secret)) kept = kept.replaceAll(secret, REDACTED)
  return kept
}

/** `bytes` with every spelling of a secret replaced, as bytes; untouched (the same array) when none is there. */
function withoutBytes(bytes: Uint8Array, secrets: readonly string[]): Uint8Array {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (!secrets.some((secret) => buffer.includes(secret))) return bytes
  let kept = buffer
  for (const secret of secrets) {
    const parts: Buffer[] = []
    let from = 0
    for (let at = kept.indexOf(secret, from); at >= 0; at = kept.indexOf(secret, from)) {
      parts.push(kept.subarray(from, at), Buffer.from(REDACTED))
      from = at + Buffer.byteLength(secret)
    }
    parts.push(kept.subarray(from))
    kept = Buffer.concat(parts)
  }
  return new Uint8Array(kept)
}

/**
 * A client's request as the tab receives it, without the hop's headers and the headers in `dropped`.
 * `secrets` (the spellings of the server's admin token) are replaced wherever they appear: the
 * tab's journal and history keep what reaches it, and the API never reads the admin token.
 */
export async function toForwarded(
  request: Request,
  truncated: boolean,
  dropped: ReadonlySet<string>,
  secrets: readonly string[] = [],
): Promise<ForwardedRequest> {
  const read = request.body ? new Uint8Array(await request.arrayBuffer()) : null
  const bytes = read && secrets.length > 0 ? withoutBytes(read, secrets) : read
  return {
    id: randomUUID(),
    method: request.method,
    url: withoutText(request.url, secrets),
    headers: [...request.headers]
      .filter(([name]) => !HOP_BY_HOP.has(name) && !dropped.has(name))
      .map(([name, value]) => [name, withoutText(value, secrets)]),
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
