import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { OperationId } from '../../api/core.ts'
import { useClockOffset } from '../state/clock.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useReadyRuntime } from '../state/runtime/runtimeStore.ts'
import { dataStore, EMPTY_RESOURCE, type Resource } from './dataStore.ts'

/**
 * Calls a GET operation with the chosen key when the view opens, when the
 * key changes and when the clock jumps (statuses and the usage window move).
 * A view of the page's opening section finds its first load made already,
 * before the app rendered (`openingData.ts`), and takes that one.
 */
export function useApiResource<Id extends OperationId>(operationId: Id): Resource<Id> & { reload(): void } {
  const { client } = useReadyRuntime()
  const key = useKeyVault((vault) => vault.selectedKey)
  const offset = useClockOffset()
  // Each entry was stored by `load` under the id it was fetched for.
  const resource = (useStore(dataStore, (state) => state.resources[operationId]) ?? EMPTY_RESOURCE) as Resource<Id>
  useEffect(() => {
    if (dataStore.getState().adopt(operationId, key, offset)) return
    void dataStore.getState().load(client, operationId, key)
  }, [client, operationId, key, offset])
  return { ...resource, reload: () => void dataStore.getState().load(client, operationId, key) }
}
