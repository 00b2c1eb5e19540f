import { PROBLEMS } from '../../api/core.ts'
import { answerResponse, HOST_PROBLEMS, problemOf, requestIdOf } from '../../server/hostProblem.ts'

/**
 * The bridge's own problem-details answers, shaped like the core's (RFC 9457
 * plus `code` and `requestId`, `X-Request-ID` and the rate-limit headers of an
 * unused window): a client cannot tell them apart by shape, only by `code`.
 */
export const BRIDGE_PROBLEMS = {
  /** No playground tab is connected: nothing can vouch for a key. */
  playground_not_open: { status: 503, title: 'Playground not open' },
  /** A tab had the request and did not answer within the timeout. */
  playground_timeout: { status: 503, title: 'Playground did not answer' },
  /** A tab could not run the request at all: a defect, logged with the request id. */
  internal_error: PROBLEMS.internal_error,
  /** A method no browser can put in a `Request` (CONNECT, TRACE, TRACK). */
  method_not_implemented: HOST_PROBLEMS.method_not_implemented,
} as const satisfies Record<string, { status: number; title: string }>

export type BridgeProblemCode = keyof typeof BRIDGE_PROBLEMS

/** The client's `X-Request-ID` when the core would echo it, else a fresh UUID. */
export function bridgeRequestId(request: Request): string {
  return requestIdOf(request.headers.get('x-request-id'))
}

/** A problem-details response of the bridge itself. */
export function bridgeProblem(code: BridgeProblemCode, detail: string, requestId: string, now = Date.now()): Response {
  return answerResponse(problemOf(code, BRIDGE_PROBLEMS[code], detail, requestId, now))
}
