import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { OperationId } from '../../api/core.ts'
import { useSandboxControls } from '../state/connection/sandboxControlsStore.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { dataStore, EMPTY_RESOURCE, type Resource } from './dataStore.ts'

/**
 * Calls a GET operation with the chosen key when the view opens, when the
 * key changes and when the clock jumps (statuses and the usage window move).
 * A view of the page's opening section finds its first load made already,
 * before the app rendered (`openingData.ts`), and takes that one.
 */
export function useApiResource<Id extends OperationId>(operationId: Id): Resource<Id> & { reload(): void } {
  const client = useConnection().api
  const key = useKeyVault((vault) => vault.selectedKey)
  const clockMoves = useSandboxControls((state) => state.clockMoves)
  // Each entry was stored by `load` under the id it was fetched for.
  const resource = (useStore(dataStore, (state) => state.resources[operationId]) ?? EMPTY_RESOURCE) as Resource<Id>
  useEffect(() => {
    if (dataStore.getState().adopt(operationId, key, clockMoves)) return
    void dataStore.getState().load(client, operationId, key)
  }, [client, operationId, key, clockMoves])
  return { ...resource, reload: () => void dataStore.getState().load(client, operationId, key) }
}
