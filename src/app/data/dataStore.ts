import { createStore } from 'zustand/vanilla'
import type { OperationId } from '../../api/core.ts'
import type { ApiResult, ResponseBody, SandboxClient } from '../../client/sandboxClient.ts'
import { keyHint } from '../state/keys/keyVault.ts'

export interface Resource<Id extends OperationId = OperationId> {
  loading: boolean
  result: ApiResult<ResponseBody<Id>> | undefined
  /** `…abcd` of the key the result was fetched with. */
  keyHint: string | null
}

export interface DataState {
  resources: Partial<Record<OperationId, Resource>>
  /**
   * Calls a GET operation. The latest load of an operation wins: starting
   * one aborts the one before, whose answer (older key, older clock) is
   * never shown over the newer.
   */
  load(client: SandboxClient, operationId: OperationId, key: string | undefined): Promise<void>
  /**
   * Loads an operation before the view that shows it has rendered (the page's
   * opening section, see `openingData.ts`). The view's first load then adopts
   * this one instead of asking again.
   */
  preload(client: SandboxClient, operationId: OperationId, key: string | undefined, clockMoves: number): Promise<void>
  /**
   * True once, for the view's first load, when a preload of the operation
   * with the same key, made before the same number of clock moves, stands in for it.
   */
  adopt(operationId: OperationId, key: string | undefined, clockMoves: number): boolean
  /** Forgets the preloads no view adopted (the page left the section they were for); their answers stay shown. */
  dropPreloads(): void
}

export const EMPTY_RESOURCE: Resource = { loading: false, result: undefined, keyHint: null }

/** A store of the data views' last answers, one per GET operation; each comes from a real API call. */
export function createDataStore() {
  const inFlight = new Map<OperationId, AbortController>()
  const preloaded = new Map<OperationId, { key: string | undefined; clockMoves: number }>()
  return createStore<DataState>()((set, get) => ({
    resources: {},
    async load(client, operationId, key) {
      inFlight.get(operationId)?.abort()
      const controller = new AbortController()
      inFlight.set(operationId, controller)
      const previous = get().resources[operationId] ?? EMPTY_RESOURCE
      set({ resources: { ...get().resources, [operationId]: { ...previous, loading: true } } })
      const result = await client.call(operationId, { ...(key ? { key } : {}), signal: controller.signal })
      if (controller.signal.aborted) return
      inFlight.delete(operationId)
      set({ resources: { ...get().resources, [operationId]: { loading: false, result, keyHint: keyHint(key) } } })
    },
    preload(client, operationId, key, clockMoves) {
      preloaded.set(operationId, { key, clockMoves })
      return get().load(client, operationId, key)
    },
    adopt(operationId, key, clockMoves) {
      const preload = preloaded.get(operationId)
      preloaded.delete(operationId)
      return preload !== undefined && preload.key === key && preload.clockMoves === clockMoves
    },
    dropPreloads() {
      preloaded.clear()
    },
  }))
}

export const dataStore = createDataStore()
