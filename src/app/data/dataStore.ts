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
}

export const EMPTY_RESOURCE: Resource = { loading: false, result: undefined, keyHint: null }

/** A store of the data views' last answers, one per GET operation; each comes from a real API call. */
export function createDataStore() {
  const inFlight = new Map<OperationId, AbortController>()
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
  }))
}

export const dataStore = createDataStore()
