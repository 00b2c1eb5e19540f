import type { HistoryEntry } from '../../../src/app/state/history/historyEntry.ts'

let counter = 0

/** A history entry as the console records it, with the fields a test cares about changed. */
export function historyEntry(patch: Partial<HistoryEntry> = {}): HistoryEntry {
  counter++
  return {
    id: `h_${counter}`,
    at: '2026-11-22T12:00:00.000Z',
    sandboxAt: '2026-11-22T12:00:00.000Z',
    operationId: 'getProjectStatus',
    method: 'GET',
    path: '/api/developer/v1/status',
    query: '',
    source: 'console',
    keyHint: '…abcd',
    requestHeaders: {},
    requestBody: null,
    status: 200,
    durationMs: 4.2,
    responseHeaders: {},
    responseBody: '{"environment":"sandbox","scopes":["status.read","tools.validate"]}',
    requestId: 'req-1',
    ...patch,
  }
}
