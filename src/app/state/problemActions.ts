import { keyDisplayName } from '../ui/keyNames.ts'
import type { ProblemActions } from '../ui/ProblemNotice.tsx'
import { useSandboxControls } from './connection/sandboxControlsStore.ts'
import { keyRequestStore } from './keys/keyRequest.ts'
import { useKeyVault } from './keys/keyVault.ts'
import { useWorkspace } from './keys/workspaceStore.ts'
import { goTo } from './navigation.ts'

/** The next steps a problem notice offers, bound to the clock, the fault switches, the keys and the navigation. */
export function useProblemActions(): ProblemActions {
  const faultSwitchOn = useSandboxControls((state) => state.faults.authorizationUnavailable)
  const resetClock = useSandboxControls((state) => state.resetClock)
  const setFaults = useSandboxControls((state) => state.setFaults)
  const keys = useWorkspace((state) => state.keys)
  const secrets = useKeyVault((vault) => vault.secrets)
  const selection = useKeyVault((vault) => vault.selection)
  const select = useKeyVault((vault) => vault.select)
  return {
    faultSwitchOn,
    resetClock: () => void resetClock(),
    switchFaultOff: () => void setFaults({ authorizationUnavailable: false }),
    requestKey(scope) {
      keyRequestStore.getState().ask([scope])
      goTo('workspace')
    },
    openWorkspace: () => goTo('workspace'),
    keyWithScope(scope) {
      const candidate = keys.find(
        (key) =>
          key.status === 'active' &&
          key.scopes.includes(scope) &&
          key.id in secrets &&
          !(selection.kind === 'issued' && selection.id === key.id),
      )
      return candidate ? { name: keyDisplayName(candidate), use: () => select({ kind: 'issued', id: candidate.id }) } : undefined
    },
    keyName(id) {
      const key = keys.find((candidate) => candidate.id === id)
      return key ? keyDisplayName(key) : undefined
    },
  }
}
