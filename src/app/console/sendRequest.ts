/**
 * Sends the console's request, as many times as the form says, one after
 * another: each answer goes to the shared history log, and the console shows
 * the latest and, for a burst, the count per status.
 */
import type { ApiResult, SandboxClient } from '../../client/sandboxClient.ts'
import { sandboxNow } from '../state/clock.ts'
import { type HistoryEntry, toHistoryEntry } from '../state/history/historyEntry.ts'
import { historyStore } from '../state/history/historyStore.ts'
import { keyHint } from '../state/keys/keyVault.ts'
import { headerProblem } from './consoleRequest.ts'
import { consoleStore, currentRequest } from './consoleStore.ts'

/** A burst redraws the page a few times a second, not once per request: drawing is what costs, not the requests. */
const BURST_FRAME_MS = 150

export async function sendRequest(client: SandboxClient, key: string | undefined): Promise<void> {
  const state = consoleStore.getState()
  if (state.sending || state.headers.some((row) => headerProblem(row.name, row.value))) return
  const request = currentRequest(state)
  const total = state.repeat
  const counts: Record<number, number> = {}
  consoleStore.setState({ sending: true, progress: { done: 0, total }, burst: undefined })
  let result: ApiResult | undefined
  let pending: HistoryEntry[] = []
  let drawnAt = 0
  for (let done = 0; done < total; done++) {
    result = await client.call(request.operationId, {
      ...(key ? { key } : {}),
      headers: request.headers,
      ...(request.body !== undefined ? { rawBody: request.body } : {}),
    })
    counts[result.status] = (counts[result.status] ?? 0) + 1
    pending.push(toHistoryEntry(request, result, keyHint(key), sandboxNow()))
    if (done === total - 1 || performance.now() - drawnAt > BURST_FRAME_MS) {
      historyStore.getState().addAll(pending)
      pending = []
      consoleStore.setState({ progress: { done: done + 1, total }, result })
      drawnAt = performance.now()
    }
  }
  consoleStore.setState({ sending: false, progress: undefined, burst: total > 1 ? counts : undefined })
}
