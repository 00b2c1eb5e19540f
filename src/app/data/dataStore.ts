import { useEffect } from 'react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { OperationId } from '../../api/index.ts'
import type { ApiResult, ResponseBody, SandboxClient } from '../../client/sandboxClient.ts'
import { keyHint, useKeyVault } from '../keys/keyVault.ts'
import { useReadyRuntime } from '../runtime/runtimeStore.ts'
import { useSettings } from '../settings/settingsStore.ts'

export interface Resource<Id extends OperationId = OperationId> {
  loading: boolean
  result: ApiResult<ResponseBody<Id>> | undefined
  /** `…abcd` of the key the result was fetched with. */
  keyHint: string | null
}

interface DataState {
  resources: Partial<Record<OperationId, Resource>>
  load(client: SandboxClient, operationId: OperationId, key: string | undefined): Promise<void>
}

const EMPTY: Resource = { loading: false, result: undefined, keyHint: null }

/** The data views' last answers, one per GET operation; each comes from a real API call. */
export const dataStore = createStore<DataState>()((set, get) => ({
  resources: {},
  async load(client, operationId, key) {
    const previous = get().resources[operationId] ?? EMPTY
    set({ resources: { ...get().resources, [operationId]: { ...previous, loading: true } } })
    const result = await client.call(operationId, key ? { key } : {})
    set({ resources: { ...get().resources, [operationId]: { loading: false, result, keyHint: keyHint(key) } } })
  },
}))

/**
 * Calls a GET operation with the chosen key when the view opens, when the
 * key changes and when the clock jumps (statuses and the usage window move).
 */
export function useApiResource<Id extends OperationId>(operationId: Id): Resource<Id> & { reload(): void } {
  const { client } = useReadyRuntime()
  const key = useKeyVault((vault) => vault.selectedKey)
  const offset = useSettings((state) => state.clockOffsetMs)
  // Each entry was stored by `load` under the id it was fetched for.
  const resource = (useStore(dataStore, (state) => state.resources[operationId]) ?? EMPTY) as Resource<Id>
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock offset is a reason to refetch, not an input
  useEffect(() => {
    void dataStore.getState().load(client, operationId, key)
  }, [client, operationId, key, offset])
  return { ...resource, reload: () => void dataStore.getState().load(client, operationId, key) }
}
