import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { BASE_PATH, type OperationId } from '../../api/core.ts'
import type { HttpResult } from '../../client/sandboxClient.ts'
import type { ConsoleRequest, HistoryEntry } from '../state/history/historyEntry.ts'
import { operationAt, operationById } from '../ui/operations.ts'
import { defaultBody } from './consoleRequest.ts'
import { carriesBody, parseTarget, type TargetCheck } from './requestTarget.ts'

export interface HeaderRow {
  id: number
  name: string
  value: string
}

export interface ConsoleState {
  method: string
  /** The URL field as typed: a path and query relative to the API base. */
  target: string
  headers: HeaderRow[]
  /** Body text per method and path, so switching requests keeps edits. */
  bodies: Record<string, string>
  /** How many times Send sends the request, one after another (1 to 200). */
  repeat: number
  sending: boolean
  progress: { done: number; total: number } | undefined
  result: HttpResult | undefined
  /** True when the latest send was cancelled before its answer came. */
  cancelled: boolean
  /** Status counts of the last send, when it was more than one request. */
  burst: Record<number, number> | undefined
  /** Sets the method and the path of one of the nine operations. */
  choose(operationId: OperationId): void
  setMethod(method: string): void
  setTarget(target: string): void
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

type RequestFields = Pick<ConsoleState, 'method' | 'target' | 'headers' | 'bodies'>

/** The URL field checked against this page's API base. */
export function checkedTarget(state: Pick<ConsoleState, 'target'>): TargetCheck {
  return parseTarget(state.target, globalThis.location?.origin ?? 'http://localhost')
}

/** The operation the form's method and path name, or null. */
export function formOperation(state: Pick<ConsoleState, 'method' | 'target'>): OperationId | null {
  const target = checkedTarget(state)
  return target.ok ? operationAt(state.method, target.path) : null
}

const bodyKey = (method: string, path: string) => `${method} ${path}`

/** The body the form shows for its method and path: the edit, else the operation's example, else empty. */
export function formBody(state: RequestFields): string | undefined {
  if (!carriesBody(state.method)) return undefined
  const target = checkedTarget(state)
  const path = target.ok ? target.path : state.target
  const edited = state.bodies[bodyKey(state.method, path)]
  if (edited !== undefined) return edited
  const operationId = target.ok ? operationAt(state.method, target.path) : null
  return (operationId ? defaultBody(operationById(operationId)) : undefined) ?? ''
}

/**
 * The request the form describes, or undefined while its URL is not valid;
 * rows without a name or a value are left out (an empty X-Request-ID lets the sandbox make one).
 */
export function currentRequest(state: RequestFields): ConsoleRequest | undefined {
  const target = checkedTarget(state)
  if (!target.ok) return undefined
  const headers: Record<string, string> = {}
  for (const row of state.headers) if (row.name.trim() && row.value !== '') headers[row.name.trim()] = row.value
  return { method: state.method, path: `${target.path}${target.query}`, headers, body: formBody(state) }
}

export const consoleStore = createStore<ConsoleState>()((set, get) => ({
  method: 'GET',
  target: '/status',
  headers: [{ id: nextRow++, name: 'X-Request-ID', value: '' }],
  bodies: {},
  repeat: 1,
  sending: false,
  progress: undefined,
  result: undefined,
  cancelled: false,
  burst: undefined,
  choose(operationId) {
    const operation = operationById(operationId)
    set({ method: operation.method, target: operation.path })
  },
  setMethod: (method) => set({ method }),
  setTarget: (target) => set({ target }),
  setBody(text) {
    const state = get()
    const target = checkedTarget(state)
    set({ bodies: { ...state.bodies, [bodyKey(state.method, target.ok ? target.path : state.target)]: text } })
  },
  setHeader: (id, patch) => set({ headers: get().headers.map((row) => (row.id === id ? { ...row, ...patch } : row)) }),
  addHeader: (name = '', value = '') => set({ headers: [...get().headers, { id: nextRow++, name, value }] }),
  removeHeader: (id) => set({ headers: get().headers.filter((row) => row.id !== id) }),
  setRepeat: (count) => set({ repeat: Math.min(MAX_REPEAT, Math.max(1, Math.round(count) || 1)) }),
  load(entry) {
    const headers = Object.entries(requestOfEntry(entry).headers).map(([name, value]) => ({ id: nextRow++, name, value }))
    const path = relativePath(entry)
    set({
      method: entry.method,
      target: `${path}${entry.query}`,
      headers: headers.length > 0 ? headers : [{ id: nextRow++, name: 'X-Request-ID', value: '' }],
      bodies: entry.requestBody === null ? get().bodies : { ...get().bodies, [bodyKey(entry.method, path)]: entry.requestBody },
    })
  },
}))

/**
 * Request headers the form does not take back from a history entry: the key
 * picker owns Authorization, fetch sets Content-Type and the transport ones,
 * and an outside client's own (User-Agent, Origin, Accept…) describe that client, not the request.
 */
const FROM_ELSEWHERE = new Set([
  'authorization',
  'content-type',
  'content-length',
  'host',
  'connection',
  'user-agent',
  'origin',
  'referer',
  'accept',
  'accept-encoding',
  'accept-language',
  'cookie',
])

const relativePath = (entry: HistoryEntry) => (entry.path.startsWith(BASE_PATH) ? entry.path.slice(BASE_PATH.length) : entry.path)

/** A history entry as a request to send again or copy: its own method, path, query, headers and body, never its key. */
export function requestOfEntry(entry: HistoryEntry): ConsoleRequest {
  const headers = Object.fromEntries(
    Object.entries(entry.requestHeaders).filter(
      ([name]) => !FROM_ELSEWHERE.has(name.toLowerCase()) && !name.toLowerCase().startsWith('sec-'),
    ),
  )
  return {
    method: entry.method,
    path: `${relativePath(entry)}${entry.query}`,
    headers,
    body: carriesBody(entry.method) ? (entry.requestBody ?? undefined) : undefined,
  }
}

export function useConsole<T>(selector: (state: ConsoleState) => T): T {
  return useStore(consoleStore, selector)
}
