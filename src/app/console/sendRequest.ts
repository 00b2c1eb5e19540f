/**
 * Sends the console's request, one or several times one after another: each
 * answer goes to the shared history log, and the console shows the latest
 * and, for a burst, the count per status. Cancel aborts the request in
 * flight and stops the burst.
 */
import type { HttpResult, SandboxClient } from '../../client/sandboxClient.ts'
import { sandboxTime } from '../state/connection/sandboxControlsStore.ts'
import { type ConsoleRequest, type HistoryEntry, toHistoryEntry } from '../state/history/historyEntry.ts'
import { historyStore } from '../state/history/historyStore.ts'
import { keyHint } from '../state/keys/keyVault.ts'
import { headerProblem } from './consoleRequest.ts'
import { consoleStore, currentRequest } from './consoleStore.ts'

/** A burst redraws the page a few times a second, not once per request: drawing is what costs, not the requests. */
const BURST_FRAME_MS = 150

/** What the history says of a request cancelled before its answer came. */
export const CANCELLED = 'Cancelled before the answer came.'

let inFlight: AbortController | undefined

/** Aborts the request in flight and sends no more of the burst. */
export function cancelSending(): void {
  inFlight?.abort()
}

export interface SendPlan {
  /** The request to send; the form's by default. */
  request?: ConsoleRequest
  /** How many times; the form's "Times" by default. A replay passes 1. */
  times?: number
}

export async function sendRequest(client: SandboxClient, key: string | undefined, plan: SendPlan = {}): Promise<void> {
  const state = consoleStore.getState()
  if (state.sending) return
  const request = plan.request ?? currentRequest(state)
  if (!request || Object.entries(request.headers).some(([name, value]) => headerProblem(name, value))) return
  if (!plan.request && state.headers.some((row) => headerProblem(row.name, row.value))) return
  const total = plan.times ?? state.repeat
  const counts: Record<number, number> = {}
  const controller = new AbortController()
  inFlight = controller
  // The previous answer goes: a 429 left on screen while added latency holds the next one reads as the new answer.
  consoleStore.setState({ sending: true, cancelled: false, progress: { done: 0, total }, burst: undefined, result: undefined })
  let result: HttpResult | undefined
  let pending: HistoryEntry[] = []
  let drawnAt = 0
  let done = 0
  while (done < total && !controller.signal.aborted) {
    let answer: HttpResult = await client.send({
      method: request.method,
      path: request.path,
      ...(key ? { key } : {}),
      headers: request.headers,
      ...(request.body !== undefined ? { rawBody: request.body } : {}),
      signal: controller.signal,
    })
    if (controller.signal.aborted) answer = { ...answer, status: 0, ok: false, body: undefined, networkError: CANCELLED }
    result = answer
    done++
    counts[answer.status] = (counts[answer.status] ?? 0) + 1
    pending.push(toHistoryEntry(request, answer, keyHint(key), sandboxTime()))
    if (done === total || controller.signal.aborted || performance.now() - drawnAt > BURST_FRAME_MS) {
      historyStore.getState().addAll(pending)
      pending = []
      consoleStore.setState({ progress: { done, total }, result })
      drawnAt = performance.now()
    }
  }
  if (inFlight === controller) inFlight = undefined
  consoleStore.setState({
    sending: false,
    progress: undefined,
    cancelled: controller.signal.aborted,
    burst: done > 1 ? counts : undefined,
  })
}
