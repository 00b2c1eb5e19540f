import type { Scope } from '../../../api/core.ts'
import { type KeyAccess, keyAccess } from './keyAccess.ts'
import { useKeyVault } from './keyVault.ts'
import { useWorkspace } from './workspaceStore.ts'

/** The selected key's access for a panel, kept current as keys are issued, revoked or expire. */
export function useKeyAccess(apiKey: string | undefined, required: readonly Scope[]): KeyAccess {
  const selection = useKeyVault((vault) => vault.selection)
  const keys = useWorkspace((state) => state.keys)
  return keyAccess(apiKey, selection, keys, required)
}
