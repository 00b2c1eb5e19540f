import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { OperationId } from '../../api/core.ts'
import type { ApiResult } from '../../client/sandboxClient.ts'
import type { ConsoleRequest, HistoryEntry } from '../state/history/historyEntry.ts'
import { operationById } from '../ui/operations.ts'
import { defaultBody } from './consoleRequest.ts'

export interface HeaderRow {
  id: number
  name: string
  value: string
}

export interface ConsoleState {
  operationId: OperationId
  headers: HeaderRow[]
  /** Body text per operation, so switching operations keeps edits. */
  bodies: Partial<Record<OperationId, string>>
  /** How many times Send sends the request, one after another (1 to 200). */
  repeat: number
  sending: boolean
  progress: { done: number; total: number } | undefined
  result: ApiResult | undefined
  /** Status counts of the last send, when it was more than one request. */
  burst: Record<number, number> | undefined
  choose(operationId: OperationId): void
  setBody(text: string): void
  setHeader(id: number, patch: Partial<Omit<HeaderRow, 'id'>>): void
  addHeader(name?: string, value?: string): void
  removeHeader(id: number): void
  setRepeat(count: number): void
  /** Puts a history entry back into the form (its key is never kept, so the current one is used). */
  load(entry: HistoryEntry): void
}

export const MAX_REPEAT = 200
let nextRow = 1

/** The request the form describes; rows without a name or a value are left out (an empty X-Request-ID lets the sandbox make one). */
export function currentRequest(state: Pick<ConsoleState, 'operationId' | 'headers' | 'bodies'>): ConsoleRequest {
  const operation = operationById(state.operationId)
  const headers: Record<string, string> = {}
  for (const row of state.headers) if (row.name.trim() && row.value !== '') headers[row.name.trim()] = row.value
  return {
    operationId: state.operationId,
    headers,
    body: operation.method === 'POST' ? (state.bodies[state.operationId] ?? defaultBody(operation) ?? '') : undefined,
  }
}

export const consoleStore = createStore<ConsoleState>()((set, get) => ({
  operationId: 'getProjectStatus',
  headers: [{ id: nextRow++, name: 'X-Request-ID', value: '' }],
  bodies: {},
  repeat: 1,
  sending: false,
  progress: undefined,
  result: undefined,
  burst: undefined,
  choose: (operationId) => set({ operationId }),
  setBody: (text) => set({ bodies: { ...get().bodies, [get().operationId]: text } }),
  setHeader: (id, patch) => set({ headers: get().headers.map((row) => (row.id === id ? { ...row, ...patch } : row)) }),
  addHeader: (name = '', value = '') => set({ headers: [...get().headers, { id: nextRow++, name, value }] }),
  removeHeader: (id) => set({ headers: get().headers.filter((row) => row.id !== id) }),
  setRepeat: (count) => set({ repeat: Math.min(MAX_REPEAT, Math.max(1, Math.round(count) || 1)) }),
  load(entry) {
    const headers = Object.entries(entry.requestHeaders)
      .filter(([name]) => name.toLowerCase() !== 'authorization' && name.toLowerCase() !== 'content-type')
      .map(([name, value]) => ({ id: nextRow++, name, value }))
    set({
      operationId: entry.operationId,
      headers: headers.length > 0 ? headers : [{ id: nextRow++, name: 'X-Request-ID', value: '' }],
      bodies: entry.requestBody === null ? get().bodies : { ...get().bodies, [entry.operationId]: entry.requestBody },
    })
  },
}))

export function useConsole<T>(selector: (state: ConsoleState) => T): T {
  return useStore(consoleStore, selector)
}
